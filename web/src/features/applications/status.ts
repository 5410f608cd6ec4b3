import type { BadgeProps } from "@/components/ui/badge";

/** Known application statuses; anything else displays as pending (spec 000 §4). */
export function normalizeStatus(status: string | null | undefined): "pending" | "under_review" | "approved" | "rejected" {
  return status === "under_review" || status === "approved" || status === "rejected" ? status : "pending";
}

/** Badge variant per status, as the spec's status badges (approved default, pending secondary, rejected destructive). */
export function statusVariant(status: string | null | undefined): NonNullable<BadgeProps["variant"]> {
  switch (normalizeStatus(status)) {
    case "approved":
      return "default";
    case "rejected":
      return "destructive";
    case "under_review":
      return "outline";
    default:
      return "secondary";
  }
}

/** True for the roles that review applications and see every institution (spec README, decision 6). */
export function isRegulator(role: string | null | undefined): boolean {
  return role === "cbsl_admin" || role === "cbsl_officer";
}
