import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { InfiniteData } from "@tanstack/react-query";
import { getWithHeaders } from "@/api/client";
import { formatNumber } from "@/lib/format";

/**
 * One page of a list the server pages (GET /api/alerts, GET /api/kyc-applications, …):
 * the items with the paging headers.
 */
export interface Page<T> {
  items: T[];
  /** X-Next-Cursor: null on the last page. */
  next: string | null;
  /** X-Total-Count of the first page ("1000+" beyond a thousand). */
  total: string | null;
}

/** Fetches one page of a paged list. */
export async function fetchPage<T>(url: string, signal?: AbortSignal): Promise<Page<T>> {
  const { data, headers } = await getWithHeaders<T[] | null>(url, signal);
  return { items: data ?? [], next: headers.get("X-Next-Cursor"), total: headers.get("X-Total-Count") };
}

/**
 * Every item of a paged list, following X-Next-Cursor to the last page with the largest page the
 * server sends: for pickers over short lists (the licensed institutions), never for work queues.
 */
export async function fetchAllPages<T>(url: string, signal?: AbortSignal): Promise<T[]> {
  const sep = url.includes("?") ? "&" : "?";
  const all: T[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<T> = await fetchPage<T>(`${url}${sep}limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, signal);
    all.push(...page.items);
    cursor = page.next;
  } while (cursor);
  return all;
}

/** A list's filters; unset, empty and "all" values are left out of the URL. */
export type ListParams = Record<string, string | number | undefined>;

/** The URL of a page of path: the filters that are set, then the cursor of a next page. */
export function listUrl(path: string, params: ListParams = {}, cursor?: string | null): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== "" && v !== "all") p.set(k, String(v));
  }
  if (cursor) p.set("cursor", cursor);
  const s = p.toString();
  return s ? `${path}?${s}` : path;
}

/**
 * A list paged on the server, read one page at a time ("Load more" calls
 * fetchNextPage, see PageFooter), so no row is ever out of reach. The query key
 * starts with key, so invalidating key after a change refreshes every page read.
 */
export function usePagedList<T>(
  key: readonly unknown[],
  path: string,
  params: ListParams = {},
  options: { enabled?: boolean; refetchInterval?: (data: InfiniteData<Page<T>> | undefined) => number | false } = {},
) {
  return useInfiniteQuery({
    queryKey: [...key, "list", listUrl(path, params)],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchPage<T>(listUrl(path, params, pageParam), signal),
    getNextPageParam: (last) => last.next || null,
    enabled: options.enabled,
    staleTime: 0,
    refetchInterval: options.refetchInterval ? (q) => options.refetchInterval!(q.state.data) : undefined,
  });
}

/** Every row of the pages a paged list has read so far. */
export function pagedItems<T>(data: InfiniteData<Page<T>> | undefined): T[] {
  return data?.pages.flatMap((p) => p.items) ?? [];
}

/**
 * How many rows of path match params, counted by the server over all of them
 * (X-Total-Count of a one-row first page, "1000+" beyond a thousand): the way a
 * screen shows a figure without computing it from the rows it has loaded.
 */
export function useListTotal(key: readonly unknown[], path: string, params: ListParams = {}, enabled = true) {
  return useQuery({
    queryKey: [...key, "total", listUrl(path, params)],
    queryFn: async ({ signal }) => (await fetchPage<unknown>(listUrl(path, { ...params, limit: 1 }), signal)).total ?? "0",
    enabled,
    staleTime: 0,
  });
}

/** A server count ("1234" or "1000+") in the reader's number format. */
export function formatTotal(total: string | null | undefined): string {
  if (!total) return "";
  const capped = total.endsWith("+");
  const n = Number(capped ? total.slice(0, -1) : total);
  return Number.isFinite(n) ? `${formatNumber(n)}${capped ? "+" : ""}` : total;
}
