/** Who did it, as the audit API resolves it (null for anonymous attempts and the system itself). */
export interface AuditActor {
  id: string;
  email?: string | null;
  name?: string | null;
  role?: string | null;
  institution?: string | null;
}

/** One audit_logs row as GET /api/audit returns it, newest first. */
export interface AuditEntry {
  id: string;
  /** The row's place in the hash chain. */
  seq: number;
  /** RFC 3339, UTC. */
  at: string;
  actor: AuditActor | null;
  action: string;
  resource: string;
  resourceId?: string | null;
  details?: Record<string, unknown> | null;
  ipAddress?: string | null;
  userAgent?: string | null;
}

/**
 * How a row fails verification: its content changed, rows are gone, it is outside the chain, the
 * head does not name the last row, a logged anchor no longer matches, or the row cannot be read.
 */
export type VerifyProblemKind = "edited" | "missing" | "unchained" | "head" | "anchor" | "unreadable";

/** One break found by GET /api/audit/verify. */
export interface VerifyProblem {
  seq: number;
  id?: string | null;
  kind: VerifyProblemKind | string;
  message: string;
}

/** The answer of GET /api/audit/verify (cbsl_admin only). */
export interface VerifyResult {
  ok: boolean;
  rows: number;
  head?: { seq: number; hash: string } | null;
  problems?: VerifyProblem[] | null;
  /** Set when more problems were found than the answer lists. */
  truncated?: boolean;
}
