import type { LucideIcon } from "lucide-react";
import { AlertCircle, AlertTriangle, Info } from "lucide-react";
import type { BadgeProps } from "@/components/ui/badge";
import type { Alert } from "@/api/types";

type Variant = NonNullable<BadgeProps["variant"]>;

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

/** Severity badge: critical and high destructive, medium secondary, low outline. */
export function severityVariant(severity: string): Variant {
  if (severity === "critical" || severity === "high") return "destructive";
  if (severity === "medium") return "secondary";
  return "outline";
}

/** Status badge: open destructive, investigating secondary, resolved default, false positive outline. */
export function alertStatusVariant(status: string): Variant {
  switch (status) {
    case "open":
      return "destructive";
    case "investigating":
      return "secondary";
    case "resolved":
      return "default";
    default:
      return "outline";
  }
}

/** Only open alerts can be resolved (001 §4). */
export function canResolve(alert: Pick<Alert, "status" | "kind">): boolean {
  return alert.status === "open" && alert.kind !== "system";
}

/** Case actions a status allows (the server answers 409 for the rest). */
export function caseActions(alert: Pick<Alert, "status" | "kind">): ("assign" | "investigate" | "note" | "close")[] {
  if (alert.kind === "system") return [];
  if (alert.status === "open") return ["assign", "investigate", "note", "close"];
  if (alert.status === "investigating") return ["assign", "note", "close"];
  return ["note"];
}

/** Where an open case stands against its handling deadline. */
export interface CaseClock {
  /** How long ago the alert was raised, in ms. */
  age: number;
  /** Time left to the deadline (negative once overdue), in ms. */
  left: number;
  /** The share of the deadline used, from 0 (capped at 1 once overdue). */
  used: number;
  overdue: boolean;
}

/**
 * The case clock of an AML alert still open or under investigation, null for
 * closed cases and system notices. The server's overdue flag wins over the
 * browser's clock, so the list agrees with the overdue filter and count.
 */
export function caseClock(alert: Pick<Alert, "status" | "createdAt" | "dueAt" | "overdue">, now: number): CaseClock | null {
  if (!alert.dueAt || (alert.status !== "open" && alert.status !== "investigating")) return null;
  const raised = Date.parse(alert.createdAt);
  const due = Date.parse(alert.dueAt);
  const age = Math.max(0, now - raised);
  const left = due - now;
  const overdue = alert.overdue || left < 0;
  return { age, left, used: Math.min(1, due > raised ? age / (due - raised) : 1), overdue };
}
