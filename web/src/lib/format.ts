import { currentLanguage } from "@/i18n/languages";

/**
 * BCP 47 locale for Intl per interface language. French is France's French ("24 nov. 2026, 14:05",
 * "1 234,56"): the central bank's French-reading staff were trained on it (docs/DECISIONS.md).
 */
const LOCALES: Record<string, string> = { en: "en-US", so: "so-SO", fr: "fr-FR" };

/**
 * BCP 47 locale for Intl, following the active interface language. Read from i18n/languages.ts,
 * not i18next: the landing page's first load formats its figures without i18next.
 */
export function activeLocale(): string {
  return LOCALES[currentLanguage()] ?? "en-US";
}

/**
 * Intl's formatters are slow to build on a slow phone (a table's dates, built one per cell, held
 * the main thread for tens of milliseconds) and cheap to reuse: one per locale and options, kept.
 */
const formatters = new Map<string, unknown>();

function kept<T>(kind: string, locale: string, options: object | undefined, make: () => T): T {
  const key = `${kind}|${locale}|${JSON.stringify(options ?? {})}`;
  let f = formatters.get(key) as T | undefined;
  if (f === undefined) {
    f = make();
    formatters.set(key, f);
  }
  return f;
}

function numberFormat(options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = activeLocale();
  return kept("number", locale, options, () => new Intl.NumberFormat(locale, options));
}

/** A date formatter: Intl's, or the Somali one below where the browser has no Somali. */
type DateFormatter = Pick<Intl.DateTimeFormat, "format" | "formatRange">;

/** Somali month abbreviations, as CLDR has them. */
const SOMALI_MONTHS = ["Jan", "Feb", "Mar", "Abr", "May", "Jun", "Lul", "Ogs", "Seb", "Okt", "Nof", "Dis"];

/**
 * Dates in Somali where the browser's Intl has no Somali data: Chromium's reduced ICU lacks it
 * (`Intl.DateTimeFormat.supportedLocalesOf(["so"])` is empty) and would write English months.
 * British English has the order Somali uses (day, month, year; 24-hour time); its month names are
 * replaced with the Somali ones: "24 Nof 2026, 13:49".
 */
export function somaliDateFormat(options: Intl.DateTimeFormatOptions): DateFormatter {
  const british = new Intl.DateTimeFormat("en-GB", options);
  const months = new Intl.DateTimeFormat("en-GB", { month: "short", timeZone: "UTC" });
  const somali = new Map(SOMALI_MONTHS.map((so, i) => [months.format(new Date(Date.UTC(2026, i, 15))), so]));
  const join = (parts: Intl.DateTimeFormatPart[]) => parts.map((p) => (p.type === "month" ? (somali.get(p.value) ?? p.value) : p.value)).join("");
  return {
    format: (date) => join(british.formatToParts(date)),
    formatRange: (a, b) => join(british.formatRangeToParts(a, b)),
  };
}

/** A date formatter in the active language, Somali included whatever the browser's data. */
function dateFormat(options: Intl.DateTimeFormatOptions): DateFormatter {
  const locale = activeLocale();
  return kept("date", locale, options, () =>
    locale.startsWith("so") && Intl.DateTimeFormat.supportedLocalesOf([locale]).length === 0
      ? somaliDateFormat(options)
      : new Intl.DateTimeFormat(locale, options),
  );
}

/** Formats a plain number per the active language. */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return numberFormat(options).format(value);
}

/** Formats a whole-number percentage (95 → "95%") per the active language. */
export function formatPercent(value: number): string {
  return numberFormat({
    style: "percent",
    maximumFractionDigits: 1,
  }).format(value / 100);
}

/** A date without its time ("Nov 24, 2026", "24 nov. 2026") per the active language. */
export function formatDate(value: Date | string | number): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return dateFormat({ year: "numeric", month: "short", day: "2-digit" }).format(date);
}

/** A day of the month without the year ("Nov 24", "24 nov."), as chart axes show days. */
export function formatMonthDay(value: Date): string {
  return dateFormat({ month: "short", day: "numeric" }).format(value);
}

/**
 * The interface's one date-and-time format: "MMM dd, yyyy HH:mm" per the active language, always
 * on a 24-hour clock (001 §9: alerts add HH:mm), so no screen shows "12:57 AM" next to "00:57".
 * With seconds (the audit trail), events of the same minute can be told apart and put in order.
 * A missing or unreadable value shows as "—".
 */
export function formatDateTime(value: Date | string | number | null | undefined, { seconds = false }: { seconds?: boolean } = {}): string {
  if (value === null || value === undefined || value === "") return "—";
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "—";
  return dateFormat({
    year: "numeric",
    month: "short",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    ...(seconds ? { second: "2-digit" } : {}),
    hourCycle: "h23",
  }).format(date);
}

/**
 * A record id in 8 characters, where 001 §2 shows ids "as their first 8 characters". Kormeer's
 * ids are time-ordered UUIDs (version 7, for compact database indexes): their first 8 characters
 * are the creation time and repeat for a minute at a time, so every row of a busy minute would
 * show the same 8. Their last 8 are random, so those are the ones shown (docs/DECISIONS.md).
 */
export function shortId(id: string): string {
  return id.slice(-8);
}

/**
 * A span of whole UTC days ("YYYY-MM-DD", both included) per the active language: "Nov 1 – 24,
 * 2026". The server counts figures per UTC day, so the days are shown in UTC, whatever the
 * browser's time zone.
 */
export function formatDayRange(from: string, to: string): string {
  const day = (s: string) => new Date(`${s}T00:00:00Z`);
  const a = day(from);
  const b = day(to);
  if (Number.isNaN(a.getTime()) || Number.isNaN(b.getTime())) return "";
  return dateFormat({ year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }).formatRange(a, b);
}

/** A percent change with its sign ("+12.5%", "−3%", "0%") per the active language. */
export function formatChange(percent: number): string {
  return numberFormat({ style: "percent", signDisplay: "exceptZero", maximumFractionDigits: 1 }).format(percent / 100);
}

/**
 * An exact decimal amount ("1234567.89") shortened for a headline figure: "$1.2M", "SHS 3.4B".
 * Intl takes the decimal as a string, so the amount never goes through a float.
 */
export function formatCompactMoney(value: string, currency: string): string {
  const compact = (style: Intl.NumberFormatOptions) =>
    numberFormat({ notation: "compact", minimumFractionDigits: 0, maximumFractionDigits: 1, ...style }).format(value as unknown as number);
  return currency === "USD" ? compact({ style: "currency", currency: "USD", currencyDisplay: "narrowSymbol" }) : `${compact({})} ${currency}`;
}

/** A span as the alert queue says it, rounded down: minutes under an hour, hours under two days, then days. */
export function spanParts(ms: number): { unit: "minutes" | "hours" | "days"; count: number } {
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  if (minutes < 60) return { unit: "minutes", count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { unit: "hours", count: hours };
  return { unit: "days", count: Math.floor(hours / 24) };
}

/**
 * Builds the formatters a page's figures need first, in the active language. The first Intl
 * formatter of a page also sets up ICU, a long task on a slow phone (docs/PERFORMANCE.md, "Figures
 * behind the code's choices"): the landing page's first load calls this while its modules'
 * evaluation holds the thread anyway, instead of paying it in the render of its figures.
 */
export function warmFormatters(): void {
  formatNumber(0);
  formatDayRange("2026-01-01", "2026-01-02");
}
