import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Activity, ArrowDownRight, ArrowRight, ArrowUpRight, Building2, DollarSign, UserCheck } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import type { MonthFigures, SummaryMetrics } from "@/api/types";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatChange, formatCompactMoney, formatDayRange, formatNumber, formatPercent } from "@/lib/format";
import { cn } from "@/lib/utils";

/** A card's trend against the same days of last month, or why there is none. */
interface Trend {
  percent: number | null;
  previous: MonthFigures;
}

interface CardFigures {
  value: string;
  /** What the figure counts, in words (the period, or the basis of a rate). */
  caption: string;
  trend?: Trend;
  /** The list behind the figure, filtered the same way; absent when the reader may not open it. */
  href?: string;
  /** A second figure the card holds, with its own filtered list. */
  detail?: { text: string; href?: string; testId: string };
}

type MetricKey = "monthTransactions" | "monthVolume" | "activePsps" | "kycApprovalRate";

interface MetricDef {
  key: MetricKey;
  icon: LucideIcon;
}

const METRICS: MetricDef[] = [
  { key: "monthTransactions", icon: Activity },
  { key: "monthVolume", icon: DollarSign },
  { key: "activePsps", icon: Building2 },
  { key: "kycApprovalRate", icon: UserCheck },
];

/** Who is looking decides which lists a card may open (the server refuses the rest anyway). */
export interface MetricLinks {
  /**
   * The transactions list, which counts what the cards count only for readers who see every
   * institution's transactions (regulators, guests); others' lists hold their own, so their cards
   * say the figures are national instead of opening a list that disagrees.
   */
  transactions: boolean;
  /** The PSP registry (/psps): regulators. */
  registry: boolean;
  /** The KYC management screen (/kyc), which lists every application only for regulators. */
  kyc: boolean;
}

/**
 * The transactions list of a month's days (the list filters by UTC day, as the figures count),
 * optionally only the high-risk ones.
 */
export function monthTransactionsHref(month: MonthFigures, highRisk = false): string {
  const params = new URLSearchParams({ dateFrom: month.from, dateTo: month.to });
  if (highRisk) params.set("highRisk", "true");
  return `/transactions?${params.toString()}`;
}

function TrendLine({ trend, t }: { trend: Trend; t: TFunction }) {
  const period = formatDayRange(trend.previous.from, trend.previous.to);
  if (trend.percent === null) {
    return (
      <p className="mt-1 text-xs text-muted-foreground" data-testid="metric-trend" data-trend="none">
        {t("dashboard.metrics.noComparison", { period })}
      </p>
    );
  }
  const Arrow = trend.percent > 0 ? ArrowUpRight : trend.percent < 0 ? ArrowDownRight : ArrowRight;
  return (
    <p className="mt-1 flex items-center gap-1 text-xs text-muted-foreground" data-testid="metric-trend" data-trend={trend.percent}>
      <Arrow className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
      <span>
        <span className="font-medium tabular-nums text-foreground">{formatChange(trend.percent)}</span>{" "}
        {t("dashboard.metrics.against", { period })}
      </span>
    </p>
  );
}

