import { useEffect, useMemo, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { CheckCircle2, Eye, Loader2, UserCheck } from "lucide-react";
import { ApiError } from "@/api/client";
import { describeError } from "@/api/errors";
import { PageFooter } from "@/components/PageFooter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { AlertDetailDialog } from "@/features/compliance/AlertDetailDialog";
import { actOnAlert, resolveAlert } from "@/features/compliance/api";
import { CaseClockBar } from "@/features/compliance/CaseClockBar";
import { alertStatusVariant, canResolve, caseActions, severityVariant } from "@/features/compliance/alertDisplay";
import { InstitutionLink, TransactionLink } from "@/features/compliance/AlertReferences";
import { alertDescription, alertTitle } from "@/lib/alertText";
import { ALERTS_LIST_KEY } from "@/features/compliance/alertsQueue";
import type { AlertsPage } from "@/features/compliance/alertsQueue";
import { formatDateTime, formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";

/** The status filters, sent to the server as ?status= ("all" sends none). */
export const ALERT_FILTERS = ["all", "open", "investigating", "resolved", "false_positive"] as const;
export type AlertFilter = (typeof ALERT_FILTERS)[number];

/** How often the case clocks move on while a list is open. */
const CLOCK_TICK_MS = 60_000;

/**
 * The compliance alerts list (001 §2): title, description, severity, status,
 * alertType, createdAt with HH:mm and the related transaction; each open case's
 * age against its deadline, overdue cases highlighted; resolve and assign to me
 * (regulators); details open the case dialog. The filters and the paging run on
 * the server: "Load more" fetches the next page. The status buttons show when
 * the page gives filter and onFilter (the queue has its own filters), and the
 * page may hold the open alert (detail, onDetail) to open it from the address.
 */
export function AlertsList({
  query,
  filter,
  onFilter,
  canAct,
  userId,
  detail: heldDetail,
  onDetail,
}: {
  query: UseInfiniteQueryResult<InfiniteData<AlertsPage>>;
  filter?: AlertFilter;
  onFilter?: (f: AlertFilter) => void;
  canAct: boolean;
  userId?: string;
  detail?: string | null;
  onDetail?: (id: string | null) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [ownDetail, setOwnDetail] = useState<string | null>(null);
  const detail = heldDetail !== undefined ? heldDetail : ownDetail;
  const setDetail = onDetail ?? setOwnDetail;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  const shown = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const total = query.data?.pages[0]?.total ?? null;
  const loading = query.isLoading;

  const resolve = useMutation({
    mutationFn: (id: string) => resolveAlert(id),
    onSuccess: () => {
      toast({ title: t("common.success"), description: t("alerts.resolved") });
      void queryClient.invalidateQueries({ queryKey: ALERTS_LIST_KEY });
    },
    onError: (err) => {
      console.error("Failed to resolve alert", err);
      toast({
        title: t("alerts.resolveFailed"),
        description: err instanceof ApiError ? describeError(err, t) : undefined,
        variant: "destructive",
      });
      void queryClient.invalidateQueries({ queryKey: ALERTS_LIST_KEY });
    },
  });

  const assign = useMutation({
    mutationFn: (id: string) => actOnAlert(id, { action: "assign" }),
    onSuccess: (updated) => {
      queryClient.setQueryData(["/api/alerts", updated.id], updated);
      toast({ title: t("common.success"), description: t("alerts.case.done.assign") });
      void queryClient.invalidateQueries({ queryKey: ALERTS_LIST_KEY });
    },
    onError: (err) => {
      console.error("Failed to assign alert", err);
      toast({
        title: t("alerts.case.failed"),
        description: err instanceof ApiError ? describeError(err, t) : undefined,
        variant: "destructive",
      });
      void queryClient.invalidateQueries({ queryKey: ALERTS_LIST_KEY });
    },
  });

  return (
    <div className="space-y-4">
      {filter && onFilter ? (
        <div role="group" aria-label={t("alerts.filterLabel")} className="flex flex-wrap gap-2">
          {ALERT_FILTERS.map((f) => (
            <Button
              key={f}
              size="sm"
              variant={filter === f ? "default" : "outline"}
              aria-pressed={filter === f}
              onClick={() => onFilter(f)}
              data-testid={`alert-filter-${f}`}
            >
              {f === "all" ? t("alerts.filterAll") : t(`alerts.status.${f}`)}
            </Button>
          ))}
        </div>
      ) : null}
      {query.isError && !query.isFetchNextPageError ? (
        <div role="alert" className="space-y-2 text-sm" data-testid="compliance-alerts-error">
          <p className="text-destructive">{t("compliance.loadFailed")}</p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t("alerts.retry")}
          </Button>
        </div>
      ) : loading ? (
        <ul className="space-y-3" aria-busy="true" aria-label={t("alerts.title")}>
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i} className="h-20 animate-pulse rounded-lg bg-muted" />
          ))}
        </ul>
      ) : shown.length === 0 ? (
        <p className="py-8 text-center text-sm text-muted-foreground" data-testid="compliance-alerts-empty">
          {t("alerts.empty")}
        </p>
      ) : (
        <ul className="space-y-3" data-testid="compliance-alerts">
          {shown.map((alert) => (
            <li
              key={alert.id}
              className={cn("rounded-lg border p-4", alert.overdue && "border-destructive/50 bg-destructive/5")}
              data-testid="compliance-alert"
              data-alert-id={alert.id}
              data-status={alert.status}
              data-overdue={alert.overdue ? "true" : "false"}
            >
              <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0 flex-1 space-y-1.5">
                  <h3 className="font-medium leading-snug break-words" data-testid="alert-title">{alertTitle(alert, t)}</h3>
                  <p className="line-clamp-3 break-words text-sm text-muted-foreground" data-testid="alert-description">
                    {alertDescription(alert, t)}
                  </p>
                  <div className="flex flex-wrap items-center gap-2 text-xs">
                    <Badge variant={severityVariant(alert.severity)} data-testid="alert-severity">
                      {t(`realtime.severity.${alert.severity}`, { defaultValue: alert.severity })}
                    </Badge>
                    <Badge variant={alertStatusVariant(alert.status)} data-testid="alert-status">
                      {t(`alerts.status.${alert.status}`, { defaultValue: alert.status })}
                    </Badge>
                    <Badge variant="outline">{t(`alerts.types.${alert.alertType}`, { defaultValue: alert.alertType })}</Badge>
                    <time dateTime={alert.createdAt} className="tabular-nums text-muted-foreground">
                      {formatDateTime(alert.createdAt)}
                    </time>
                    {alert.overdue ? (
                      <Badge variant="destructive" data-testid="alert-overdue">
                        {t("alerts.queue.overdue")}
                      </Badge>
                    ) : null}
                    {alert.assignedTo && alert.assignedTo === userId ? (
                      <Badge variant="outline" data-testid="alert-mine">
                        {t("alerts.queue.assignedToYou")}
                      </Badge>
                    ) : null}
                  </div>
                  <CaseClockBar alert={alert} now={now} />
                  {alert.relatedTransactionId ? (
                    <p className="text-xs text-muted-foreground">
                      {t("alerts.relatedTransaction")}:{" "}
                      <TransactionLink id={alert.relatedTransactionId} number={alert.relatedTransactionNumber} />
                      {alert.institutionId ? (
                        <>
                          {" · "}
                          <InstitutionLink id={alert.institutionId} name={alert.institutionName} kind={alert.institutionKind} />
                        </>
                      ) : null}
                    </p>
                  ) : null}
                </div>
                <div className="flex shrink-0 flex-wrap gap-2">
                  <Button variant="outline" size="sm" onClick={() => setDetail(alert.id)} aria-label={t("alerts.detailsFor", { title: alertTitle(alert, t) })} data-testid="alert-details">
                    <Eye aria-hidden="true" />
                    {t("alerts.details")}
                  </Button>
                  {canAct && caseActions(alert).includes("assign") && alert.assignedTo !== userId ? (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => assign.mutate(alert.id)}
                      disabled={assign.isPending && assign.variables === alert.id}
                      aria-label={t("alerts.queue.assignFor", { title: alertTitle(alert, t) })}
                      data-testid="alert-assign"
                    >
                      {assign.isPending && assign.variables === alert.id ? (
                        <Loader2 className="animate-spin" aria-hidden="true" />
                      ) : (
                        <UserCheck aria-hidden="true" />
                      )}
                      {t("alerts.case.assign")}
                    </Button>
                  ) : null}
                  {canAct && canResolve(alert) ? (
                    <Button
                      size="sm"
                      onClick={() => resolve.mutate(alert.id)}
                      disabled={resolve.isPending && resolve.variables === alert.id}
                      aria-label={t("alerts.resolveFor", { title: alertTitle(alert, t) })}
                      data-testid="alert-resolve"
                    >
                      {resolve.isPending && resolve.variables === alert.id ? (
                        <Loader2 className="animate-spin" aria-hidden="true" />
                      ) : (
                        <CheckCircle2 aria-hidden="true" />
                      )}
                      {t("alerts.resolve")}
                    </Button>
                  ) : null}
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <PageFooter
        query={query}
        shown={query.isSuccess && total ? t("alerts.shown", { shown: formatNumber(shown.length), total }) : null}
        failed={t("alerts.loadMoreFailed")}
        testId="alerts"
      />
      <AlertDetailDialog id={detail} canAct={canAct} userId={userId} onClose={() => setDetail(null)} />
    </div>
  );
}
