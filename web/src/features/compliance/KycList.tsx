import { useMemo } from "react";
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Eye } from "lucide-react";
import type { Page } from "@/api/paging";
import type { KycApplication } from "@/api/types";
import { PageFooter } from "@/components/PageFooter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { complianceVariant, kycRisk, kycStatus, riskVariant } from "@/lib/statusBadges";
import { SkeletonRows } from "@/features/compliance/SkeletonRows";
import { formatDate, formatNumber } from "@/lib/format";

/**
 * KYC applications as the server pages them (useKycList): the pages read so
 * far, how many there are in all, and "Load more" while the server has a next
 * page. /compliance shows name, phone and status; /kyc (detailed) adds the
 * risk level, the institution it came through and when it was submitted.
 */
export function KycList({
  query,
  onView,
  detailed,
  empty,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<KycApplication>>>;
  onView: (app: KycApplication) => void;
  /** The institution's name for an application's institutionId (given: the detailed rows). */
  detailed?: { institutionName: (id: string | null | undefined) => string };
  /** The empty state's text, when filters may be why nothing is found. */
  empty?: string;
}) {
  const { t } = useTranslation();
  const apps = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const total = query.data?.pages[0]?.total ?? null;

  if (query.isLoading) {
    return <SkeletonRows />;
  }
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {t("compliance.loadFailed")}
      </p>
    );
  }
  if (apps.length === 0) {
    return (
      <p className="py-6 text-center text-sm text-muted-foreground" data-testid="kyc-empty">
        {empty ?? t("compliance.kyc.empty")}
      </p>
    );
  }
  return (
    <div className="space-y-3">
      <ul className="divide-y" data-testid="kyc-list">
        {apps.map((app) => {
          const status = kycStatus(app.status);
          const risk = kycRisk(app.risk);
          return (
            <li
              key={app.id}
              className={
                detailed
                  ? "flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-3"
                  : "flex items-center justify-between gap-3 py-3"
              }
              data-testid="kyc-row"
              data-name={app.fullName}
            >
              <div className="min-w-0">
                <p className="truncate font-medium">{app.fullName}</p>
                <p className="text-sm text-muted-foreground tabular-nums">{app.phoneNumber}</p>
                {detailed ? (
                  <p className="truncate text-xs text-muted-foreground" data-testid="kyc-row-meta">
                    {[detailed.institutionName(app.institutionId), formatDate(app.createdAt)].filter(Boolean).join(" · ")}
                  </p>
                ) : null}
              </div>
              <div className="flex shrink-0 flex-wrap items-center gap-2 sm:justify-end">
                {detailed ? (
                  <Badge variant={riskVariant(risk)} data-testid="kyc-risk">
                    {t(`kyc.risk.${risk}`)}
                  </Badge>
                ) : null}
                <Badge variant={complianceVariant(status)} data-testid="kyc-status">
                  {t(`kyc.status.${status}`)}
                </Badge>
                <Button
                  variant="ghost"
                  size="icon"
                  onClick={() => onView(app)}
                  aria-label={t("compliance.kyc.view", { name: app.fullName })}
                  title={t("compliance.kyc.view", { name: app.fullName })}
                  data-testid="kyc-view"
                >
                  <Eye aria-hidden="true" />
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <PageFooter
        query={query}
        shown={total ? t("compliance.kyc.shown", { shown: formatNumber(apps.length), total }) : null}
        failed={t("compliance.kyc.loadMoreFailed")}
        testId="kyc"
      />
    </div>
  );
}
