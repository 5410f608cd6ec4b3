import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { getJson } from "@/api/client";
import { sharedKeys } from "@/api/keys";
import { fetchPage } from "@/api/paging";
import type { SanctionsMatch, Transaction, TransactionDetail } from "@/api/types";
import { searchUrl } from "@/features/transactions/search";
import type { TransactionFilters } from "@/features/transactions/search";

/**
 * The transactions' reads and their query keys. Every key starts with sharedKeys.transactions,
 * so a new transfer refreshes every list, count and detail at once.
 */
export const transactionKeys = {
  all: sharedKeys.transactions,
  search: (firstUrl: string) => [...transactionKeys.all, "search", firstUrl] as const,
  detail: (id: string) => [...transactionKeys.all, id] as const,
  sanctions: (id: string) => [...transactionKeys.all, id, "sanctions"] as const,
  recent: [...sharedKeys.transactions, "recent"] as const,
};

/**
 * The transaction search (001 §2, §7), read pageSize rows at a time with the server's cursor,
 * refreshed every refetchMs (false: by hand only).
 */
export function transactionSearchOptions(filters: TransactionFilters, pageSize: number, refetchMs: number | false) {
  return infiniteQueryOptions({
    queryKey: transactionKeys.search(searchUrl(filters, null, pageSize)),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchPage<Transaction>(searchUrl(filters, pageParam, pageSize), signal),
    getNextPageParam: (last) => last.next,
    refetchInterval: refetchMs,
    staleTime: 0,
  });
}

/** One transaction with its AML score, rules and log (its detail panel). */
export function transactionDetailOptions(id: string | null) {
  return queryOptions({
    queryKey: transactionKeys.detail(id ?? ""),
    queryFn: ({ signal }) => getJson<TransactionDetail>(`/api/transactions/${id ?? ""}`, signal),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** The sanctions matches of a transaction's names (regulators). */
export function transactionSanctionsOptions(id: string) {
  return queryOptions({
    queryKey: transactionKeys.sanctions(id),
    queryFn: ({ signal }) => getJson<{ items: SanctionsMatch[] }>(`/api/transactions/${encodeURIComponent(id)}/sanctions`, signal),
    staleTime: 0,
  });
}

/** The five newest transactions the reader may see; enabled false waits for a guest to ask. */
export function recentTransactionsOptions<T>(enabled = true) {
  return queryOptions({
    queryKey: transactionKeys.recent,
    queryFn: ({ signal }) => getJson<T[]>("/api/transactions?limit=5", signal),
    enabled,
  });
}
