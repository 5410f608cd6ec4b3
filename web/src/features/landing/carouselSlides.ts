import type { LucideIcon } from "lucide-react";
import { Banknote, BarChart3, Building2, Coins } from "lucide-react";
import type { PublicSummary } from "@/api/types";
import { formatChange, formatCompactMoney, formatDate, formatDayRange, formatNumber } from "@/lib/format";
import type { TranslationKey } from "@/i18n/keys";

/** Time between automatic slide changes. */
export const CAROUSEL_INTERVAL_MS = 4000;

/** A line of text under a slide's figure: a translation key and its values. */
export interface SlideLine {
  key: TranslationKey;
  options?: Record<string, unknown>;
}

export interface Slide {
  key: string;
  icon: LucideIcon;
  titleKey: TranslationKey;
  descriptionKey: TranslationKey;
  /** The headline figure; null when the period has none, and emptyKey then says so. */
  value: string | null;
  emptyKey: TranslationKey;
  /** What the figure covers (its period) and what goes with it. */
  lines: SlideLine[];
}

/**
 * The slides of the landing page's overview, every figure from GET /api/public/summary and each
 * with the days it covers (docs/FIGURES.md). The prototype's balance, compliance score and fixed
 * fallbacks are gone: no data Kormeer holds supports them. No summary (it could not be loaded, or
 * is not one) means no slides.
 */
export function buildSlides(summary: PublicSummary | null | undefined): Slide[] {
  if (!summary?.period) return [];
  const { period, previousPeriod } = summary;
  const covered: SlideLine = { key: "carousel.period", options: { period: formatDayRange(period.from, period.to), days: period.days } };
  const growth: SlideLine =
    summary.transactionGrowth === null
      ? { key: "carousel.noGrowth", options: { period: formatDayRange(previousPeriod.from, previousPeriod.to) } }
      : { key: "carousel.growth", options: { change: formatChange(summary.transactionGrowth), period: formatDayRange(previousPeriod.from, previousPeriod.to) } };
  const currencySlide = (currency: "USD" | "SHS", key: "usd" | "shs", icon: LucideIcon): Slide => {
    const c = summary.byCurrency.find((x) => x.currency === currency);
    const some = Boolean(c && c.transactions > 0);
    return {
      key,
      icon,
      titleKey: `carousel.slides.${key}.title`,
      descriptionKey: `carousel.slides.${key}.description`,
      value: some && c ? formatCompactMoney(c.value, currency) : null,
      emptyKey: "carousel.noTransactions",
      lines:
        some && c
          ? [
              covered,
              { key: "carousel.transactionsCount", options: { count: c.transactions, formatted: formatNumber(c.transactions) } },
              { key: "carousel.dailyAverage", options: { amount: formatCompactMoney(c.dailyAverage, currency) } },
            ]
          : [covered],
    };
  };
  const licensed = summary.licensedInstitutions;
  return [
    {
      key: "transactions",
      icon: BarChart3,
      titleKey: "carousel.slides.transactions.title",
      descriptionKey: "carousel.slides.transactions.description",
      value: summary.transactions > 0 ? formatNumber(summary.transactions) : null,
      emptyKey: "carousel.noTransactions",
      lines: [covered, growth],
    },
    currencySlide("USD", "usd", Banknote),
    currencySlide("SHS", "shs", Coins),
    {
      key: "institutions",
      icon: Building2,
      titleKey: "carousel.slides.institutions.title",
      descriptionKey: "carousel.slides.institutions.description",
      value: (licensed.total ?? 0) > 0 ? formatNumber(licensed.total ?? 0) : null,
      emptyKey: "carousel.noInstitutions",
      lines: [
        ...((licensed.total ?? 0) > 0
          ? [{ key: "carousel.institutionKinds" as const, options: { psp: formatNumber(licensed.psp ?? 0), mno: formatNumber(licensed.mno ?? 0), bank: formatNumber(licensed.bank ?? 0) } }]
          : []),
        { key: "carousel.asOf", options: { date: formatDate(summary.asOf) } },
      ],
    },
  ];
}
