import type { LucideIcon } from "lucide-react";
import { BarChart3, Building2, CalendarDays, ShieldCheck, TrendingUp, Wallet } from "lucide-react";
import type { SummaryMetrics } from "@/api/types";
import { formatNumber, formatPercent, activeLocale } from "@/lib/format";

/** Fallbacks and fixed figures of the carousel (spec 000 §9). */
export const CAROUSEL_FALLBACKS = {
  totalBalance: 125_700_000,
  transactionVolume: "$1.8M",
  totalTransactions: 9,
  dailyAverage: 58_000,
  activeInstitutions: 12,
  complianceScore: 95,
  monthlyGrowth: 0.125,
} as const;

/** Time between automatic slide changes. */
export const CAROUSEL_INTERVAL_MS = 4000;

export interface Slide {
  key: string;
  icon: LucideIcon;
  titleKey: string;
  descriptionKey: string;
  value: string;
  /** Optional second figure under the main one. */
  secondary?: { key: string; count: number; formatted: string };
}

function usd(value: number, compact: boolean): string {
  return new Intl.NumberFormat(activeLocale(), {
    style: "currency",
    currency: "USD",
    currencyDisplay: "narrowSymbol",
    notation: compact ? "compact" : "standard",
    maximumFractionDigits: compact ? 1 : 0,
  }).format(value);
}

function growth(value: number): string {
  return new Intl.NumberFormat(activeLocale(), {
    style: "percent",
    signDisplay: "always",
    maximumFractionDigits: 1,
  }).format(value);
}

function present<T>(value: T | null | undefined): value is T {
  return value !== null && value !== undefined && value !== "";
}

/** The six slides, with live metrics where the server provides them. */
export function buildSlides(metrics: SummaryMetrics | null | undefined): Slide[] {
  const m = metrics ?? {};
  const totalTransactions = present(m.totalTransactions)
    ? m.totalTransactions
    : CAROUSEL_FALLBACKS.totalTransactions;
  return [
    {
      key: "totalBalance",
      icon: Wallet,
      titleKey: "carousel.slides.totalBalance.title",
      descriptionKey: "carousel.slides.totalBalance.description",
      value: usd(CAROUSEL_FALLBACKS.totalBalance, true),
    },
    {
      key: "monthlyVolume",
      icon: BarChart3,
      titleKey: "carousel.slides.monthlyVolume.title",
      descriptionKey: "carousel.slides.monthlyVolume.description",
      value: present(m.transactionVolume) ? m.transactionVolume : CAROUSEL_FALLBACKS.transactionVolume,
      secondary: {
        key: "carousel.transactionsCount",
        count: totalTransactions,
        formatted: formatNumber(totalTransactions),
      },
    },
    {
      key: "dailyAverage",
      icon: CalendarDays,
      titleKey: "carousel.slides.dailyAverage.title",
      descriptionKey: "carousel.slides.dailyAverage.description",
      value: usd(CAROUSEL_FALLBACKS.dailyAverage, false),
    },
    {
      key: "activeInstitutions",
      icon: Building2,
      titleKey: "carousel.slides.activeInstitutions.title",
      descriptionKey: "carousel.slides.activeInstitutions.description",
      value: formatNumber(present(m.activePsps) ? m.activePsps : CAROUSEL_FALLBACKS.activeInstitutions),
    },
    {
      key: "complianceScore",
      icon: ShieldCheck,
      titleKey: "carousel.slides.complianceScore.title",
      descriptionKey: "carousel.slides.complianceScore.description",
      value: formatPercent(
        present(m.complianceScore) ? m.complianceScore : CAROUSEL_FALLBACKS.complianceScore,
      ),
    },
    {
      key: "monthlyGrowth",
      icon: TrendingUp,
      titleKey: "carousel.slides.monthlyGrowth.title",
      descriptionKey: "carousel.slides.monthlyGrowth.description",
      value: growth(CAROUSEL_FALLBACKS.monthlyGrowth),
    },
  ];
}

