import { useInfiniteQuery } from "@tanstack/react-query";
import { throwIfResNotOk } from "@/api/client";
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
export interface AlertsPage {
  items: Alert[];
  /** X-Next-Cursor: null on the last page. */
  next: string | null;
  /** X-Total-Count of the first page ("1000+" beyond a thousand). */
  total: string | null;
}

export function alertsUrl(q: AlertQuery, cursor?: string | null): string {
  const p = new URLSearchParams();
  if (q.kind) p.set("kind", q.kind);
  if (q.status && q.status !== "all") p.set("status", q.status);
  if (q.limit) p.set("limit", String(q.limit));
  if (cursor) p.set("cursor", cursor);
  const s = p.toString();
  return s ? `/api/alerts?${s}` : "/api/alerts";
}

export async function fetchAlertsPage(url: string, signal?: AbortSignal): Promise<AlertsPage> {
  const res = await fetch(url, { credentials: "include", signal });
  await throwIfResNotOk(res);
  return {
    items: (await res.json()) as Alert[],
    next: res.headers.get("X-Next-Cursor"),
    total: res.headers.get("X-Total-Count"),
  };
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
    queryFn: ({ pageParam, signal }) => fetchAlertsPage(alertsUrl(q, pageParam), signal),
    getNextPageParam: (last) => last.next || null,
  });
}
