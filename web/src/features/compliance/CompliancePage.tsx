import { useEffect, useMemo, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import {
  BellRing,
  CalendarCheck,
  Clock,
  Download,
  FileBarChart,
  FileDown,
  FileSpreadsheet,
  FileText,
  Loader2,
  Send,
  ShieldCheck,
  UserPlus,
  Users,
} from "lucide-react";
import { ApiError } from "@/api/client";
import { describeError } from "@/api/errors";
import { formatTotal, pagedItems, useListTotal, usePagedList } from "@/api/paging";
import type { CurrentUser, KycApplication } from "@/api/types";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { PageFooter } from "@/components/PageFooter";
import { Card, CardContent, CardDescription, CardHeader, IconCardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Progress } from "@/components/ui/progress";
import { toast } from "@/components/ui/use-toast";
import { ALERT_FILTERS, AlertsList } from "@/features/compliance/AlertsList";
import type { AlertFilter } from "@/features/compliance/AlertsList";
import { useAlertsQueue } from "@/features/compliance/alertsQueue";
import { ReportDialog } from "@/features/compliance/ReportDialog";
import { AuditDialog } from "@/features/compliance/AuditDialog";
import {
  COMPLIANCE_LIST_SIZE,
  monthStart,
  reportVariant,
} from "@/features/compliance/compliance";
import { KycDetailDialog } from "@/features/compliance/KycDetailDialog";
import { KycList } from "@/features/compliance/KycList";
import { SkeletonRows } from "@/features/compliance/SkeletonRows";
import { complianceKeys, publishReport, readReports } from "@/features/compliance/api";
import { useKycList, useKycSummary } from "@/features/compliance/kycQueue";
import { KycFormDialog } from "@/features/compliance/KycFormDialog";
import { isRegulator } from "@/lib/roles";
import { formatNumber, formatPercent } from "@/lib/format";

/** /compliance (001 §2): summary cards, KYC and reports lists, the three actions, the alerts list. */
export function CompliancePage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const title = t("pages.compliance.title");
  const queryClient = useQueryClient();
  const regulator = isRegulator(user.role) && !user.isGuest;
  // KYC applications paged on the server; the cards' figures are the server's over all of them.
  const kyc = useKycList();
  const kycFigures = useKycSummary();
  // Reports five at a time ("Load more" reaches every one); this month's count is the server's.
  const reports = usePagedList(complianceKeys.reports, { limit: COMPLIANCE_LIST_SIZE }, readReports);
  const [thisMonth] = useState(monthStart);
  const reportsThisMonth = useListTotal(complianceKeys.reports, { createdFrom: thisMonth }, readReports);
  // AML alerts only (system notices are the dashboard's), filtered and paged on the server.
  const [alertFilter, setAlertFilter] = useState<AlertFilter>(ALERT_FILTERS[0]);
  const alerts = useAlertsQueue({ kind: "aml", status: alertFilter });
  const [kycFormOpen, setKycFormOpen] = useState(false);
  const [amlOpen, setAmlOpen] = useState(false);
  const [auditOpen, setAuditOpen] = useState(false);
  const [viewing, setViewing] = useState<KycApplication | null>(null);

  const reportList = useMemo(() => pagedItems(reports.data), [reports.data]);
  const reportTotal = reports.data?.pages[0]?.total ?? null;
  const figures = kycFigures.data;
  const rate = figures?.complianceRate ?? 0;

  const publish = useMutation({
    mutationFn: (id: string) => publishReport(id),
    onSuccess: () => {
      toast({ title: t("common.success"), description: t("reports.published") });
      void queryClient.invalidateQueries({ queryKey: complianceKeys.reports });
    },
    onError: (err) => {
      console.error("Failed to publish report", err);
      toast({
        title: t("reports.publishFailed"),
        description: err instanceof ApiError ? describeError(err, t) : undefined,
        variant: "destructive",
      });
      void queryClient.invalidateQueries({ queryKey: complianceKeys.reports });
    },
  });

  // /compliance#kyc and #alerts (the dashboard's links) scroll to their section once it has content.
  const ready = !kyc.isLoading && !alerts.isLoading;
  useEffect(() => {
    if (!ready) return;
    const hash = window.location.hash.slice(1);
    if (hash) document.getElementById(hash)?.scrollIntoView({ block: "start" });
  }, [ready]);

  const summary = [
    {
      key: "rate",
      icon: ShieldCheck,
      value: formatPercent(rate),
      caption: t("compliance.cards.rateCaption", { compliant: formatNumber(figures?.compliant ?? 0), total: formatNumber(figures?.total ?? 0) }),
      progress: true,
    },
    { key: "pending", icon: Clock, value: formatNumber(figures?.awaitingReview ?? 0), caption: t("compliance.cards.pendingCaption"), progress: false },
    { key: "reports", icon: FileText, value: formatTotal(reportsThisMonth.data), caption: t("compliance.cards.reportsCaption"), progress: false },
  ] as const;

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title={title}
        description={t("pages.compliance.description")}
        actions={
          <>
            <Button onClick={() => setKycFormOpen(true)} data-testid="kyc-open-form">
              <UserPlus aria-hidden="true" />
              {t("kyc.form.open")}
            </Button>
            {regulator ? (
              <>
                <Button variant="outline" onClick={() => setAmlOpen(true)} data-testid="aml-report-button">
                  <FileBarChart aria-hidden="true" />
                  {t("compliance.actions.amlReport")}
                </Button>
                <Button asChild variant="outline">
                  <a href="/api/compliance/export" download data-testid="export-compliance">
                    <Download aria-hidden="true" />
                    {t("compliance.actions.export")}
                  </a>
                </Button>
                <Button variant="outline" onClick={() => setAuditOpen(true)} data-testid="audit-button">
                  <CalendarCheck aria-hidden="true" />
                  {t("compliance.actions.audit")}
                </Button>
              </>
            ) : null}
          </>
        }
      />

      <ul className="grid grid-cols-1 gap-4 md:grid-cols-3" aria-label={t("compliance.cards.label")}>
        {summary.map(({ key, icon: Icon, value, caption, progress }) => (
          <li key={key}>
            <Card className="h-full">
              <CardContent className="p-5">
                <div className="flex items-start justify-between gap-3">
                  <p className="text-sm font-medium text-muted-foreground">{t(`compliance.cards.${key}`)}</p>
                  <Icon className="h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
                </div>
                <p className="mt-2 text-3xl font-semibold tabular-nums" data-testid={`compliance-${key}`}>
                  {(key === "reports" ? reportsThisMonth.isLoading : kycFigures.isLoading) ? "…" : value}
                </p>
                {progress ? <Progress value={rate} label={t("compliance.cards.rate")} className="mt-3" /> : null}
                <p className="mt-2 text-xs text-muted-foreground" data-testid={`compliance-${key}-caption`}>
                  {caption}
                </p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <Card id="kyc" className="scroll-mt-20">
          <CardHeader>
            <IconCardTitle icon={Users} iconClassName="text-primary">
              {t("compliance.kyc.title")}
            </IconCardTitle>
            <CardDescription>{t(regulator ? "compliance.kyc.descriptionRegulator" : "compliance.kyc.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            <KycList query={kyc} onView={setViewing} />
          </CardContent>
        </Card>

        <Card id="reports" className="scroll-mt-20">
          <CardHeader>
            <IconCardTitle icon={FileText} iconClassName="text-primary">
              {t("compliance.reports.title")}
            </IconCardTitle>
            <CardDescription>{t("compliance.reports.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            {reports.isLoading ? (
              <SkeletonRows />
            ) : reports.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {t("compliance.loadFailed")}
              </p>
            ) : reportList.length === 0 ? (
              <p className="py-6 text-center text-sm text-muted-foreground" data-testid="reports-empty">
                {t("compliance.reports.empty")}
              </p>
            ) : (
              <ul className="divide-y" data-testid="report-list">
                {reportList.map((r) => (
                  <li key={r.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="report-row" data-report-id={r.id}>
                    <div className="min-w-0">
                      <p className="break-words font-medium">{r.title}</p>
                      <p className="text-sm text-muted-foreground">
                        {t(`reports.types.${r.reportType}`, { defaultValue: r.reportType })} - {r.period}
                      </p>
                    </div>
                    <div className="flex shrink-0 flex-wrap items-center gap-2">
                      <Badge variant={reportVariant(r.status)} data-testid="report-status">
                        {t(`reports.status.${r.status}`, { defaultValue: r.status })}
                      </Badge>
                      <Button asChild variant="outline" size="sm">
                        <a href={`/api/compliance-reports/${r.id}/pdf`} download aria-label={t("reports.downloadPdfFor", { title: r.title })} data-testid="report-pdf">
                          <FileDown aria-hidden="true" />
                          PDF
                        </a>
                      </Button>
                      <Button asChild variant="outline" size="sm">
                        <a href={`/api/compliance-reports/${r.id}/csv`} download aria-label={t("reports.downloadCsvFor", { title: r.title })} data-testid="report-csv">
                          <FileSpreadsheet aria-hidden="true" />
                          CSV
                        </a>
                      </Button>
                      {regulator && r.status === "draft" ? (
                        <Button
                          size="sm"
                          onClick={() => publish.mutate(r.id)}
                          disabled={publish.isPending && publish.variables === r.id}
                          aria-label={t("reports.publishFor", { title: r.title })}
                          data-testid="report-publish"
                        >
                          {publish.isPending && publish.variables === r.id ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
                          {t("reports.publish")}
                        </Button>
                      ) : null}
                    </div>
                  </li>
                ))}
              </ul>
            )}
            {reportList.length > 0 ? (
              <div className="mt-3 space-y-3">
                <PageFooter
                  query={reports}
                  shown={reportTotal ? t("compliance.reports.shown", { shown: formatNumber(reportList.length), total: formatTotal(reportTotal) }) : null}
                  failed={t("compliance.reports.loadMoreFailed")}
                  testId="reports"
                />
              </div>
            ) : null}
          </CardContent>
        </Card>
      </div>

      <Card id="alerts" className="scroll-mt-20">
        <CardHeader>
          <IconCardTitle icon={BellRing} iconClassName="text-primary">
            {t("alerts.title")}
          </IconCardTitle>
          <CardDescription>{t("alerts.description")}</CardDescription>
          <Button asChild variant="link" size="sm" className="h-auto self-start px-0">
            <Link href="/compliance/alerts" data-testid="open-alert-queue">
              {t("alerts.queue.open")}
            </Link>
          </Button>
        </CardHeader>
        <CardContent>
          <AlertsList query={alerts} filter={alertFilter} onFilter={setAlertFilter} canAct={regulator} userId={user.id} />
        </CardContent>
      </Card>

      <KycFormDialog open={kycFormOpen} onOpenChange={setKycFormOpen} />
      <KycDetailDialog application={viewing} canReview={regulator} onClose={() => setViewing(null)} />
      {regulator ? <ReportDialog reportType="aml_cft" open={amlOpen} onOpenChange={setAmlOpen} /> : null}
      {regulator ? <AuditDialog open={auditOpen} onOpenChange={setAuditOpen} /> : null}
    </section>
  );
}

export default CompliancePage;
