import { queryOptions } from "@tanstack/react-query";
import { getJson } from "@/api/client";
import { sharedKeys } from "@/api/keys";
import type { AlertDetail } from "@/api/types";

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

/** One alert with its case history; id null reads nothing. */
export function alertDetailOptions(id: string | null) {
  return queryOptions({
    queryKey: alertKeys.detail(id ?? ""),
    queryFn: ({ signal }) => getJson<AlertDetail>(`/api/alerts/${id ?? ""}`, signal),
    enabled: id !== null,
  });
}
