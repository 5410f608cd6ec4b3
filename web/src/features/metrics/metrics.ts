/** Pure rules of the /metrics screen (001 §2, §4 and §9), kept apart so they are unit tested. */

/** Metrics refresh 5 s, fresh for 1 s; health refresh 10 s, fresh for 2 s (001 §9). */
export const METRICS_REFETCH_MS = 5_000;
export const METRICS_STALE_MS = 1_000;
export const HEALTH_REFETCH_MS = 10_000;
export const HEALTH_STALE_MS = 2_000;

/** Response-time targets (001 §9): green below 500 ms, yellow from 500 ms, red from 1000 ms. */
export const RESPONSE_TIME_WARNING_MS = 500;
export const RESPONSE_TIME_CRITICAL_MS = 1_000;
/** Error-rate thresholds in percent (001 §9): warning at 2 %, critical at 5 %. */
export const ERROR_RATE_WARNING = 2;
export const ERROR_RATE_CRITICAL = 5;

export type Level = "good" | "warning" | "critical";

export function responseTimeLevel(ms: number): Level {
  if (ms >= RESPONSE_TIME_CRITICAL_MS) return "critical";
  if (ms >= RESPONSE_TIME_WARNING_MS) return "warning";
  return "good";
}

export function errorRateLevel(percent: number): Level {
  if (percent >= ERROR_RATE_CRITICAL) return "critical";
  if (percent >= ERROR_RATE_WARNING) return "warning";
  return "good";
}

/** Text colour classes per level: green, yellow, red. */
export const LEVEL_TEXT: Record<Level, string> = {
  good: "text-emerald-700 dark:text-emerald-400",
  warning: "text-amber-700 dark:text-amber-400",
  critical: "text-red-700 dark:text-red-400",
};

/** Active-connections progress = count / 10 (so 1000 connections fill the bar), clamped to 0–100. */
export function connectionsProgress(count: number): number {
  return clampPercent(count / 10);
}

/** The healthy share of servers in percent (0 when there are none). */
export function healthyShare(healthy: number, total: number): number {
  return total > 0 ? clampPercent((healthy / total) * 100) : 0;
}

/** Server-health badge (001 §4): default when all healthy, secondary when more than half, else destructive. */
export function serverHealthVariant(healthy: number, total: number): "default" | "secondary" | "destructive" {
  if (total > 0 && healthy >= total) return "default";
  if (healthy > total / 2) return "secondary";
  return "destructive";
}

/** Health badge: default style only for "healthy". */
export function healthVariant(status: string | undefined): "default" | "destructive" {
  return status === "healthy" ? "default" : "destructive";
}

/** The heap-used share in percent (0 when the total is unknown). */
export function heapShare(used: number, total: number): number {
  return total > 0 ? clampPercent((used / total) * 100) : 0;
}

/** Bytes to megabytes (MiB, as process tools report), unrounded. */
export function toMegabytes(bytes: number): number {
  return bytes / (1024 * 1024);
}

/** Uptime in seconds split into whole hours and minutes. */
export function uptimeParts(seconds: number): { hours: number; minutes: number } {
  const s = Math.max(0, Math.floor(seconds));
  return { hours: Math.floor(s / 3600), minutes: Math.floor((s % 3600) / 60) };
}

/** The number of failed requests implied by a total and an error rate in percent. */
export function errorCount(requests: number, errorRatePercent: number): number {
  return Math.round((requests * errorRatePercent) / 100);
}

/** A pool name for display: hyphens shown as spaces ("sqlite-readers" → "sqlite readers"). */
export function poolLabel(name: string): string {
  return name.replace(/-/g, " ");
}

function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.max(0, Math.min(100, value));
}
