import { useTranslation } from "react-i18next";
import { Clock } from "lucide-react";
import type { Alert } from "@/api/types";
import { caseClock } from "@/features/compliance/alertDisplay";
import { formatDuration } from "@/lib/duration";
import { cn } from "@/lib/utils";

/**
 * An open case's age against its handling deadline: "3 h old · 21 h left" with
 * a bar of the deadline used, amber past three quarters and red once overdue.
 * Closed cases and system notices show nothing.
 */
export function CaseClockBar({ alert, now }: { alert: Alert; now: number }) {
  const { t } = useTranslation();
  const clock = caseClock(alert, now);
  if (!clock) return null;
  const span = (ms: number) => formatDuration(ms);
  const text = clock.overdue
    ? t("alerts.queue.overdueBy", { age: span(clock.age), late: span(clock.left) })
    : t("alerts.queue.timeLeft", { age: span(clock.age), left: span(clock.left) });
  return (
    <div className="space-y-1" data-testid="case-clock" data-overdue={clock.overdue ? "true" : "false"}>
      <p className={cn("flex items-center gap-1.5 text-xs tabular-nums", clock.overdue ? "font-medium text-destructive" : "text-muted-foreground")}>
        <Clock className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
        {text}
      </p>
      <div className="h-1.5 w-full max-w-xs overflow-hidden rounded-full bg-muted" aria-hidden="true">
        <div
          className={cn("h-full rounded-full", clock.overdue ? "bg-destructive" : clock.used >= 0.75 ? "bg-warning" : "bg-success")}
          style={{ width: `${Math.max(4, Math.round(clock.used * 100))}%` }}
        />
      </div>
    </div>
  );
}
