/**
 * The badge style of each status the portal shows (transactions, applications, licences,
 * compliance, AML risk), shared by every screen that shows one.
 */
import type { BadgeProps } from "@/components/ui/badge";

type Variant = NonNullable<BadgeProps["variant"]>;

/** Badge style of a transaction status (the spec's four variants). */
export function transactionStatusVariant(status: string): Variant {
  switch (status) {
    case "completed":
    case "approved":
      return "default";
    case "failed":
    case "rejected":
    case "cancelled":
      return "destructive";
    case "processing":
      return "secondary";
    default:
      return "outline";
  }
}

/** The compact table's status display (001 §2): completed, failed and cancelled as such; anything else pending. */
export function compactStatus(status: string): "completed" | "failed" | "cancelled" | "pending" {
  return status === "completed" || status === "failed" || status === "cancelled" ? status : "pending";
}

/** Risk level style: high destructive, medium secondary, low outline. */
export function riskVariant(level: string | null | undefined): Variant {
  if (level === "high") return "destructive";
  if (level === "medium") return "secondary";
  return "outline";
}

/** Text colour for an AML score's level. */
export function riskTextClass(level: string | null | undefined): string {
  if (level === "high") return "text-red-700 dark:text-red-400";
  if (level === "medium") return "text-amber-700 dark:text-amber-400";
  return "text-emerald-700 dark:text-emerald-400";
}

/** Known application statuses; anything else displays as pending (spec 000 §4). */
export function applicationStatus(status: string | null | undefined): "pending" | "under_review" | "approved" | "rejected" {
  return status === "under_review" || status === "approved" || status === "rejected" ? status : "pending";
}

/** Badge variant per application status, as the spec's status badges (approved default, pending secondary, rejected destructive). */
export function applicationStatusVariant(status: string | null | undefined): Variant {
  switch (applicationStatus(status)) {
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

/** Badge variant per licence status. */
export function licenseVariant(status: string | null | undefined): Variant {
  if (status === "active") return "default";
  if (status === "suspended") return "secondary";
  if (status === "revoked") return "destructive";
  return "outline";
}

/** Badge variant per compliance status. */
export function complianceVariant(status: string | null | undefined): Variant {
  if (status === "compliant") return "default";
  if (status === "non_compliant") return "destructive";
  if (status === "under_review" || status === "pending") return "secondary";
  return "outline";
}

/** Known KYC statuses; anything else displays as pending (their badge is complianceVariant). */
export function kycStatus(status: string): "under_review" | "pending" | "compliant" | "non_compliant" {
  return status === "under_review" || status === "compliant" || status === "non_compliant" ? status : "pending";
}

/** The KYC risk levels, lowest first (the server's ?risk= vocabulary). */
export const KYC_RISKS = ["low", "medium", "high"] as const;

/** Known KYC risk levels; anything else displays as low (their badge is riskVariant). */
export function kycRisk(risk: string): (typeof KYC_RISKS)[number] {
  return risk === "medium" || risk === "high" ? risk : "low";
}

/** Badge style of a transaction status on the dashboard (000 §2): approved default, pending secondary, rejected destructive, others outline. */
export function dashboardStatusVariant(status: string): Variant {
  if (status === "approved") return "default";
  if (status === "pending") return "secondary";
  if (status === "rejected") return "destructive";
  return "outline";
}
