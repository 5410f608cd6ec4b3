import { numberComplete } from "@/features/transfers/engine";
import { parseAmount } from "@/lib/money";

/**
 * The steps of the transfer form as a person goes through it (issue 17: the specification's ten
 * steps counted fields of a one-page form, and a valid five-digit bank account never moved them
 * on): the form's four sections, then the review in the confirm dialog and the result.
 */
export const STEP_KEYS = ["details", "sender", "receiver", "amount", "review", "success"] as const;

export type StepKey = (typeof STEP_KEYS)[number];

/** Where the flow is beyond filling in the form. */
export type FlowPhase = "form" | "confirm" | "success";

/** The form fields the counter looks at. */
export interface StepInput {
  mode: string;
  currency: string;
  senderType: string;
  senderInstitution: string;
  senderNumber: string;
  receiverType: string;
  receiverInstitution: string;
  receiverNumber: string;
  amount: string;
}

/**
 * The current step, 1 to 6: the first of the form's sections not yet filled in (mode and
 * currency; the sender's account type, institution and a number of the right shape; the
 * receiver's; an amount above 0), the review once all are (and while the confirm dialog is
 * open), and 6 after a successful transfer.
 */
export function currentStep(input: StepInput, phase: FlowPhase): number {
  if (phase === "success") return 6;
  if (phase === "confirm") return 5;
  const amount = parseAmount(input.amount);
  const party = (type: string, institution: string, number: string) =>
    type !== "" && institution !== "" && numberComplete(type, number);
  const sections = [
    input.mode !== "" && input.currency !== "",
    party(input.senderType, input.senderInstitution, input.senderNumber),
    party(input.receiverType, input.receiverInstitution, input.receiverNumber),
    amount !== null && amount > 0,
  ];
  const first = sections.indexOf(false);
  return first === -1 ? 5 : first + 1;
}
