import type { LucideIcon } from "lucide-react";
import { AlertCircle, AlertTriangle, Info } from "lucide-react";
import type { Alert } from "@/api/types";

export type AlertLevel = "critical" | "warning" | "info";

/**
 * The dashboard's alert level (000 §2): a system alert's alertType (critical,
 * warning, anything else info); an AML alert by severity (critical → critical,
 * high or medium → warning, low → info).
 */
export function alertLevel(alert: Pick<Alert, "alertType" | "severity">): AlertLevel {
  if (alert.alertType === "critical" || alert.severity === "critical") return "critical";
  if (alert.alertType === "warning") return "warning";
  if (alert.alertType === "info") return "info";
  if (alert.severity === "high" || alert.severity === "medium") return "warning";
  return "info";
}

export const ALERT_LEVEL_STYLE: Record<AlertLevel, { icon: LucideIcon; iconClass: string; boxClass: string }> = {
  critical: {
    icon: AlertCircle,
    iconClass: "text-destructive",
    boxClass: "border-destructive/40 bg-destructive/5",
  },
  warning: {
    icon: AlertTriangle,
    iconClass: "text-warning",
    boxClass: "border-warning/40 bg-warning/5",
  },
  info: {
    icon: Info,
    iconClass: "text-primary",
    boxClass: "border-primary/30 bg-primary/5",
  },
};
