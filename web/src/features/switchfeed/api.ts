import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, dataOf } from "@/api/api";
import { sharedKeys } from "@/api/keys";

/** The dead letters' reads and their keys: every one starts with deadLetters, so an action refreshes each filter. */
export const switchFeedKeys = {
  deadLetters: ["/api/switch-feed/dead-letters"] as const,
  deadLetterList: (status: string) => [...switchFeedKeys.deadLetters, status] as const,
  /** Under the transactions' key, so a new transfer refreshes it with the transaction. */
  iso: (transactionId: string) => [...sharedKeys.transactions, transactionId, "iso20022"] as const,
};

/** The dead letters of one status ("all" for every one). */
export function deadLettersOptions(status: string) {
  return queryOptions({
    queryKey: switchFeedKeys.deadLetterList(status),
    queryFn: ({ signal }) => dataOf(api.GET("/api/switch-feed/dead-letters", { params: { query: { status } }, signal })),
    staleTime: 0,
  });
}

/**
 * Retry or discard a dead letter. Either way the lists are read again: a retry that fails
 * leaves the letter open with its new reason.
 */
export function useDeadLetterAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: "retry" | "discard") => api.POST(`/api/switch-feed/dead-letters/{id}/${action}`, { params: { path: { id } } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: switchFeedKeys.deadLetters }),
  });
}

/** The ISO 20022 identifiers and status reports of a transaction that came from the switch. */
export function transactionIsoOptions(id: string) {
  return queryOptions({
    queryKey: switchFeedKeys.iso(id),
    queryFn: ({ signal }) => dataOf(api.GET("/api/transactions/{id}/iso20022", { params: { path: { id } }, signal })),
    staleTime: 0,
  });
}
