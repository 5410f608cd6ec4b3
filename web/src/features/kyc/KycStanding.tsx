import { useTranslation } from "react-i18next";
import type { KycStatus } from "@/api/types";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { useKycSummary } from "@/features/compliance/kycQueue";
import { KYC_STATUSES } from "@/features/kyc/filters";
import { formatNumber, formatPercent } from "@/lib/format";

/**
 * An institution's KYC standing (issue 16, part 4): how many of its
 * applications have each status, the approval rate (approved of decided) and
 * the compliance rate (compliant of all), counted by the server over all of
 * them. Without an institution it is the reader's whole scope. A status count
 * filters the list on that status.
 */
export function KycStanding({
  institution,
  scopeLabel,
  onStatus,
}: {
  institution: string;
  /** What the figures cover: an institution's name, all institutions, or the reader's own. */
  scopeLabel: string;
  onStatus: (status: KycStatus) => void;
}) {
  const { t } = useTranslation();
  const summary = useKycSummary(institution || undefined);
  const s = summary.data;
  return (
    <Card data-testid="kyc-standing">
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="text-base">
          {t("kycPage.standing.title")}
        </CardTitle>
        <CardDescription data-testid="kyc-standing-scope">{scopeLabel}</CardDescription>
      </CardHeader>
      <CardContent>
        {summary.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t("kycPage.standing.loadFailed")}
          </p>
        ) : (
          <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label={t("kycPage.standing.total")}>
              {KYC_STATUSES.map((status) => {
                const count = s?.byStatus?.[status] ?? 0;
                return (
                  <li key={status} className="min-w-0">
                    <button
                      type="button"
                      className="w-full cursor-pointer rounded-md border p-2 text-left sm:p-3 transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                      onClick={() => onStatus(status)}
                      aria-label={t("kycPage.standing.show", { count: formatNumber(count), status: t(`kyc.status.${status}`) })}
                      data-testid={`kyc-standing-${status}`}
                    >
                      <span className="block text-xs font-medium text-muted-foreground">{t(`kyc.status.${status}`)}</span>
                      <span className="mt-1 block text-2xl font-semibold tabular-nums">{s ? formatNumber(count) : "…"}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
            <div className="rounded-md border p-3">
              <p className="text-sm font-medium text-muted-foreground">{t("kycPage.standing.approvalRate")}</p>
              <p className="mt-1 text-2xl font-semibold tabular-nums" data-testid="kyc-standing-approval">
                {s ? (s.decided > 0 ? formatPercent(s.approvalRate) : "—") : "…"}
              </p>
              <p className="mt-1 text-xs text-muted-foreground" data-testid="kyc-standing-approval-caption">
                {s
                  ? s.decided > 0
                    ? t("kycPage.standing.approvalCaption", { approved: formatNumber(s.compliant), decided: formatNumber(s.decided) })
                    : t("kycPage.standing.noDecisions")
                  : null}
              </p>
            </div>
            <div className="rounded-md border p-3">
              <p className="text-sm font-medium text-muted-foreground">{t("compliance.cards.rate")}</p>
              <p className="mt-1 text-2xl font-semibold tabular-nums" data-testid="kyc-standing-compliance">
                {s ? formatPercent(s.complianceRate) : "…"}
              </p>
              <Progress value={s?.complianceRate ?? 0} label={t("compliance.cards.rate")} className="mt-2" />
              <p className="mt-1 text-xs text-muted-foreground">
                {s ? t("kycPage.standing.complianceCaption", { compliant: formatNumber(s.compliant), total: formatNumber(s.total) }) : null}
              </p>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
