import type { ComplianceStatus, LicenseAction, Routing } from "@/api/types";

/** Compliance statuses a regulator may set, from best to worst. */
export const COMPLIANCE_STATUSES: readonly ComplianceStatus[] = ["compliant", "under_review", "non_compliant"];

/** The statuses a regulator may change to: every one but the current. */
export function complianceTargets(current: string | null | undefined): ComplianceStatus[] {
  return COMPLIANCE_STATUSES.filter((s) => s !== current);
}

/** The server-side filters of GET /api/psps, /api/mnos and /api/banks ("" = none). */
export interface RegistryQuery {
  q?: string;
  status?: string;
  compliance?: string;
}

/** Licence actions that make sense from each status; revoked is final. */
export function allowedActions(status: string | null | undefined): LicenseAction[] {
  switch (status) {
    case "active":
      return ["suspend", "revoke"];
    case "suspended":
      return ["reinstate", "revoke"];
    default:
      return [];
  }
}

/** Highlight window for licences close to expiry. */
export const EXPIRY_WARNING_DAYS = 90;

/** "expired", "soon" (within 90 days) or null, relative to `now`. */
export function expiryState(expiresAt: string | null | undefined, now: Date = new Date()): "expired" | "soon" | null {
  if (!expiresAt) return null;
  const t = new Date(expiresAt).getTime();
  if (Number.isNaN(t)) return null;
  const diff = t - now.getTime();
  if (diff < 0) return "expired";
  if (diff <= EXPIRY_WARNING_DAYS * 24 * 60 * 60 * 1000) return "soon";
  return null;
}

/** The kinds of registry the portal shows: PSPs (the wallet operators among them), MNOs and banks. */
export type RegistryKind = "psp" | "mno" | "bank";

/** Reads the comma-separated number prefixes the routing dialog takes, dropping empty ones. */
export function parsePrefixes(text: string): string[] {
  return text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
}

/**
 * One line for the registry's routing cell: the modes, then a wallet operator's USSD code and
 * number prefixes or a bank's account prefix; null when the institution takes no transfers.
 */
export function routingParts(routing: Routing | null | undefined): string[] | null {
  if (!routing || routing.modes.length === 0) return null;
  const parts = [routing.ussdCode, routing.numberPrefixes.join(", "), routing.accountPrefix];
  return parts.filter(Boolean);
}
