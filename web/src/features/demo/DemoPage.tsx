import { useState } from "react";
import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { AlertTriangle, Bell, Compass, FileCheck2, Languages, Receipt } from "lucide-react";
import type { CurrentUser } from "@/api/types";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { SUPPORTED_LANGUAGES, currentLanguage } from "@/i18n";
import { demoAlertsOptions } from "@/features/demo/api";
import { useChooseLanguage } from "@/lib/languageChoice";
import { alertTitle } from "@/lib/alertText";
import { TourOverlay } from "@/features/onboarding/TourOverlay";
import { CompactTransactionsTable } from "@/features/transactions/CompactTransactionsTable";
import { recentTransactionsOptions } from "@/features/transactions/api";
import { formatDateTime } from "@/lib/format";

export function severityVariant(severity: string): "default" | "secondary" | "destructive" | "outline" {
  if (severity === "critical" || severity === "high") return "destructive";
  if (severity === "medium") return "secondary";
  return "outline";
}

/** /demo (001 §2): onboarding, alerts, transactions and KYC on one page, with a live language switch. */
export function DemoPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const choose = useChooseLanguage();
  const title = t("demoPage.title");
  const lang = currentLanguage();
  const [tourOpen, setTourOpen] = useState(false);
  const [guestLoad, setGuestLoad] = useState(false);
  const isGuest = user.isGuest;
  const alerts = useQuery(demoAlertsOptions(!isGuest));
  // Guests pay one unit per transactions read, so they load on request (as on the dashboard).
  const recent = useQuery(recentTransactionsOptions(!isGuest || guestLoad));

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-7xl space-y-6" data-testid="demo-page">
      <PageHeader
        title={title}
        description={t("demoPage.description")}
        actions={
          <div role="group" aria-label={t("demoPage.languageSwitch")} className="flex shrink-0 items-center gap-2">
            <Languages className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
            <div className="inline-flex rounded-md border bg-card p-0.5">
              {SUPPORTED_LANGUAGES.map((l) => (
                <Button
                  key={l.code}
                  size="sm"
                  variant={lang === l.code ? "default" : "ghost"}
                  aria-pressed={lang === l.code}
                  lang={l.code}
                  onClick={() => choose(l.code)}
                  data-testid={`demo-lang-${l.code}`}
                >
                  {l.nativeName}
                </Button>
              ))}
            </div>
          </div>
        }
      />

      <div className="grid gap-4 lg:grid-cols-2">
        <Section icon={<Compass />} title={t("demoPage.onboarding.title")} description={t("demoPage.onboarding.description")}>
          <ol className="mb-4 grid gap-1.5 text-sm sm:grid-cols-2">
            {(["mission", "roles", "apply", "monitor"] as const).map((step, i) => (
              <li key={step} className="flex items-center gap-2">
                <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-accent text-xs font-semibold text-accent-foreground" aria-hidden="true">
                  {i + 1}
                </span>
                {t(`demoPage.onboarding.steps.${step}`)}
              </li>
            ))}
          </ol>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setTourOpen(true)} data-testid="demo-open-tour">
              {t("demoPage.onboarding.open")}
            </Button>
            <Button variant="outline" asChild>
              <Link href="/onboarding">{t("demoPage.onboarding.fullScreen")}</Link>
            </Button>
          </div>
        </Section>

        <Section icon={<FileCheck2 />} title={t("demoPage.kyc.title")} description={t("demoPage.kyc.description")}>
          <p className="mb-2 text-sm font-medium">{t("demoPage.kyc.documents")}</p>
          <ul className="mb-4 flex flex-wrap gap-2">
            {(["passport", "national_id", "drivers_license"] as const).map((d) => (
              <li key={d}>
                <Badge variant="outline">{t(`demoPage.kyc.docs.${d}`)}</Badge>
              </li>
            ))}
          </ul>
          {isGuest ? (
            <p className="text-sm text-muted-foreground">{t("demoPage.kyc.guest")}</p>
          ) : (
            <Button asChild>
              <Link href="/compliance#kyc" data-testid="demo-kyc-link">
                {t("demoPage.kyc.open")}
              </Link>
            </Button>
          )}
        </Section>
      </div>

      <Section icon={<Bell />} title={t("demoPage.alerts.title")} description={t("demoPage.alerts.description")}>
        {isGuest ? (
          <p className="text-sm text-muted-foreground">{t("demoPage.alerts.guest")}</p>
        ) : alerts.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t("demoPage.alerts.loadFailed")}
          </p>
        ) : alerts.isLoading ? (
          <div className="space-y-2" aria-hidden="true">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-14" />
            ))}
          </div>
        ) : (alerts.data ?? []).length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("demoPage.alerts.empty")}</p>
        ) : (
          <>
            <ul className="space-y-2" data-testid="demo-alerts">
              {(alerts.data ?? []).slice(0, 3).map((a) => (
                <li key={a.id} className="flex items-start gap-3 rounded-md border p-3">
                  <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-warning" aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">{alertTitle(a, t)}</p>
                    <p className="text-xs text-muted-foreground">{formatDateTime(a.createdAt)}</p>
                  </div>
                  <Badge variant={severityVariant(a.severity)}>{t(`realtime.severity.${a.severity}`, { defaultValue: a.severity })}</Badge>
                </li>
              ))}
            </ul>
            <Button variant="link" className="mt-2 px-0" asChild>
              <Link href="/compliance#alerts">{t("demoPage.alerts.viewAll")}</Link>
            </Button>
          </>
        )}
      </Section>

      <Section icon={<Receipt />} title={t("demoPage.transactions.title")} description={t("demoPage.transactions.description")} flush>
        {isGuest && !guestLoad ? (
          <div className="px-6 pb-6">
            <Button variant="outline" onClick={() => setGuestLoad(true)} data-testid="demo-load-transactions">
              {t("demoPage.transactions.load")}
            </Button>
          </div>
        ) : recent.isError ? (
          <p role="alert" className="px-6 pb-6 text-sm text-destructive">
            {t("demoPage.transactions.loadFailed")}
          </p>
        ) : (
          <CompactTransactionsTable transactions={recent.data ?? []} loading={recent.isLoading} caption={t("demoPage.transactions.title")} />
        )}
        <div className="px-6 py-4">
          <Button variant="link" className="px-0" asChild>
            <Link href="/transactions">{t("demoPage.transactions.viewAll")}</Link>
          </Button>
        </div>
      </Section>

      <TourOverlay open={tourOpen} onOpenChange={setTourOpen} />
    </section>
  );
}

function Section({
  icon,
  title,
  description,
  flush = false,
  children,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  flush?: boolean;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <span className="text-primary [&_svg]:h-5 [&_svg]:w-5" aria-hidden="true">
            {icon}
          </span>
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={flush ? "p-0" : undefined}>{children}</CardContent>
    </Card>
  );
}

export default DemoPage;
