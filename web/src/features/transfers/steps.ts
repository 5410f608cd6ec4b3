import { parseAmount } from "@/features/transfers/engine";

/** The ten steps of the guided transfer flow (001 §4), in order. */
export const STEP_KEYS = [
  "mode",
  "currency",
  "senderType",
  "senderNumber",
  "receiverType",
  "receiverNumber",
  "amount",
  "validation",
  "confirm",
  "success",
] as const;

export type StepKey = (typeof STEP_KEYS)[number];

/** Where the flow is beyond filling in the form. */
export type FlowPhase = "form" | "confirm" | "success";

/** The form fields the counter looks at. */
export interface StepInput {
  mode: string;
  currency: string;
  senderType: string;
  senderNumber: string;
  receiverType: string;
  receiverNumber: string;
  amount: string;
}

/**
 * The current step, 1 to 10: each of the first seven conditions met in order
 * moves the counter on (numbers must be longer than 5 characters, the amount
 * above 0); with all of them met the form is at "validation" (8); the open
 * confirm dialog is 9 and a successful transfer 10.
 */
export function currentStep(input: StepInput, phase: FlowPhase): number {
  if (phase === "success") return 10;
  if (phase === "confirm") return 9;
  const amount = parseAmount(input.amount);
  const checks = [
    input.mode !== "",
    input.currency !== "",
    input.senderType !== "",
    input.senderNumber.trim().length > 5,
    input.receiverType !== "",
    input.receiverNumber.trim().length > 5,
    amount !== null && amount > 0,
  ];
  let step = 1;
  for (const ok of checks) {
    if (!ok) break;
    step += 1;
  }
  return step;
}
