import { queryOptions } from "@tanstack/react-query";
import { getJson } from "@/api/client";
import { sharedKeys } from "@/api/keys";
import { fetchPage } from "@/api/paging";
import type { Alert, SummaryMetrics } from "@/api/types";
import { ALERTS_LIST_KEY } from "@/features/compliance/alertsQueue";

/** The national figures of the regulators' dashboard (GET /api/metrics). */
export function summaryMetricsOptions() {
  return queryOptions({ queryKey: sharedKeys.metrics, queryFn: ({ signal }) => getJson<SummaryMetrics>("/api/metrics", signal) });
}

/**
 * One page of alerts as the dashboard panel reads them (url from alertsUrl): under the alert
 * queue's list key, so a live alert or a case action refreshes the panel too.
 */
export function alertsPageOptions(url: string) {
  return queryOptions({ queryKey: [...ALERTS_LIST_KEY, url] as const, queryFn: ({ signal }) => fetchPage<Alert>(url, signal) });
}
