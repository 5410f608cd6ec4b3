import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { ArrowLeftRight, FileText, IdCard } from "lucide-react";
import type { CurrentUser } from "@/api/types";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { kycStatus, kycVariant } from "@/features/compliance/compliance";
import { RecentTransactionsCard } from "@/features/dashboard/RecentTransactionsCard";
import { ownApplicationsOptions, ownKycOptions } from "@/features/home/api";
import { HomeActions, HomeHeading } from "@/features/home/HomeParts";
import { applicationStatus, applicationStatusVariant } from "@/lib/statusBadges";
import { formatDate } from "@/lib/format";
import { usePageTitle } from "@/lib/usePageTitle";

/** How many of the citizen's own applications the home lists (the applications page has all). */
const APPLICATION_LIMIT = 5;

/**
 * A citizen's home: their identity check (KYC) and licence applications, their own transfers,
 * and the actions a citizen may take. The server answers a citizen only their own records.
 */
export function CitizenHome({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const title = user.firstName ? t("home.citizen.title", { name: user.firstName }) : t("home.citizen.titleNoName");
  usePageTitle(title);
  const kyc = useQuery(ownKycOptions());
  const apps = useQuery(ownApplicationsOptions(APPLICATION_LIMIT));
  const latestKyc = kyc.data?.items[0];
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-7xl space-y-6" data-testid="home-citizen">
      <HomeHeading title={title} description={t("home.citizen.description")} />
      <HomeActions
        actions={[
          { href: "/transfers", label: t("nav.transfers"), icon: ArrowLeftRight, testId: "home-action-transfers" },
          { href: "/apply", label: t("home.citizen.applications.apply"), icon: FileText, testId: "home-action-apply" },
        ]}
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card data-testid="home-kyc">
          <CardHeader>
            <CardTitle as="h2" className="flex items-center gap-2 text-base">
              <IdCard className="size-4" aria-hidden="true" />
              {t("home.citizen.kyc.title")}
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-3 text-sm">
            {kyc.isLoading ? (
              <span className="block h-6 w-40 animate-pulse rounded bg-muted" aria-hidden="true" />
            ) : kyc.isError ? (
              <p role="alert" className="text-destructive">
                {t("home.loadFailed")}
              </p>
            ) : latestKyc ? (
              <p className="flex flex-wrap items-center gap-2">
                <Badge variant={kycVariant(latestKyc.status)} data-testid="home-kyc-status">
                  {t(`kyc.status.${kycStatus(latestKyc.status)}`)}
                </Badge>
                <span className="text-muted-foreground">{t("home.citizen.kyc.submitted", { date: formatDate(latestKyc.createdAt) })}</span>
              </p>
            ) : (
              <p className="text-muted-foreground" data-testid="home-kyc-none">
                {t("home.citizen.kyc.none")}
              </p>
            )}
            <Button asChild variant="outline" size="sm">
              <Link href="/compliance#kyc" data-testid="home-kyc-open">
                {latestKyc ? t("home.citizen.kyc.open") : t("home.citizen.kyc.submit")}
              </Link>
            </Button>
          </CardContent>
        </Card>
        <Card data-testid="home-applications">
          <CardHeader>
            <CardTitle as="h2" className="flex items-center gap-2 text-base">
              <FileText className="size-4" aria-hidden="true" />
              {t("home.citizen.applications.title")}
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-3 text-sm">
            {apps.isLoading ? (
              <span className="block h-6 w-40 animate-pulse rounded bg-muted" aria-hidden="true" />
            ) : apps.isError ? (
              <p role="alert" className="text-destructive">
                {t("home.loadFailed")}
              </p>
            ) : apps.data && apps.data.items.length > 0 ? (
              <ul className="divide-y">
                {apps.data.items.map((a) => (
                  <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="home-application">
                    <span className="min-w-0 break-words font-medium">{a.institutionName}</span>
                    <Badge variant={applicationStatusVariant(a.status)}>{t(`applications.status.${applicationStatus(a.status)}`)}</Badge>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground" data-testid="home-applications-none">
                {t("home.citizen.applications.none")}
              </p>
            )}
            <Button asChild variant="outline" size="sm">
              <Link href="/applications">{t("home.citizen.applications.viewAll")}</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
      <RecentTransactionsCard />
    </section>
  );
}
