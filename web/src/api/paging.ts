import { throwIfResNotOk } from "@/api/client";

/**
 * One page of a list the server pages (GET /api/alerts, GET /api/kyc-applications):
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
  const res = await fetch(url, { credentials: "include", signal });
  await throwIfResNotOk(res);
  return {
    items: (await res.json()) as T[],
    next: res.headers.get("X-Next-Cursor"),
    total: res.headers.get("X-Total-Count"),
  };
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
