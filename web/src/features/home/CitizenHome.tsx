import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { ReactElement, ReactNode } from "react";
import { ArrowLeftRight, FileText, IdCard } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { RecentTransactionsCard } from "@/features/dashboard/RecentTransactionsCard";
import { ownApplicationsOptions, ownKycOptions } from "@/features/home/api";
import { applicationStatus, applicationStatusVariant, complianceVariant, kycStatus } from "@/lib/statusBadges";
import type { LucideIcon } from "lucide-react";
import type { CurrentUser } from "@/api/types";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { HomeActions } from "@/features/home/HomeParts";
import { formatDate } from "@/lib/format";

/** How many of the citizen's own applications the home lists (the applications page has all). */
const APPLICATION_LIMIT = 5;

/**
 * A citizen's home: their identity check (KYC) and licence applications, their own transfers,
 * and the actions a citizen may take. The server answers a citizen only their own records.
 */
export function CitizenHome({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const title = user.firstName ? t("home.citizen.title", { name: user.firstName }) : t("home.citizen.titleNoName");
  const kyc = useQuery(ownKycOptions());
  const apps = useQuery(ownApplicationsOptions(APPLICATION_LIMIT));
  const latestKyc = kyc.data?.items[0];
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-7xl space-y-6" data-testid="home-citizen">
      <PageHeader title={title} description={t("home.citizen.description")} />
      <HomeActions
        actions={[
          { href: "/transfers", label: t("nav.transfers"), icon: ArrowLeftRight, testId: "home-action-transfers" },
          { href: "/apply", label: t("home.citizen.applications.apply"), icon: FileText, testId: "home-action-apply" },
        ]}
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <RecordCard
          testId="home-kyc"
          icon={IdCard}
          title={t("home.citizen.kyc.title")}
          query={kyc}
          action={
            <Link href="/compliance#kyc" data-testid="home-kyc-open">
              {latestKyc ? t("home.citizen.kyc.open") : t("home.citizen.kyc.submit")}
            </Link>
          }
        >
          {latestKyc ? (
            <p className="flex flex-wrap items-center gap-2">
              <Badge variant={complianceVariant(latestKyc.status)} data-testid="home-kyc-status">
                {t(`kyc.status.${kycStatus(latestKyc.status)}`)}
              </Badge>
              <span className="text-muted-foreground">{t("home.citizen.kyc.submitted", { date: formatDate(latestKyc.createdAt) })}</span>
            </p>
          ) : (
            <p className="text-muted-foreground" data-testid="home-kyc-none">
              {t("home.citizen.kyc.none")}
            </p>
          )}
        </RecordCard>
        <RecordCard
          testId="home-applications"
          icon={FileText}
          title={t("home.citizen.applications.title")}
          query={apps}
          action={<Link href="/applications">{t("home.citizen.applications.viewAll")}</Link>}
        >
          {apps.data && apps.data.items.length > 0 ? (
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
        </RecordCard>
      </div>
      <RecentTransactionsCard />
    </section>
  );
}

/**
 * One of the citizen's own records on the home screen: a titled card that shows a placeholder
 * while its request runs, says so when it failed, else its content, and ends with a link.
 */
function RecordCard({
  testId,
  icon: Icon,
  title,
  query,
  action,
  children,
}: {
  testId: string;
  icon: LucideIcon;
  title: string;
  query: { isLoading: boolean; isError: boolean };
  /** The link under the content, given to a small outline button. */
  action: ReactElement;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2 text-base">
          <Icon className="size-4" aria-hidden="true" />
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {query.isLoading ? (
          <Skeleton className="h-6 w-40" />
        ) : query.isError ? (
          <p role="alert" className="text-destructive">
            {t("home.loadFailed")}
          </p>
        ) : (
          children
        )}
        <Button asChild variant="outline" size="sm">
          {action}
        </Button>
      </CardContent>
    </Card>
  );
}
