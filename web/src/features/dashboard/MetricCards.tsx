import { useTranslation } from "react-i18next";
import { Activity, DollarSign, Building2, ShieldCheck } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import type { SummaryMetrics } from "@/api/types";
import { Card, CardContent } from "@/components/ui/card";
import { formatNumber, formatPercent } from "@/lib/format";

interface MetricDef {
  key: "totalTransactions" | "transactionVolume" | "activePsps" | "complianceScore";
  icon: LucideIcon;
  value: (m: SummaryMetrics) => string;
}

const present = (v: number | null | undefined): v is number => typeof v === "number" && Number.isFinite(v);

const METRICS: MetricDef[] = [
  { key: "totalTransactions", icon: Activity, value: (m) => (present(m.totalTransactions) ? formatNumber(m.totalTransactions) : "0") },
  { key: "transactionVolume", icon: DollarSign, value: (m) => m.transactionVolume || "$0" },
  { key: "activePsps", icon: Building2, value: (m) => (present(m.activePsps) ? formatNumber(m.activePsps) : "0") },
  { key: "complianceScore", icon: ShieldCheck, value: (m) => (present(m.complianceScore) ? formatPercent(m.complianceScore) : "—") },
];

/** The four metric cards (000 §2) with their fixed captions; 4 skeleton cards while loading. */
export function MetricCards({ metrics, loading }: { metrics: SummaryMetrics | null | undefined; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label={t("dashboard.metrics.label")} aria-busy={loading || undefined}>
      {METRICS.map(({ key, icon: Icon, value }) => (
        <li key={key}>
          <Card className="h-full">
            {loading ? (
              <CardContent className="space-y-3 p-5" data-testid="metric-skeleton">
                <span className="block h-4 w-32 animate-pulse rounded bg-muted" />
                <span className="block h-8 w-24 animate-pulse rounded bg-muted" />
                <span className="block h-3 w-36 animate-pulse rounded bg-muted" />
              </CardContent>
            ) : (
              <CardContent className="p-5" data-testid={`metric-${key}`}>
                <div className="flex items-start justify-between gap-3">
                  <p className="text-sm font-medium text-muted-foreground">{t(`dashboard.metrics.${key}`)}</p>
                  <Icon className="h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
                </div>
                <p className="mt-2 text-2xl font-semibold tabular-nums sm:text-3xl" data-testid="metric-value">
                  {value(metrics ?? {})}
                </p>
                <p className="mt-1 text-xs text-muted-foreground">{t(`dashboard.metrics.${key}Caption`)}</p>
              </CardContent>
            )}
          </Card>
        </li>
      ))}
    </ul>
  );
}
