import { lazy, Suspense, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { ArrowRight, Building2, FileBarChart, PlayCircle, RefreshCw, UserCheck, Wrench } from "lucide-react";
import type { CurrentUser, SummaryMetrics } from "@/api/types";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { isRegulator } from "@/features/applications/status";
import { METRICS_KEY } from "@/features/compliance/compliance";
import { ReportDialog } from "@/features/compliance/ReportDialog";
import { AlertsPanel } from "@/features/dashboard/AlertsPanel";
import { MetricCards } from "@/features/dashboard/MetricCards";
import { RecentTransactions } from "@/features/dashboard/RecentTransactions";
import type { RecentTransaction } from "@/features/dashboard/RecentTransactions";
import { usePageTitle } from "@/lib/usePageTitle";

// The tour is loaded when asked for: most dashboard visits never open it.
const TourOverlay = lazy(() => import("@/features/onboarding/TourOverlay"));

export const RECENT_TRANSACTIONS_KEY = ["/api/transactions?limit=5"] as const;

/**
 * The dashboard (000 §2): metric cards, quick actions, alerts panel and recent
 * transactions. Guests pay one unit per transactions read, so theirs load on
 * request; they have no alerts and cannot generate reports.
 */
export function DashboardPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const title = t("pages.dashboard.title");
  usePageTitle(title);
  const isGuest = Boolean(user.isGuest);
  const regulator = isRegulator(user.role) && !isGuest;
  const [tourOpen, setTourOpen] = useState(false);
  const [guestLoad, setGuestLoad] = useState(false);

  const metrics = useQuery<SummaryMetrics>({ queryKey: METRICS_KEY });
  const recent = useQuery<RecentTransaction[]>({ queryKey: RECENT_TRANSACTIONS_KEY, enabled: !isGuest || guestLoad });
  const [reportOpen, setReportOpen] = useState(false);

  const quickLink = "justify-start";
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-7xl space-y-6">
      <div>
        <h1 id="page-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {title}
        </h1>
        <p className="mt-2 text-muted-foreground">{t("pages.dashboard.description")}</p>
      </div>

      <MetricCards metrics={metrics.data} loading={metrics.isLoading} links={{ transactions: regulator || isGuest, registry: regulator, kyc: regulator }} />

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
          {regulator ? (
            <Button
              variant="outline"
              className={quickLink}
              onClick={() => setReportOpen(true)}
              data-testid="generate-report-button"
            >
              <FileBarChart aria-hidden="true" />
              {t("dashboard.actions.generateReport")}
            </Button>
          ) : null}
          {isGuest ? null : (
            <Button asChild variant="outline" className={quickLink}>
              <Link href="/compliance#kyc" data-testid="quick-kyc-review">
                <UserCheck aria-hidden="true" />
                {t("dashboard.actions.kycReview")}
              </Link>
            </Button>
          )}
          {isGuest ? null : (
            <Button asChild variant="outline" className={quickLink}>
              <Link href="/metrics" data-testid="quick-maintenance">
                <Wrench aria-hidden="true" />
                {t("dashboard.actions.maintenance")}
              </Link>
            </Button>
          )}
          <Button variant="outline" className={quickLink} onClick={() => setTourOpen(true)} data-testid="platform-tour-button">
            <PlayCircle aria-hidden="true" />
            {t("dashboard.platformTour")}
          </Button>
        </CardContent>
      </Card>

      {regulator ? <ReportDialog reportType="monthly_transaction" open={reportOpen} onOpenChange={setReportOpen} navigateTo="/compliance" /> : null}
      {isGuest ? null : <AlertsPanel />}
      <Card>
          <CardHeader className="flex flex-row items-center justify-between gap-3 space-y-0">
            <CardTitle as="h2" className="text-base">
              {t("dashboard.recent.title")}
            </CardTitle>
            <Button asChild variant="outline" size="sm">
              <Link href="/transactions" data-testid="view-all-transactions">
                {t("dashboard.recent.viewAll")}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </CardHeader>
          <CardContent className="p-0">
            {isGuest && !guestLoad ? (
              <div className="flex flex-col items-center gap-3 px-4 py-10 text-center text-sm text-muted-foreground">
                <p>{t("dashboard.recent.guestHint")}</p>
                <Button variant="outline" size="sm" onClick={() => setGuestLoad(true)} data-testid="guest-load-recent">
                  <RefreshCw aria-hidden="true" />
                  {t("dashboard.recent.guestLoad")}
                </Button>
              </div>
            ) : recent.isError ? (
              <p role="alert" className="px-4 py-10 text-center text-sm text-destructive">
                {t("dashboard.recent.loadFailed")}
              </p>
            ) : (
              <RecentTransactions transactions={recent.data ?? []} loading={recent.isLoading} />
            )}
          </CardContent>
      </Card>
      {tourOpen ? (
        <Suspense fallback={null}>
          <TourOverlay open onOpenChange={setTourOpen} />
        </Suspense>
      ) : null}
    </section>
  );
}

export default DashboardPage;
