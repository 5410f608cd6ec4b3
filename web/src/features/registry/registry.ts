import type { LicenseAction } from "@/api/types";

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

/** Badge variant per licence status. */
export function licenseVariant(status: string | null | undefined): "default" | "secondary" | "destructive" | "outline" {
  if (status === "active") return "default";
  if (status === "suspended") return "secondary";
  if (status === "revoked") return "destructive";
  return "outline";
}

/** Badge variant per compliance status. */
export function complianceVariant(status: string | null | undefined): "default" | "secondary" | "destructive" | "outline" {
  if (status === "compliant") return "default";
  if (status === "non_compliant") return "destructive";
  if (status === "under_review" || status === "pending") return "secondary";
  return "outline";
}
