import type { components } from "@/api/schema";
import type { Narrow } from "@/api/types";

type S = components["schemas"];

/** Who did it, as the audit API resolves it (null for anonymous attempts and the system itself). */
export type AuditActor = S["AuditActor"];

/** One audit_logs row as GET /api/audit returns it, newest first (at: RFC 3339, UTC). */
export type AuditEntry = S["AuditEntry"];

/**
 * How a row fails verification: its content changed, rows are gone, it is outside the chain, the
 * head does not name the last row, a logged anchor no longer matches, or the row cannot be read.
 */
export type VerifyProblemKind = "edited" | "missing" | "unchained" | "head" | "anchor" | "unreadable";

/** One break found by GET /api/audit/verify. */
export type VerifyProblem = S["AuditProblem"];

/** The answer of GET /api/audit/verify (cbsl_admin only); truncated when more problems were found than listed. */
export type VerifyResult = Narrow<S["AuditVerification"], { problems: VerifyProblem[] }>;
