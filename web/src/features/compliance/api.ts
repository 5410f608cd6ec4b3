import { queryOptions } from "@tanstack/react-query";
import { api, dataOf } from "@/api/api";
import type { QueryOf } from "@/api/api";
import { sharedKeys } from "@/api/keys";

/**
 * The alerts' reads and their keys. Every one starts with sharedKeys.alerts, so the refresh a
 * live alert triggers reaches the queue, its counts and an open case; lists and details cannot
 * clash (a list's second element is "list").
 */
export const alertKeys = {
  all: sharedKeys.alerts,
  lists: [...sharedKeys.alerts, "list"] as const,
  detail: (id: string) => [...sharedKeys.alerts, id] as const,
};

/** The compliance page's own lists: reports and scheduled audits (read with usePagedList). */
export const complianceKeys = {
  reports: ["/api/compliance-reports"] as const,
  audits: ["/api/compliance-audits"] as const,
};

/** One page of the compliance reports (usePagedList's reader). */
export const readReports = (query: QueryOf<"/api/compliance-reports">, signal: AbortSignal) =>
  api.GET("/api/compliance-reports", { params: { query }, signal });

/** One page of the scheduled audits (usePagedList's reader). */
export const readAudits = (query: QueryOf<"/api/compliance-audits">, signal: AbortSignal) =>
  api.GET("/api/compliance-audits", { params: { query }, signal });

/** One alert with its case history; id null reads nothing. */
export function alertDetailOptions(id: string | null) {
  return queryOptions({
    queryKey: alertKeys.detail(id ?? ""),
    queryFn: ({ signal }) => dataOf(api.GET("/api/alerts/{id}", { params: { path: { id: id ?? "" } }, signal })),
    enabled: id !== null,
  });
}
