import { useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "wouter";
import { ArrowLeft, TimerOff } from "lucide-react";
import type { CurrentUser } from "@/api/types";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { SelectField } from "@/components/ui/select-field";
import { useInstitutionNames } from "@/api/institutions";
import { AlertsList } from "@/features/compliance/AlertsList";
import {
  ALERT_AGES,
  ALERT_SORTS,
  queueQuery,
  queueSearch,
  queueViewFromSearch,
  useAlertSummary,
  useAlertsQueue,
} from "@/features/compliance/alertsQueue";
import type { QueueView } from "@/features/compliance/alertsQueue";
import { DesktopAlertsButton } from "@/features/realtime/DesktopAlertsButton";
import { isRegulator } from "@/lib/roles";
import { formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";

const STATUS_TABS = ["all", "open", "investigating", "resolved", "false_positive"] as const;

/**
 * /compliance/alerts, the investigators' queue (issue 16, part 3): status tabs
 * with the server's counts, an overdue toggle, filters by severity, institution,
 * assignee and age, and the order (most severe, oldest or newest first). Every
 * choice lives in the address. Regulators work the cases (assign to me from the
 * list or the case); institution staff read their own institution's alerts.
 */
export function AlertQueuePage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const title = t("alerts.queue.title");
  const regulator = isRegulator(user.role) && !user.isGuest;
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const view = useMemo(() => queueViewFromSearch(new URLSearchParams(search)), [search]);
  const openAlert = new URLSearchParams(search).get("alert");
  const query = useMemo(() => queueQuery(view), [view]);
  const alerts = useAlertsQueue(query);
  const summary = useAlertSummary(query);
  const institutions = useInstitutionNames();
  const ids = {
    severity: useId(),
    institution: useId(),
    assignee: useId(),
    age: useId(),
    sort: useId(),
    kind: useId(),
  };

  const set = (next: Partial<QueueView>) => setSearchParams(queueSearch({ ...view, ...next }));
  const setDetail = (id: string | null) => setSearchParams(queueSearch(view, id));
  const counts = summary.data;
  const count = (n: number | undefined) => (n === undefined ? "" : ` (${formatNumber(n)})`);

  const select = (
    key: "severity" | "institution" | "assignee" | "age" | "sort" | "kind",
    options: readonly { value: string; label: string }[],
  ) => (
    <SelectField
      id={ids[key]}
      label={t(`alerts.queue.filters.${key}`)}
      className="min-w-0"
      value={view[key]}
      onChange={(value) => set({ [key]: value })}
      options={options}
      testId={`queue-${key}`}
    />
  );

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title={title}
        description={regulator ? t("alerts.queue.description") : t("alerts.queue.descriptionStaff")}
        before={
          <Button asChild variant="link" size="sm" className="h-auto px-0">
            <Link href="/compliance">
              <ArrowLeft aria-hidden="true" />
              {t("pages.compliance.title")}
            </Link>
          </Button>
        }
        actions={<DesktopAlertsButton />}
      />

      <div className="flex flex-wrap gap-2" role="group" aria-label={t("alerts.filterLabel")}>
        {STATUS_TABS.map((s) => (
          <Button
            key={s}
            size="sm"
            variant={view.status === s ? "default" : "outline"}
            aria-pressed={view.status === s}
            onClick={() => set({ status: s })}
            data-testid={`queue-status-${s}`}
          >
            {s === "all" ? t("alerts.filterAll") : t(`alerts.status.${s}`)}
            <span className="tabular-nums">{count(s === "all" ? counts?.total : counts?.byStatus[s])}</span>
          </Button>
        ))}
        <Button
          size="sm"
          variant={view.overdue ? "destructive" : "outline"}
          className={cn(!view.overdue && "border-destructive/50 text-destructive")}
          aria-pressed={view.overdue}
          onClick={() => set({ overdue: !view.overdue })}
          data-testid="queue-overdue"
        >
          <TimerOff aria-hidden="true" />
          {t("alerts.queue.overdueOnly")}
          <span className="tabular-nums">{count(counts?.overdue)}</span>
        </Button>
      </div>

      <Card>
        <CardContent className="grid grid-cols-2 gap-3 pt-6 sm:gap-4 lg:grid-cols-3">
          {select("severity", [
            { value: "all", label: t("alerts.queue.any") },
            ...(["critical", "high", "medium", "low"] as const).map((s) => ({ value: s, label: t(`realtime.severity.${s}`) })),
          ])}
          {regulator
            ? select("institution", [
                { value: "all", label: t("alerts.queue.allInstitutions") },
                ...[...institutions.entries()]
                  .sort((a, b) => a[1].localeCompare(b[1]))
                  .map(([id, name]) => ({ value: id, label: name })),
              ])
            : null}
          {regulator
            ? select("assignee", [
                { value: "all", label: t("alerts.queue.anyone") },
                { value: "me", label: t("alerts.queue.me") },
                { value: "none", label: t("alerts.queue.unassigned") },
              ])
            : null}
          {select("age", [
            { value: "all", label: t("alerts.queue.anyAge") },
            ...ALERT_AGES.map((a) => ({ value: a, label: t(`alerts.queue.olderThan.${a}`) })),
          ])}
          {select(
            "sort",
            ALERT_SORTS.map((s) => ({ value: s, label: t(`alerts.queue.sort.${s}`) })),
          )}
          {select("kind", [
            { value: "aml", label: t("alerts.queue.kind.aml") },
            { value: "all", label: t("alerts.queue.kind.all") },
          ])}
        </CardContent>
      </Card>

      <AlertsList query={alerts} canAct={regulator} userId={user.id} detail={openAlert} onDetail={setDetail} />
    </section>
  );
}

export default AlertQueuePage;
