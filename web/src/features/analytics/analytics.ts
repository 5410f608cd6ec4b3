import type { components } from "@/api/schema";
import type { TranslationKey } from "@/i18n/keys";

/** GET /api/analytics: aggregates for the period (money as decimal strings). */
export type AnalyticsData = components["schemas"]["AnalyticsData"];

/** The export sections (the keys of the answer that hold rows). */
export const SECTIONS = [
  "daily",
  "byOperator",
  "byCurrency",
  "modes",
  "flows",
  "risk",
  "alertsBySeverity",
  "topInstitutions",
  "licenceExpiries",
] as const;
export type Section = (typeof SECTIONS)[number];

export type PeriodPreset = "7" | "30" | "90" | "custom";

/** YYYY-MM-DD of a local date. */
export function isoDay(d: Date): string {
  const y = d.getFullYear();
  const m = String(d.getMonth() + 1).padStart(2, "0");
  const day = String(d.getDate()).padStart(2, "0");
  return `${y}-${m}-${day}`;
}

/** The last N days including today, as from/to dates. */
export function presetRange(days: number, today: Date = new Date()): { from: string; to: string } {
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { from: isoDay(from), to: isoDay(today) };
}

/** Why a custom range is refused (an i18n key), or null. */
export function checkRange(from: string, to: string): TranslationKey | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return "analytics.errors.dates";
  if (from > to) return "analytics.errors.order";
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (days > 366) return "analytics.errors.tooLong";
  return null;
}

/** Every day from..to inclusive (UTC arithmetic on plain dates). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end)) return out;
  for (let t = start; t <= end && out.length < 400; t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** A decimal-string amount as a number, for drawing only (tables and CSV keep the exact strings). */
export function chartAmount(value: string | number | null | undefined): number {
  if (typeof value === "number") return value;
  const n = Number.parseFloat(value ?? "");
  return Number.isFinite(n) ? n : 0;
}

export type PivotRow = { day: string } & Record<string, number | string>;

/**
 * Long rows (day, series, value) → one row per day with a column per series, every day of the
 * period present (missing → 0), series ordered by their total, largest first (the stack's base).
 */
export function pivotByDay<T extends { day: string }>(
  rows: T[],
  seriesOf: (row: T) => string,
  valueOf: (row: T) => number,
  days: string[],
): { data: PivotRow[]; series: string[] } {
  const totals = new Map<string, number>();
  const byDay = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const s = seriesOf(r) || "—";
    const v = valueOf(r);
    const day = r.day.slice(0, 10);
    totals.set(s, (totals.get(s) ?? 0) + v);
    const m = byDay.get(day) ?? new Map<string, number>();
    m.set(s, (m.get(s) ?? 0) + v);
    byDay.set(day, m);
  }
  const series = [...totals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([s]) => s);
  const allDays = days.length ? days : [...byDay.keys()].sort();
  const data = allDays.map((day) => {
    const row: PivotRow = { day };
    const m = byDay.get(day);
    for (const s of series) row[s] = m?.get(s) ?? 0;
    return row;
  });
  return { data, series };
}

/** Adds two decimal strings exactly (two places), for totals shown as text. */
export function addAmounts(values: Array<string | null | undefined>): string {
  let cents = 0n;
  for (const v of values) {
    const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec((v ?? "").trim());
    if (!m) continue;
    const c = BigInt(m[2]!) * 100n + BigInt(((m[3] ?? "") + "00").slice(0, 2));
    cents += m[1] ? -c : c;
  }
  const neg = cents < 0n;
  const abs = neg ? -cents : cents;
  return `${neg ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}

/** True when the period has nothing to draw in a section. */
export function isEmptySection(data: AnalyticsData | undefined, section: Section): boolean {
  const rows = data?.[section] as Array<{ count?: number }> | undefined;
  if (!rows || rows.length === 0) return true;
  if (section === "licenceExpiries") return false;
  return rows.every((r) => !r.count);
}

export interface AnalyticsFilters {
  from: string;
  to: string;
  institutionId: string;
}

/** The query of the data and of its exports: the period, and the institution when one is chosen. */
export function analyticsQuery(f: AnalyticsFilters): { from: string; to: string; institutionId?: string } {
  return f.institutionId ? { from: f.from, to: f.to, institutionId: f.institutionId } : { from: f.from, to: f.to };
}

/** Query string of the export links. */
export function filterParams(f: AnalyticsFilters): URLSearchParams {
  return new URLSearchParams(analyticsQuery(f));
}

export function exportUrl(section: Section, f: AnalyticsFilters): string {
  const p = filterParams(f);
  p.set("section", section);
  return `/api/analytics/export?${p.toString()}`;
}

/** Share of each part in percent (one decimal), for the pie's labels and the table. */
export function shares<T extends { count: number }>(rows: T[]): Array<T & { share: number }> {
  const total = rows.reduce((s, r) => s + r.count, 0);
  return rows.map((r) => ({ ...r, share: total ? Math.round((r.count / total) * 1000) / 10 : 0 }));
}
