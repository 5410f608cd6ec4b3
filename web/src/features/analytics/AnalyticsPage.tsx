import { useId, useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  LabelList,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { AlertTriangle } from "lucide-react";
import { ApiError } from "@/api/client";
import { describeError } from "@/api/errors";
import type { CurrentUser } from "@/api/types";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { analyticsOptions } from "@/features/analytics/api";
import { NotAllowed } from "@/components/ui/not-allowed";
import { PageHeader } from "@/components/ui/page-header";
import { NativeSelect } from "@/components/ui/native-select";
import { SelectField } from "@/components/ui/select-field";
import { Skeleton } from "@/components/ui/skeleton";
import { ChartCard } from "@/features/analytics/ChartCard";
import {
  addAmounts,
  chartAmount,
  checkRange,
  daysBetween,
  exportUrl,
  isEmptySection,
  pivotByDay,
  presetRange,
  shares,
} from "@/features/analytics/analytics";
import type { AnalyticsData, AnalyticsFilters, PeriodPreset, Section } from "@/features/analytics/analytics";
import { isRegulator } from "@/lib/roles";
import { formatMoney } from "@/lib/money";
import { formatDate, formatMonthDay, formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";
import { useAllInstitutions } from "@/api/institutions";
import { HorizontalScroll } from "@/components/HorizontalScroll";

/** Categorical colours (distinguishable, ≥3:1 against white). */
export const PALETTE = ["#0f766e", "#2563eb", "#c2410c", "#7c3aed", "#be123c", "#0e7490", "#4d7c0f", "#a16207", "#475569", "#db2777"];
const SEVERITY_COLORS: Record<string, string> = { low: "#64748b", medium: "#a16207", high: "#c2410c", critical: "#b91c1c" };
const RISK_COLORS: Record<string, string> = { low: "#0f766e", medium: "#a16207", high: "#c2410c", critical: "#b91c1c" };
const SEVERITY_ORDER = ["critical", "high", "medium", "low"];

function shortDay(day: string): string {
  const d = new Date(`${day.slice(0, 10)}T00:00:00`);
  if (Number.isNaN(d.getTime())) return day;
  return formatMonthDay(d);
}

const compact = (v: number) => formatNumber(v, { notation: "compact", maximumFractionDigits: 1 });
const usdCompact = (v: number) => `$${compact(v)}`;

/** The figures a regulator, a PSP or an MNO would rather look at than read. */
export function AnalyticsPage({ user }: { user: CurrentUser }) {
  const { t, i18n } = useTranslation();
  const title = t("analytics.title");
  const regulator = isRegulator(user.role);
  const allowed = regulator || user.role === "psp_admin" || user.role === "mno_admin";
  const periodId = useId();
  const fromId = useId();
  const toId = useId();
  const instId = useId();

  const [preset, setPreset] = useState<PeriodPreset>("30");
  const [custom, setCustom] = useState(() => presetRange(30));
  const [institutionId, setInstitutionId] = useState("");
  const [opMetric, setOpMetric] = useState<"count" | "volume">("count");

  const rangeError = preset === "custom" ? checkRange(custom.from, custom.to) : null;
  const range = preset === "custom" ? custom : presetRange(Number(preset));
  const filters: AnalyticsFilters = { ...range, institutionId: regulator ? institutionId : "" };

  const query = useQuery(analyticsOptions(filters, allowed && !rangeError));
  const psps = useAllInstitutions("psp", regulator);
  const mnos = useAllInstitutions("mno", regulator);

  const data = query.data;
  const loading = query.isLoading;
  const days = useMemo(() => (data ? daysBetween(data.from.slice(0, 10), data.to.slice(0, 10)) : []), [data]);
  // Re-shape when the language changes too (labels are translated inside).
  const lang = i18n.resolvedLanguage;

  const operators = useMemo(
    () =>
      pivotByDay(
        data?.byOperator ?? [],
        (r) => r.operator,
        (r) => (opMetric === "count" ? r.count : chartAmount(r.volumeUsd)),
        days,
      ),
    [data, days, opMetric],
  );
  const currencies = useMemo(() => pivotByDay(data?.byCurrency ?? [], (r) => r.currency, (r) => r.count, days), [data, days]);
  const alerts = useMemo(() => {
    const p = pivotByDay(data?.alertsBySeverity ?? [], (r) => r.severity, (r) => r.count, days);
    return { ...p, series: [...p.series].sort((a, b) => SEVERITY_ORDER.indexOf(b) - SEVERITY_ORDER.indexOf(a)) };
  }, [data, days]);
  const modes = useMemo(() => shares(data?.modes ?? []), [data]);
  const flows = data?.flows ?? [];
  const risk = useMemo(() => {
    const order = ["low", "medium", "high", "critical"];
    return [...(data?.risk ?? [])].sort((a, b) => order.indexOf(a.riskLevel) - order.indexOf(b.riskLevel));
  }, [data]);
  const top = useMemo(() => (data?.topInstitutions ?? []).map((r) => ({ ...r, volume: chartAmount(r.volumeUsd) })), [data]);

  const totalCount = (data?.daily ?? []).reduce((s, r) => s + r.count, 0);
  const totalVolume = addAmounts((data?.daily ?? []).map((r) => r.volumeUsd));
  const currencyTotals = useMemo(() => {
    const m = new Map<string, string[]>();
    for (const r of data?.byCurrency ?? []) m.set(r.currency, [...(m.get(r.currency) ?? []), r.volume]);
    return [...m.entries()].map(([c, vs]) => ({ currency: c, volume: addAmounts(vs) }));
  }, [data]);

  if (!allowed) return <NotAllowed title={title}>{t("analytics.notAllowed")}</NotAllowed>;

  const href = (s: Section) => exportUrl(s, filters);
  const label = (kind: string, key: string) => t(`analytics.${kind}.${key}`, { defaultValue: key });
  const countLabel = t("analytics.columns.count");
  const volumeLabel = t("analytics.columns.volumeUsd");
  const fmtValue = (v: number) => (opMetric === "count" ? formatNumber(v) : formatMoney(v.toFixed(2), "USD"));
  const empty = (s: Section) => isEmptySection(data, s);
  const institutions = [psps.data, mnos.data].flatMap((list) => (Array.isArray(list) ? list : []));
  void lang;

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-7xl space-y-6" data-testid="analytics-page">
      <PageHeader title={title} description={regulator ? t("analytics.description") : t("analytics.own")} />

      <Card>
        <CardContent className="flex flex-col gap-4 p-4 sm:flex-row sm:flex-wrap sm:items-end">
          <SelectField<PeriodPreset>
            id={periodId}
            label={t("analytics.period")}
            className="sm:w-48"
            value={preset}
            onChange={setPreset}
            options={[
              ...(["7", "30", "90"] as const).map((d) => ({ value: d, label: t("analytics.lastDays", { count: Number(d) }) })),
              { value: "custom", label: t("analytics.custom") },
            ]}
            testId="analytics-period"
          />
          {preset === "custom" ? (
            <>
              <div className="space-y-1.5">
                <Label htmlFor={fromId}>{t("analytics.from")}</Label>
                <Input id={fromId} type="date" value={custom.from} max={custom.to} onChange={(e) => setCustom((c) => ({ ...c, from: e.target.value }))} aria-invalid={rangeError ? true : undefined} aria-describedby={rangeError ? `${fromId}-err` : undefined} data-testid="analytics-from" />
              </div>
              <div className="space-y-1.5">
                <Label htmlFor={toId}>{t("analytics.to")}</Label>
                <Input id={toId} type="date" value={custom.to} min={custom.from} onChange={(e) => setCustom((c) => ({ ...c, to: e.target.value }))} aria-invalid={rangeError ? true : undefined} aria-describedby={rangeError ? `${fromId}-err` : undefined} data-testid="analytics-to" />
              </div>
            </>
          ) : null}
          {regulator ? (
            <div className="space-y-1.5 sm:w-72">
              <Label htmlFor={instId}>{t("analytics.institution")}</Label>
              <NativeSelect id={instId} value={institutionId} onChange={(e) => setInstitutionId(e.target.value)} data-testid="analytics-institution">
                <option value="">{t("analytics.allInstitutions")}</option>
                {(["psp", "mno"] as const).map((kind) => {
                  const list = institutions.filter((e) => e.type === kind).sort((a, b) => a.name.localeCompare(b.name));
                  return list.length ? (
                    <optgroup key={kind} label={t(`analytics.institutionGroups.${kind}`)}>
                      {list.map((e) => (
                        <option key={e.id} value={e.id}>
                          {e.name}
                        </option>
                      ))}
                    </optgroup>
                  ) : null;
                })}
              </NativeSelect>
            </div>
          ) : null}
          <p className="text-sm text-muted-foreground sm:ml-auto" aria-live="polite" data-testid="analytics-range">
            {query.isFetching && !loading ? t("analytics.refreshing") : t("analytics.range", { from: formatDate(`${range.from}T00:00:00`), to: formatDate(`${range.to}T00:00:00`) })}
          </p>
          {rangeError ? (
            <p id={`${fromId}-err`} role="alert" className="w-full text-sm text-destructive">
              {t(rangeError)}
            </p>
          ) : null}
        </CardContent>
      </Card>

      {query.isError ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm text-destructive" data-testid="analytics-error">
          {t("analytics.loadFailed")} {query.error instanceof ApiError ? describeError(query.error, t) : null}
        </p>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-3" data-testid="analytics-totals">
        {[
          { key: "transactions" as const, value: loading ? null : formatNumber(totalCount) },
          { key: "volume" as const, value: loading ? null : formatMoney(totalVolume, "USD") },
          {
            key: "byCurrency" as const,
            value: loading ? null : currencyTotals.length ? currencyTotals.map((c) => formatMoney(c.volume, c.currency)).join(" · ") : "—",
          },
        ].map((s) => (
          <Card key={s.key}>
            <CardContent className="p-4">
              <p className="text-sm text-muted-foreground">{t(`analytics.totals.${s.key}`)}</p>
              {s.value === null ? (
                <Skeleton className="mt-2 h-7 w-32" />
              ) : (
                <p className="mt-1 break-words text-xl font-semibold tabular-nums">{s.value}</p>
              )}
            </CardContent>
          </Card>
        ))}
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard
          id="byOperator"
          className="lg:col-span-2"
          title={t(opMetric === "count" ? "analytics.charts.byOperatorCount" : "analytics.charts.byOperatorVolume")}
          description={t("analytics.charts.byOperatorHelp")}
          csvHref={href("byOperator")}
          loading={loading}
          empty={empty("byOperator")}
          actions={
            <div role="group" aria-label={t("analytics.metric")} className="inline-flex rounded-md border p-0.5">
              {(["count", "volume"] as const).map((m) => (
                <button
                  key={m}
                  type="button"
                  aria-pressed={opMetric === m}
                  onClick={() => setOpMetric(m)}
                  data-testid={`metric-${m}`}
                  className={cn(
                    "h-8 cursor-pointer rounded px-3 text-xs font-medium focus-visible:outline-2 focus-visible:outline-ring",
                    opMetric === m ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:text-foreground",
                  )}
                >
                  {t(`analytics.metrics.${m}`)}
                </button>
              ))}
            </div>
          }
          table={{
            caption: t(opMetric === "count" ? "analytics.charts.byOperatorCount" : "analytics.charts.byOperatorVolume"),
            columns: [t("analytics.columns.day"), ...operators.series],
            rows: operators.data.filter((r) => operators.series.some((s) => Number(r[s]) > 0)).map((r) => [formatDate(`${r.day}T00:00:00`), ...operators.series.map((s) => fmtValue(Number(r[s])))]),
          }}
        >
          <div className="h-72">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart accessibilityLayer={false} data={operators.data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="day" tickFormatter={shortDay} tick={{ fontSize: 12 }} minTickGap={16} />
                <YAxis tickFormatter={opMetric === "count" ? compact : usdCompact} tick={{ fontSize: 12 }} width={56} allowDecimals={false} />
                <Tooltip labelFormatter={(d) => formatDate(`${String(d)}T00:00:00`)} formatter={(v) => fmtValue(Number(v))} />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                {operators.series.map((s, i) => (
                  <Bar key={s} dataKey={s} stackId="op" fill={PALETTE[i % PALETTE.length]} name={s} />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </div>
        </ChartCard>

        <ChartCard
          id="byCurrency"
          title={t("analytics.charts.byCurrency")}
          description={t("analytics.charts.byCurrencyHelp")}
          csvHref={href("byCurrency")}
          loading={loading}
          empty={empty("byCurrency")}
          table={{
            caption: t("analytics.charts.byCurrency"),
            columns: [t("analytics.columns.day"), ...currencies.series],
            rows: currencies.data.filter((r) => currencies.series.some((s) => Number(r[s]) > 0)).map((r) => [formatDate(`${r.day}T00:00:00`), ...currencies.series.map((s) => formatNumber(Number(r[s])))]),
          }}
        >
          <div className="h-64">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart accessibilityLayer={false} data={currencies.data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="day" tickFormatter={shortDay} tick={{ fontSize: 12 }} minTickGap={16} />
                <YAxis tickFormatter={compact} tick={{ fontSize: 12 }} width={48} allowDecimals={false} />
                <Tooltip labelFormatter={(d) => formatDate(`${String(d)}T00:00:00`)} formatter={(v) => formatNumber(Number(v))} />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                {currencies.series.map((s, i) => (
                  <Bar key={s} dataKey={s} stackId="cur" fill={PALETTE[(i + 1) % PALETTE.length]} name={s} />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </div>
        </ChartCard>

        <ChartCard
          id="modes"
          title={t("analytics.charts.modes")}
          description={t("analytics.charts.modesHelp")}
          csvHref={href("modes")}
          loading={loading}
          empty={empty("modes")}
          table={{
            caption: t("analytics.charts.modes"),
            columns: [t("analytics.columns.mode"), countLabel, t("analytics.columns.share"), volumeLabel],
            rows: modes.map((m) => [label("modes", m.mode), formatNumber(m.count), `${formatNumber(m.share)}%`, formatMoney(m.volumeUsd, "USD")]),
          }}
        >
          <div className="h-64">
            <ResponsiveContainer width="100%" height="100%">
              <PieChart accessibilityLayer={false}>
                <Pie
                  data={modes.map((m) => ({ ...m, name: label("modes", m.mode) }))}
                  dataKey="count"
                  nameKey="name"
                  innerRadius="45%"
                  outerRadius="75%"
                  paddingAngle={1}
                  rootTabIndex={-1}
                  label={({ payload }) => `${formatNumber((payload as { share: number }).share)}%`}
                  isAnimationActive={false}
                >
                  {modes.map((m, i) => (
                    <Cell key={m.mode} fill={PALETTE[i % PALETTE.length]} />
                  ))}
                </Pie>
                <Tooltip formatter={(v) => formatNumber(Number(v))} />
                <Legend wrapperStyle={{ fontSize: 12 }} />
              </PieChart>
            </ResponsiveContainer>
          </div>
        </ChartCard>

        <ChartCard
          id="flows"
          title={t("analytics.charts.flows")}
          description={t("analytics.charts.flowsHelp")}
          csvHref={href("flows")}
          loading={loading}
          empty={empty("flows")}
          table={{
            caption: t("analytics.charts.flows"),
            columns: [t("analytics.columns.flow"), countLabel, volumeLabel],
            rows: flows.map((f) => [label("flows", f.flowType), formatNumber(f.count), formatMoney(f.volumeUsd, "USD")]),
          }}
        >
          <CountBars
            data={flows.map((f) => ({ name: label("flows", f.flowType), count: f.count, fill: PALETTE[1] }))}
            countLabel={countLabel}
          />
        </ChartCard>

        <ChartCard
          id="risk"
          title={t("analytics.charts.risk")}
          description={t("analytics.charts.riskHelp")}
          csvHref={href("risk")}
          loading={loading}
          empty={empty("risk")}
          table={{
            caption: t("analytics.charts.risk"),
            columns: [t("analytics.columns.riskLevel"), countLabel],
            rows: risk.map((r) => [label("levels", r.riskLevel), formatNumber(r.count)]),
          }}
        >
          <CountBars
            data={risk.map((r) => ({ name: label("levels", r.riskLevel), count: r.count, fill: RISK_COLORS[r.riskLevel] ?? PALETTE[8] }))}
            countLabel={countLabel}
          />
        </ChartCard>

        <ChartCard
          id="alertsBySeverity"
          title={t("analytics.charts.alerts")}
          description={t("analytics.charts.alertsHelp")}
          csvHref={href("alertsBySeverity")}
          loading={loading}
          empty={empty("alertsBySeverity")}
          table={{
            caption: t("analytics.charts.alerts"),
            columns: [t("analytics.columns.day"), ...alerts.series.map((s) => label("levels", s))],
            rows: alerts.data.filter((r) => alerts.series.some((s) => Number(r[s]) > 0)).map((r) => [formatDate(`${r.day}T00:00:00`), ...alerts.series.map((s) => formatNumber(Number(r[s])))]),
          }}
        >
          <div className="h-64">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart accessibilityLayer={false} data={alerts.data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="day" tickFormatter={shortDay} tick={{ fontSize: 12 }} minTickGap={16} />
                <YAxis tickFormatter={compact} tick={{ fontSize: 12 }} width={40} allowDecimals={false} />
                <Tooltip labelFormatter={(d) => formatDate(`${String(d)}T00:00:00`)} formatter={(v) => formatNumber(Number(v))} />
                <Legend wrapperStyle={{ fontSize: 12 }} />
                {alerts.series.map((s) => (
                  <Bar key={s} dataKey={s} stackId="sev" name={label("levels", s)} fill={SEVERITY_COLORS[s] ?? PALETTE[8]} />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </div>
        </ChartCard>

        <ChartCard
          id="topInstitutions"
          title={t("analytics.charts.top")}
          description={t("analytics.charts.topHelp")}
          csvHref={href("topInstitutions")}
          loading={loading}
          empty={empty("topInstitutions")}
          table={{
            caption: t("analytics.charts.top"),
            columns: [t("analytics.columns.institution"), countLabel, volumeLabel],
            rows: top.map((r) => [r.name, formatNumber(r.count), formatMoney(r.volumeUsd, "USD")]),
          }}
        >
          <div style={{ height: Math.max(160, top.length * 36 + 40) }}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart accessibilityLayer={false} data={top} layout="vertical" margin={{ top: 8, right: 16, left: 0, bottom: 0 }}>
                <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                <XAxis type="number" tickFormatter={usdCompact} tick={{ fontSize: 12 }} />
                <YAxis type="category" dataKey="name" tick={{ fontSize: 12 }} width={120} />
                <Tooltip formatter={(v) => formatMoney(Number(v).toFixed(2), "USD")} />
                <Bar dataKey="volume" name={volumeLabel} fill={PALETTE[0]} radius={[0, 3, 3, 0]} />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </ChartCard>
      </div>

      <LicenceExpiries data={data} loading={loading} csvHref={href("licenceExpiries")} />
    </section>
  );
}

function LicenceExpiries({ data, loading, csvHref }: { data: AnalyticsData | undefined; loading: boolean; csvHref: string }) {
  const { t } = useTranslation();
  const rows = [...(data?.licenceExpiries ?? [])].sort((a, b) => a.licenseExpiresAt.localeCompare(b.licenseExpiresAt));
  const title = t("analytics.charts.expiries");
  const now = Date.now();
  return (
    <Card role="region" aria-labelledby="chart-expiries-title" data-testid="chart-licenceExpiries">
      <div className="flex flex-wrap items-start justify-between gap-2 p-6">
        <div>
          <h2 id="chart-expiries-title" className="text-base font-semibold">
            {title}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t("analytics.charts.expiriesHelp")}</p>
        </div>
        <a href={csvHref} download className="inline-flex h-9 items-center gap-2 rounded-md border border-input bg-card px-3 text-xs font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring" aria-label={t("analytics.downloadCsvFor", { title })} data-testid="csv-licenceExpiries">
          {t("analytics.downloadCsv")}
        </a>
      </div>
      <div className="px-6 pb-6">
        {loading ? (
          <Skeleton className="h-32" role="status" aria-label={t("analytics.loading")} />
        ) : rows.length === 0 ? (
          <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">{t("analytics.noExpiries")}</p>
        ) : (
          <HorizontalScroll label={title} hint>
            <table className="w-full min-w-[36rem] text-sm">
              <caption className="sr-only">{title}</caption>
              <thead className="border-b bg-muted/50 text-left text-xs uppercase tracking-wide text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">{t("analytics.columns.institution")}</th>
                  <th scope="col" className="px-3 py-2 font-semibold">{t("analytics.columns.type")}</th>
                  <th scope="col" className="px-3 py-2 font-semibold">{t("analytics.columns.licence")}</th>
                  <th scope="col" className="px-3 py-2 font-semibold">{t("analytics.columns.expires")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => {
                  const days = Math.ceil((Date.parse(r.licenseExpiresAt) - now) / 86_400_000);
                  return (
                    <tr key={r.id} className="border-b last:border-0" data-testid="expiry-row">
                      <th scope="row" className="px-3 py-2 text-left font-medium">{r.name}</th>
                      <td className="px-3 py-2">
                        <Badge variant="secondary">{t(`applications.types.${r.type}`, { defaultValue: r.type })}</Badge>
                      </td>
                      <td className="px-3 py-2 font-mono text-xs">{r.licenseNumber}</td>
                      <td className="px-3 py-2 tabular-nums">
                        <span className={cn("flex items-center gap-1.5", days <= 30 && "font-semibold text-destructive")}>
                          {days <= 30 ? <AlertTriangle className="h-3.5 w-3.5" aria-hidden="true" /> : null}
                          {formatDate(r.licenseExpiresAt)}
                          <span className="text-xs font-normal text-muted-foreground">
                            {days < 0 ? t("analytics.expired") : t("analytics.inDays", { count: days })}
                          </span>
                        </span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </HorizontalScroll>
        )}
      </div>
    </Card>
  );
}

export default AnalyticsPage;

/** A bar per category with its count on top: the flow-type and risk charts. */
function CountBars({ data, countLabel }: { data: { name: string; count: number; fill?: string }[]; countLabel: string }) {
  return (
    <div className="h-64">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" tick={{ fontSize: 12 }} />
          <YAxis tickFormatter={compact} tick={{ fontSize: 12 }} width={48} allowDecimals={false} />
          <Tooltip formatter={(v) => formatNumber(Number(v))} />
          <Bar dataKey="count" name={countLabel} radius={[3, 3, 0, 0]}>
            {data.map((d) => (
              <Cell key={d.name} fill={d.fill} />
            ))}
            <LabelList dataKey="count" position="top" formatter={(v) => formatNumber(Number(v))} style={{ fontSize: 12, fill: "var(--color-foreground)" }} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
