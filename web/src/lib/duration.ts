// Apart from format.ts because it goes through the translations (i18next): the landing page's first
// load formats with format.ts and runs without i18next.
import i18n from "@/i18n";
import { formatNumber, spanParts } from "@/lib/format";

/**
 * A span in the largest unit that says it exactly (a rule's window: 1,440 minutes is "24 hours",
 * 10,080 is "7 days", 90 stays "90 minutes"), hours kept under two days as spanParts does.
 */
function exactSpanParts(ms: number): { unit: "minutes" | "hours" | "days"; count: number } {
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  if (minutes >= 48 * 60 && minutes % (24 * 60) === 0) return { unit: "days", count: minutes / (24 * 60) };
  if (minutes >= 60 && minutes % 60 === 0) return { unit: "hours", count: minutes / 60 };
  return { unit: "minutes", count: minutes };
}

/**
 * A span of time in the active language ("15 minutes", "24 hours", "3 jours"): rounded down as the
 * case clocks show it, or exact for a configured window. Plural forms come from the translations.
 */
export function formatDuration(ms: number, { exact = false }: { exact?: boolean } = {}): string {
  const { unit, count } = exact ? exactSpanParts(ms) : spanParts(ms);
  return i18n.t(`alerts.queue.span.${unit}`, { count, n: formatNumber(count) });
}
