import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Loader2, Route as RouteIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { scoreBand, selectRoutes, usdMinor } from "@/features/transfers/engine";
import type { Currency, RouteOption } from "@/features/transfers/engine";
import { formatMoney } from "@/lib/money";
import { formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";

/** The simulated analysis time (001 §9). */
export const ANALYSIS_MS = 1_000;

const BAND_CLASSES = {
  green: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
  yellow: "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300",
  red: "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300",
} as const;

/**
 * The route analysis panel: after a simulated 1 s analysis, the sample routes
 * that carry this flow type, mode and amount, best score first.
 */
export function RouteAnalysisPanel({
  flowType,
  mode,
  currency,
  amount,
  fee,
}: {
  flowType: string | null;
  mode: string;
  currency: Currency | null;
  amount: number | null;
  /** The fee the server quotes for the amount (decimal string): every route charges it. */
  fee: string | null;
}) {
  const { t } = useTranslation();
  const ready = flowType !== null && (mode === "online" || mode === "offline") && currency !== null && amount !== null && amount > 0;
  const signature = ready ? `${flowType}|${mode}|${currency}|${amount}` : "";
  const [analysed, setAnalysed] = useState<{ signature: string; routes: RouteOption[] } | null>(null);

  useEffect(() => {
    if (!signature || flowType === null || currency === null || amount === null) return;
    const timer = setTimeout(() => {
      setAnalysed({ signature, routes: selectRoutes(flowType, mode, usdMinor(amount, currency)) });
    }, ANALYSIS_MS);
    return () => clearTimeout(timer);
  }, [signature, ready, flowType, mode, amount, currency]);

  const analysing = ready && analysed?.signature !== signature;
  const routes = ready && !analysing ? (analysed?.routes ?? []) : [];

  return (
    <Card className="h-fit" data-testid="route-panel">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <RouteIcon className="h-5 w-5 text-primary" aria-hidden="true" />
          {t("transfers.routes.title")}
        </CardTitle>
        <CardDescription>{t("transfers.routes.description")}</CardDescription>
      </CardHeader>
      <CardContent aria-live="polite">
        {!ready ? (
          <p className="text-sm text-muted-foreground">{t("transfers.routes.waiting")}</p>
        ) : analysing ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="route-analysing">
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            {t("transfers.routes.analysing")}
          </p>
        ) : routes.length === 0 ? (
          <p className="text-sm text-destructive" data-testid="route-none">
            {t("transfers.routes.none", { mode: t(`transfers.modeWord.${mode}`) })}
          </p>
        ) : (
          <ol className="space-y-3" data-testid="route-list">
            {routes.map((r, i) => (
              <li key={r.id} className={cn("rounded-lg border p-3", i === 0 && "border-primary")} data-testid="route-option" data-route={r.id}>
                <div className="flex items-start justify-between gap-2">
                  <div>
                    <p className="font-medium">{r.name}</p>
                    <p className="font-mono text-xs text-muted-foreground">{r.routingCode}</p>
                  </div>
                  <span
                    className={cn("rounded-md px-2 py-0.5 text-sm font-semibold tabular-nums", BAND_CLASSES[scoreBand(r.score)])}
                    data-band={scoreBand(r.score)}
                    title={t("transfers.routes.score")}
                  >
                    <span className="sr-only">{t("transfers.routes.score")} </span>
                    {r.score}
                  </span>
                </div>
                {i === 0 ? (
                  <Badge className="mt-2" variant="default">
                    {t("transfers.routes.recommended")}
                  </Badge>
                ) : null}
                <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
                  <dt className="text-muted-foreground">{t("transfers.routes.fee")}</dt>
                  <dd className="text-right tabular-nums" data-testid="route-fee">
                    {fee !== null && currency !== null ? formatMoney(fee, currency) : "—"}
                  </dd>
                  <dt className="text-muted-foreground">{t("transfers.routes.time")}</dt>
                  <dd className="text-right">{r.processingTime}</dd>
                  <dt className="text-muted-foreground">{t("transfers.routes.limits")}</dt>
                  <dd className="text-right tabular-nums">
                    {formatNumber(r.minAmount)}–{formatNumber(r.maxAmount)} USD
                  </dd>
                  <dt className="text-muted-foreground">{t("transfers.routes.modes")}</dt>
                  <dd className="text-right">{r.supportedModes.map((m) => t(`transfers.modeWord.${m}`)).join(", ")}</dd>
                </dl>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
