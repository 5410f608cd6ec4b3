import { formatDateTime } from "@/lib/format";

/**
 * An audit time in the reader's language and time zone, to the second: an investigator lines up
 * events that happen within the same minute (a failed sign-in, then a success). A time the browser
 * cannot read is shown as the server sent it rather than hidden.
 */
export function formatAuditTime(value: string): string {
  return formatDateTime(value, { seconds: true }) || value;
}

/** A detail value as text: strings as they are, everything else as compact JSON. */
export function detailText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "";
  return JSON.stringify(value);
}

/** The detail entries of a row, sorted by key so the same event always reads the same way. */
export function detailEntries(details: Record<string, unknown> | null | undefined): [string, string][] {
  if (!details) return [];
  return Object.keys(details)
    .sort()
    .map((k) => [k, detailText(details[k])]);
}