/** The figures of each card, computed on the server; null while a field is missing (an older server). */
function figures(m: Partial<SummaryMetrics>, links: MetricLinks, t: TFunction): Record<MetricKey, CardFigures | null> {
  const month = m.month;
  const previous = m.previousMonth;
  const period = month
    ? t(links.transactions ? "dashboard.metrics.period" : "dashboard.metrics.periodNational", { period: formatDayRange(month.from, month.to) })
    : "";
  const transactionsHref = month && links.transactions ? monthTransactionsHref(month) : undefined;
  const applications = m.kycApplications ?? 0;
  return {
    monthTransactions:
      month && previous
        ? {
            value: formatNumber(month.transactions),
            caption: period,
            trend: { percent: m.trends?.transactions ?? null, previous },
            href: transactionsHref,
            detail: {
              text: t("dashboard.metrics.highRisk", { count: month.highRisk, formatted: formatNumber(month.highRisk) }),
              href: links.transactions ? monthTransactionsHref(month, true) : undefined,
              testId: "metric-highRisk",
            },
          }
        : null,
    monthVolume:
      month && previous
        ? { value: formatCompactMoney(month.volumeUsd, "USD"), caption: `${period} · ${t("dashboard.metrics.inUsd")}`, trend: { percent: m.trends?.transactionVolume ?? null, previous }, href: transactionsHref }
        : null,
    activePsps:
      typeof m.activePsps === "number"
        ? { value: formatNumber(m.activePsps), caption: t("dashboard.metrics.activePspsCaption"), href: links.registry ? "/psps" : undefined }
        : null,
    kycApprovalRate:
      typeof m.complianceScore === "number"
        ? {
            value: applications > 0 ? formatPercent(m.complianceScore) : "—",
            caption:
              applications > 0
                ? t("dashboard.metrics.kycApprovalRateCaption", { count: applications, compliant: formatNumber(m.kycCompliant ?? 0), total: formatNumber(applications) })
                : t("dashboard.metrics.kycNone"),
            href: links.kyc ? "/kyc" : undefined,
          }
        : null,
  };
}

/**
 * The dashboard's four key figures (000 §2), every one computed by the server (GET /api/metrics):
 * this month's transactions and their value with the change against the same days of last month
 * (no change is shown when last month has nothing to compare with), the PSPs licensed today and
 * the share of KYC applications found compliant. Each says what it counts and opens the list
 * behind it, filtered the same way, as does the month's high-risk count (docs/FIGURES.md).
 * 4 skeleton cards while loading.
 */
export function MetricCards({ metrics, loading, links }: { metrics: Partial<SummaryMetrics> | null | undefined; loading: boolean; links: MetricLinks }) {
  const { t } = useTranslation();
  const all = figures(metrics ?? {}, links, t);
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label={t("dashboard.metrics.label")} aria-busy={loading || undefined}>
      {METRICS.map(({ key, icon: Icon }) => {
        const f = all[key];
        const title = t(`dashboard.metrics.${key}`);
        return (
          <li key={key}>
            {loading ? (
              <Card className="h-full">
                <CardContent className="space-y-3 p-5" data-testid="metric-skeleton">
                  <Skeleton className="h-4 w-32" />
                  <Skeleton className="h-8 w-24" />
                  <Skeleton className="h-3 w-36" />
                </CardContent>
              </Card>
            ) : (
              // The title's link covers the card (its ::after), so the whole card opens the list
              // while a second link inside it (the high-risk count) stays its own target.
              <Card className={cn("relative h-full transition-colors", f?.href && "hover:border-primary hover:bg-accent/40")}>
                <CardContent className="p-5" data-testid={`metric-${key}`}>
                  <div className="flex items-start justify-between gap-3">
                    <p className="text-sm font-medium text-muted-foreground">
                      {f?.href ? (
                        <Link
                          href={f.href}
                          className="after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
                          data-testid={`metric-link-${key}`}
                        >
                          {title}
                        </Link>
                      ) : (
                        title
                      )}
                    </p>
                    <Icon className="h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
                  </div>
                  <p className="mt-2 text-2xl font-semibold tabular-nums sm:text-3xl" data-testid="metric-value">
                    {f?.value ?? "—"}
                  </p>
                  <p className="mt-1 text-xs text-muted-foreground" data-testid="metric-caption">
                    {f?.caption ?? t("dashboard.metrics.unavailable")}
                  </p>
                  {f?.trend ? <TrendLine trend={f.trend} t={t} /> : null}
                  {f?.detail ? (
                    <p className="mt-1 text-xs tabular-nums text-muted-foreground">
                      {f.detail.href ? (
                        <Link href={f.detail.href} className="relative z-10 font-medium text-primary underline-offset-2 hover:underline" data-testid={f.detail.testId}>
                          {f.detail.text}
                        </Link>
                      ) : (
                        <span data-testid={f.detail.testId}>{f.detail.text}</span>
                      )}
                    </p>
                  ) : null}
                </CardContent>
              </Card>
            )}
          </li>
        );
      })}
    </ul>
  );
}
