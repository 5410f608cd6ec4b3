import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Bell, Check } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, IconCardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { ALERT_LEVEL_STYLE, alertLevel } from "@/features/dashboard/alertLevel";
import { alertDescription, alertTitle } from "@/lib/alertText";
import { useAlertSummary } from "@/features/compliance/alertsQueue";
import { alertsPageOptions, markAlertRead } from "@/features/dashboard/api";
import type { AlertsPage } from "@/features/compliance/alertsQueue";
import { formatDateTime, formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";

/** How many alerts the dashboard panel lists (the compliance page has the rest). */
export const DASHBOARD_ALERT_LIMIT = 6;

/** The panel's query: the newest alerts, one page of DASHBOARD_ALERT_LIMIT with the server's total. */
const PANEL_QUERY = { limit: DASHBOARD_ALERT_LIMIT };
/**
 * The alert queue lists AML alerts by default (system notices are the dashboard's), so the link to
 * it counts those, from the server's X-Total-Count: the panel's own total would count notices the
 * queue does not show.
 */
const AML_COUNT_QUERY = { kind: "aml", limit: 1 } as const;

/**
 * The dashboard's system and regulatory alerts (000 §2): icon and colour by
 * level, title, message, time; dismiss (PATCH read) only for unread alerts;
 * 3 skeleton rows while loading; "No alerts at this time". It reads only the
 * alerts it shows; its link says how many AML alerts there are (the server's X-Total-Count) and
 * opens the alert queue on all of them; the overdue cases' count opens the queue on those.
 */
export function AlertsPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(alertsPageOptions(PANEL_QUERY));
  const loading = query.isLoading;
  const dismiss = useMutation({
    mutationFn: (id: string) => markAlertRead(id),
    onMutate: (id) => {
      queryClient.setQueryData<AlertsPage>(alertsPageOptions(PANEL_QUERY).queryKey, (old) =>
        old ? { ...old, items: old.items.map((a) => (a.id === id ? { ...a, isRead: true } : a)) } : old,
      );
    },
    onError: (err) => {
      console.error("Failed to dismiss alert", err);
      toast({ title: t("dashboard.alerts.dismissFailed"), variant: "destructive" });
      void queryClient.invalidateQueries({ queryKey: alertsPageOptions(PANEL_QUERY).queryKey });
    },
  });
  // The overdue AML cases, counted by the server under the configured handling deadlines.
  const overdue = useAlertSummary({ kind: "aml" }).data?.overdue ?? 0;
  const aml = useQuery(alertsPageOptions(AML_COUNT_QUERY));
  const shown = query.data?.items ?? [];
  const more = aml.data?.total && aml.data.total !== "0" ? aml.data.total : null;
  return (
    <Card className="h-full" data-testid="alerts-panel">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3 space-y-0">
        <IconCardTitle icon={Bell} iconClassName="shrink-0 text-primary">
          {t("dashboard.alerts.title")}
        </IconCardTitle>
        <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-1">
          {overdue ? (
            <Link
              href="/compliance/alerts?overdue=true"
              className="text-sm font-medium text-destructive underline-offset-4 hover:underline"
              data-testid="dashboard-overdue"
            >
              {t("dashboard.alerts.overdue", { count: overdue, formatted: formatNumber(overdue) })}
            </Link>
          ) : null}
          {more ? (
            <Button asChild variant="link" size="sm" className="h-auto px-0">
              <Link href="/compliance/alerts?status=all&sort=newest">{t("dashboard.alerts.viewAll", { total: more })}</Link>
            </Button>
          ) : null}
        </div>
      </CardHeader>
      <CardContent>
        {loading ? (
          <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label={t("dashboard.alerts.title")}>
            {Array.from({ length: 3 }, (_, i) => (
              <li key={i} className="flex gap-3 rounded-lg border p-3" data-testid="alert-skeleton">
                <Skeleton className="h-5 w-5 shrink-0 rounded-full" />
                <span className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-2/3" />
                  <Skeleton className="h-3 w-full" />
                </span>
              </li>
            ))}
          </ul>
        ) : shown.length === 0 ? (
          <p className="py-8 text-center text-sm text-muted-foreground" data-testid="alerts-empty">
            {t("dashboard.alerts.empty")}
          </p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {shown.map((alert) => {
              const level = alertLevel(alert);
              const { icon: Icon, iconClass, boxClass } = ALERT_LEVEL_STYLE[level];
              return (
                <li
                  key={alert.id}
                  className={cn("flex gap-3 rounded-lg border p-3", boxClass, alert.isRead && "opacity-80")}
                  data-testid="dashboard-alert"
                  data-level={level}
                >
                  <Icon className={cn("mt-0.5 h-5 w-5 shrink-0", iconClass)} aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium leading-snug">
                      <span className="sr-only">{t(`dashboard.alerts.level.${level}`)}: </span>
                      {alertTitle(alert, t)}
                    </p>
                    <p className="mt-1 line-clamp-2 break-words text-sm text-muted-foreground">
                      {alertDescription(alert, t)}
                    </p>
                    <p className="mt-1 text-xs text-muted-foreground tabular-nums">
                      <time dateTime={alert.createdAt}>{formatDateTime(alert.createdAt)}</time>
                    </p>
                  </div>
                  {alert.isRead ? null : (
                    <Button
                      variant="ghost"
                      size="icon"
                      className="h-9 w-9 shrink-0"
                      aria-label={t("dashboard.alerts.dismiss", { title: alertTitle(alert, t) })}
                      title={t("dashboard.alerts.dismissShort")}
                      onClick={() => dismiss.mutate(alert.id)}
                      data-testid="alert-dismiss"
                    >
                      <Check aria-hidden="true" />
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
