import type { components } from "@/api/schema";
import type { CurrentUser } from "@/api/types";

type S = components["schemas"];

/** A change to an account that waits for (or was decided by) a second administrator. */
export type Approval = S["Approval"];

/** What POST /api/users, PATCH /api/users/{id} and registration answer (202) for a proposal. */
export type ProposalAnswer = S["PendingApproval"];

export const APPROVAL_STATUSES = ["pending", "approved", "rejected", "cancelled", "all"] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** Whether granting a role needs a second administrator (the server's domain.NeedsDualControl). */
export function needsDualControl(role: string): boolean {
  return role === "cbsl_admin" || role === "cbsl_officer";
}

/** Whether an answer of the account routes is a proposal rather than the changed account. */
export function isProposal(answer: unknown): answer is ProposalAnswer {
  return typeof answer === "object" && answer !== null && "kind" in answer && "eligibleApprovers" in answer;
}

/**
 * What the signed-in administrator may do with a proposal: its proposer may only withdraw it, the
 * account it is about may do nothing, anyone else may approve or reject (the server also refuses
 * accounts the proposer created or promoted recently, and says so).
 */
export function approvalActions(user: CurrentUser, a: Approval): "decide" | "withdraw" | "none" {
  if (a.status !== "pending") return "none";
  if (a.proposedBy === user.id) return "withdraw";
  if (a.target.id === user.id) return "none";
  return "decide";
}
