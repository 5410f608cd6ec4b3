import { useInfiniteQuery } from "@tanstack/react-query";
import { fetchPage } from "@/api/paging";
import type { Page } from "@/api/paging";
import type { Alert } from "@/api/types";

/**
 * Prefix of every alerts list query. It starts with "/api/alerts", so the
 * invalidation a live alert triggers (["/api/alerts"]) refreshes the lists too,
 * and it cannot clash with an alert's detail (["/api/alerts", id]).
 */
export const ALERTS_LIST_KEY = ["/api/alerts", "list"] as const;

/** The server-side filters of GET /api/alerts the screens use ("all" = none). */
export interface AlertQuery {
  kind?: "aml" | "system";
  status?: string;
  limit?: number;
}

/** One page of GET /api/alerts with its paging headers. */
export type AlertsPage = Page<Alert>;

export function alertsUrl(q: AlertQuery, cursor?: string | null): string {
  const p = new URLSearchParams();
  if (q.kind) p.set("kind", q.kind);
  if (q.status && q.status !== "all") p.set("status", q.status);
  if (q.limit) p.set("limit", String(q.limit));
  if (cursor) p.set("cursor", cursor);
  const s = p.toString();
  return s ? `/api/alerts?${s}` : "/api/alerts";
}

/**
 * The alerts queue, filtered on the server and read one page at a time
 * ("Load more" calls fetchNextPage), so no alert is ever out of reach and no
 * filter runs over a partial list.
 */
export function useAlertsQueue(q: AlertQuery) {
  return useInfiniteQuery({
    queryKey: [...ALERTS_LIST_KEY, alertsUrl(q)],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchPage<Alert>(alertsUrl(q, pageParam), signal),
    getNextPageParam: (last) => last.next || null,
  });
}
