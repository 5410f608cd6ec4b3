import type { BadgeProps } from "@/components/ui/badge";
import type { Alert } from "@/api/types";

type Variant = NonNullable<BadgeProps["variant"]>;

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
