import { Suspense, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Building2, FileBarChart, PlayCircle, UserCheck, Wrench } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { ReportDialog } from "@/features/compliance/ReportDialog";
import { AlertsPanel } from "@/features/dashboard/AlertsPanel";
import { summaryMetricsOptions } from "@/features/dashboard/api";
import { MetricCards } from "@/features/dashboard/MetricCards";
import { RecentTransactionsCard } from "@/features/dashboard/RecentTransactionsCard";
import { lazyScreen } from "@/i18n/lazyScreen";

// The tour is loaded when asked for: most dashboard visits never open it.
const TourOverlay = lazyScreen(() => import("@/features/onboarding/TourOverlay"));

/**
 * National oversight, the regulators' home (000 §2, issue 17): the national figures (the server
 * answers them to regulators only), quick actions, alerts panel and recent transactions. Other
 * roles land on their own home (features/home).
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const title = t("pages.dashboard.title");
  const [tourOpen, setTourOpen] = useState(false);
  const metrics = useQuery(summaryMetricsOptions());
  const [reportOpen, setReportOpen] = useState(false);

  const quickLink = "justify-start";
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-7xl space-y-6" data-testid="home-regulator">
      <PageHeader title={title} description={t("pages.dashboard.description")} />

      <MetricCards metrics={metrics.data} loading={metrics.isLoading} links={{ transactions: true, registry: true, kyc: true }} />

      <Card>
        <CardHeader>
          <CardTitle as="h2" className="text-base">
            {t("dashboard.quickActions")}
          </CardTitle>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-3 sm:flex sm:flex-wrap">
          <Button asChild variant="outline" className={quickLink}>
            <Link href="/apply?type=psp&form=1" data-testid="quick-register-psp">
              <Building2 aria-hidden="true" />
              {t("dashboard.actions.registerPsp")}
            </Link>
          </Button>
          <Button variant="outline" className={quickLink} onClick={() => setReportOpen(true)} data-testid="generate-report-button">
            <FileBarChart aria-hidden="true" />
            {t("dashboard.actions.generateReport")}
          </Button>
          <Button asChild variant="outline" className={quickLink}>
            <Link href="/compliance#kyc" data-testid="quick-kyc-review">
              <UserCheck aria-hidden="true" />
              {t("dashboard.actions.kycReview")}
            </Link>
          </Button>
          <Button asChild variant="outline" className={quickLink}>
            <Link href="/metrics" data-testid="quick-maintenance">
              <Wrench aria-hidden="true" />
              {t("dashboard.actions.maintenance")}
            </Link>
          </Button>
          <Button variant="outline" className={quickLink} onClick={() => setTourOpen(true)} data-testid="platform-tour-button">
            <PlayCircle aria-hidden="true" />
            {t("dashboard.platformTour")}
          </Button>
        </CardContent>
      </Card>

      <ReportDialog reportType="monthly_transaction" open={reportOpen} onOpenChange={setReportOpen} navigateTo="/compliance" />
      <AlertsPanel />
      <RecentTransactionsCard />
      {tourOpen ? (
        <Suspense fallback={null}>
          <TourOverlay open onOpenChange={setTourOpen} />
        </Suspense>
      ) : null}
    </section>
  );
}

export default DashboardPage;
