import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ArrowLeftRight, BarChart3, Siren } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { AlertsPanel } from "@/features/dashboard/AlertsPanel";
import { RecentTransactionsCard } from "@/features/dashboard/RecentTransactionsCard";
import { FigureTile, HomeActions, HomeHeading } from "@/features/home/HomeParts";
import { ownInstitutionOptions } from "@/features/registry/api";
import { complianceVariant, licenseVariant } from "@/lib/statusBadges";
import { formatMoney } from "@/lib/money";
import { formatDate, formatNumber } from "@/lib/format";
import { usePageTitle } from "@/lib/usePageTitle";

/**
 * The home of PSP and MNO staff: their institution's figures of the last 30 days, licence and
 * compliance status (its registry entry, which the server answers them for their own institution
 * only), its open alerts and recent transactions (scoped the same way), and the actions the role
 * may take.
 */
export function InstitutionHome({ kind }: { kind: "psp" | "mno" }) {
  const { t } = useTranslation();
  const entry = useQuery(ownInstitutionOptions(kind));
  const own = entry.data;
  const title = own ? own.name : t("home.institution.title");
  usePageTitle(title);
  const loading = entry.isLoading;
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-7xl space-y-6" data-testid="home-institution">
      <HomeHeading title={title} description={t("home.institution.description")} />
      {entry.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t("home.loadFailed")}
        </p>
      ) : !loading && !own ? (
        <p className="text-sm text-muted-foreground" data-testid="home-no-institution">
          {t("home.institution.none")}
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <FigureTile
            testId="home-transactions30d"
            label={t("home.institution.transactions30d")}
            value={formatNumber(own?.transactions30d ?? 0)}
            loading={loading}
          />
          <FigureTile
            testId="home-volume30d"
            label={t("home.institution.volume30d")}
            value={formatMoney(own?.volumeUsd30d ?? "0", "USD")}
            loading={loading}
          />
          <FigureTile
            testId="home-licence"
            label={t("home.institution.licence")}
            value={
              <Badge variant={licenseVariant(own?.licenseStatus)}>
                {t(`registry.licenseStatus.${own?.licenseStatus ?? "active"}`, { defaultValue: own?.licenseStatus ?? "" })}
              </Badge>
            }
            note={
              own?.licenseExpiresAt
                ? t("home.institution.licenceExpires", { number: own.licenseNumber, date: formatDate(own.licenseExpiresAt) })
                : own?.licenseNumber
            }
            loading={loading}
          />
          <FigureTile
            testId="home-compliance"
            label={t("home.institution.compliance")}
            value={
              <Badge variant={complianceVariant(own?.complianceStatus)}>
                {t(`registry.compliance.${own?.complianceStatus ?? "under_review"}`, { defaultValue: own?.complianceStatus ?? "" })}
              </Badge>
            }
            loading={loading}
          />
        </div>
      )}
      <HomeActions
        actions={[
          { href: "/transfers", label: t("nav.transfers"), icon: ArrowLeftRight, testId: "home-action-transfers" },
          { href: "/compliance/alerts", label: t("nav.alertQueue"), icon: Siren, testId: "home-action-alerts" },
          { href: "/analytics", label: t("nav.analytics"), icon: BarChart3, testId: "home-action-analytics" },
        ]}
      />
      <AlertsPanel />
      <RecentTransactionsCard />
    </section>
  );
}
