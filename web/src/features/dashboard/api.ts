import { queryOptions } from "@tanstack/react-query";
import { api, dataOf } from "@/api/api";
import { sharedKeys } from "@/api/keys";
import { ALERTS_LIST_KEY, alertsQuery } from "@/features/compliance/alertsQueue";
import { readAlertsPage } from "@/features/compliance/api";
import type { AlertQuery } from "@/features/compliance/alertsQueue";

/** The national figures of the regulators' dashboard (GET /api/metrics). */
export function summaryMetricsOptions() {
  return queryOptions({ queryKey: sharedKeys.metrics, queryFn: ({ signal }) => dataOf(api.GET("/api/metrics", { signal })) });
}

/**
 * The first page of the alerts matching q as the dashboard panel reads them: under the alert
 * queue's list key, so a live alert or a case action refreshes the panel too.
 */
export function alertsPageOptions(q: AlertQuery) {
  const query = alertsQuery(q);
  return queryOptions({ queryKey: [...ALERTS_LIST_KEY, "page", query] as const, queryFn: ({ signal }) => readAlertsPage(query, null, signal) });
}

/** Marks an alert read for me (the panel's dismiss). */
export function markAlertRead(id: string) {
  return dataOf(api.PATCH("/api/alerts/{id}/read", { params: { path: { id } } }));
}
