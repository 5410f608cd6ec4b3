import type { BadgeProps } from "@/components/ui/badge";

type Variant = NonNullable<BadgeProps["variant"]>;

/** Badge style of a transaction status (the spec's four variants). */
export function statusVariant(status: string): Variant {
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
