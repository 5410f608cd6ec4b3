import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { InfiniteData } from "@tanstack/react-query";
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

/**
 * What a paged read of the typed client (api.GET on a list path) resolves to, as far as paging
 * needs it: the rows, and the response whose headers carry the cursor and the count. The path,
 * its parameters and the row type are checked where the call is written, against the contract.
 */
export type PagedAnswer<T> = Promise<{ data?: T[] | null; response: Response }>;

/**
 * One page of a paged list from a typed read: `pageOf(api.GET("/api/alerts", {params, signal}))`.
 * The typed client answers the body only; the paging headers are read here from its response.
 */
export async function pageOf<T>(call: PagedAnswer<T>): Promise<Page<T>> {
  const { data, response } = await call;
  return { items: data ?? [], next: response.headers.get("X-Next-Cursor"), total: response.headers.get("X-Total-Count") };
}

/** The cursor parameter of every paged list (absent on the first page). */
export interface Cursor {
  cursor?: string;
}

/**
 * Every item of a paged list, following X-Next-Cursor to the last page with the largest page the
 * server sends (read asks for limit 200 and the given cursor): for pickers over short lists (the
 * licensed institutions), never for work queues.
 */
export async function fetchAllPages<T>(read: (paging: { limit: number } & Cursor) => PagedAnswer<T>): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<T> = await pageOf(read(cursor ? { limit: 200, cursor } : { limit: 200 }));
    all.push(...page.items);
    cursor = page.next;
  } while (cursor);
  return all;
}

/**
 * The filters that are set: unset, empty and "all" values are left out, so that the query key of
 * a list and the parameters it sends name only what filters it.
 */
export function setParams<Q extends object>(params: Q): Partial<Q> {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== "" && v !== "all")) as Partial<Q>;
}

/** How a list hook reads one page: the set filters plus the cursor, sent through the typed client. */
export type PageReader<Q, T> = (query: Partial<Q> & Cursor, signal: AbortSignal) => PagedAnswer<T>;

/**
 * A list paged on the server, read one page at a time ("Load more" calls
 * fetchNextPage, see PageFooter), so no row is ever out of reach. The query key
 * starts with key, so invalidating key after a change refreshes every page read.
 */
export function usePagedList<Q extends object, T>(
  key: readonly unknown[],
  params: Q,
  read: PageReader<Q, T>,
  options: { enabled?: boolean; refetchInterval?: (data: InfiniteData<Page<T>> | undefined) => number | false } = {},
) {
  const query = setParams(params);
  return useInfiniteQuery({
    queryKey: [...key, "list", query],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => pageOf(read(pageParam ? { ...query, cursor: pageParam } : query, signal)),
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
 * How many rows of a list match params, counted by the server over all of them
 * (X-Total-Count of a one-row first page, "1000+" beyond a thousand): the way a
 * screen shows a figure without computing it from the rows it has loaded.
 */
export function useListTotal<Q extends object, T>(
  key: readonly unknown[],
  params: Q & { limit?: number },
  read: PageReader<Q & { limit?: number }, T>,
  enabled = true,
) {
  const query = { ...setParams(params), limit: 1 };
  return useQuery({
    queryKey: [...key, "total", query],
    queryFn: async ({ signal }) => (await pageOf(read(query, signal))).total ?? "0",
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
