import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, LabelList, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { Backtest } from "@/features/settings/types";
import { formatNumber } from "@/lib/format";

const LEVELS = ["low", "medium", "high"] as const;

/** Rows for the chart and its table: one per risk level, current vs proposed counts. */
export function backtestRows(bt: Backtest): Array<{ level: (typeof LEVELS)[number]; current: number; proposed: number }> {
  return LEVELS.map((level) => ({ level, current: bt.current?.[level] ?? 0, proposed: bt.proposed?.[level] ?? 0 }));
}

/** Current vs proposed risk levels over the last 30 days: a small bar chart plus the same data as a table. */
export function BacktestChart({ backtest }: { backtest: Backtest }) {
  const { t } = useTranslation();
  const rows = backtestRows(backtest).map((r) => ({ ...r, label: t(`amlSettings.levels.${r.level}`) }));
  const titleId = `backtest-title-${backtest.proposedVersion}`;
  const delta = backtest.highRiskProposed - backtest.highRiskCurrent;
  return (
    <figure aria-labelledby={titleId} className="space-y-3" data-testid="backtest">
      <figcaption id={titleId} className="text-sm font-semibold">
        {t("amlSettings.backtest.title", { days: backtest.days, count: backtest.transactions, formatted: formatNumber(backtest.transactions) })}
      </figcaption>
      <p className="text-sm" data-testid="backtest-summary">
        {t("amlSettings.backtest.summary", {
          current: formatNumber(backtest.highRiskCurrent),
          proposed: formatNumber(backtest.highRiskProposed),
          currentVersion: backtest.currentVersion,
          proposedVersion: backtest.proposedVersion,
        })}{" "}
        <span className={delta > 0 ? "font-semibold text-destructive" : delta < 0 ? "font-semibold text-success" : "text-muted-foreground"}>
          {delta === 0 ? t("amlSettings.backtest.same") : t("amlSettings.backtest.delta", { delta: `${delta > 0 ? "+" : ""}${formatNumber(delta)}` })}
        </span>
      </p>
      <div className="h-52 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={rows} margin={{ top: 20, right: 8, left: 0, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12 }} tickFormatter={(v: number) => formatNumber(v)} width={48} />
            <Tooltip formatter={(v) => formatNumber(Number(v))} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="current" name={t("amlSettings.backtest.current", { version: backtest.currentVersion })} fill="var(--color-muted-foreground)" radius={[3, 3, 0, 0]}>
              <LabelList dataKey="current" position="top" formatter={(v) => formatNumber(Number(v))} style={{ fontSize: 11, fill: "var(--color-foreground)" }} />
            </Bar>
            <Bar dataKey="proposed" name={t("amlSettings.backtest.proposed", { version: backtest.proposedVersion })} fill="var(--color-primary)" radius={[3, 3, 0, 0]}>
              <LabelList dataKey="proposed" position="top" formatter={(v) => formatNumber(Number(v))} style={{ fontSize: 11, fill: "var(--color-foreground)" }} />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <div className="sr-only">
        <table>
          <caption>{t("amlSettings.backtest.tableCaption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("amlSettings.backtest.level")}</th>
              <th scope="col">{t("amlSettings.backtest.current", { version: backtest.currentVersion })}</th>
              <th scope="col">{t("amlSettings.backtest.proposed", { version: backtest.proposedVersion })}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.level}>
                <th scope="row">{r.label}</th>
                <td>{formatNumber(r.current)}</td>
                <td>{formatNumber(r.proposed)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

export default BacktestChart;
