import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, dataOf } from "@/api/api";
import { refreshThen } from "@/api/client";
import type { MutationCallbacks } from "@/api/client";
import { sharedKeys } from "@/api/keys";
import type { TransferRequestBody, TransferResponse } from "@/api/types";
import type { Currency } from "@/features/transfers/engine";
import { minorToDecimal } from "@/lib/money";

/** The transfer form's reads and their keys. */
export const transferKeys = {
  institutions: sharedKeys.transferInstitutions,
  quote: (amount: string, currency: string) => ["/api/transfer/quote", amount, currency] as const,
};

/** The operators and banks that may move money now, from the licence registry. */
export function transferInstitutionsOptions() {
  return queryOptions({
    queryKey: transferKeys.institutions,
    queryFn: ({ signal }) => dataOf(api.GET("/api/transfer/institutions", { signal })),
  });
}

/**
 * The server's quote for an amount (minor units) and currency: the fee the transfer will be
 * charged, from the one rule that charges it (docs/DECISIONS.md, "One fee, quoted by the
 * server"). Nothing is asked until both are valid.
 */
export function transferQuoteOptions(amount: number | null, currency: Currency | null) {
  const valid = amount !== null && amount > 0 && currency !== null;
  const decimal = valid ? minorToDecimal(amount) : "";
  return queryOptions({
    queryKey: transferKeys.quote(decimal, currency ?? ""),
    queryFn: ({ signal }) =>
      dataOf(api.GET("/api/transfer/quote", { params: { query: { amount: decimal, currency: currency ?? "" } }, signal })),
    enabled: valid,
    staleTime: Infinity,
  });
}

/**
 * Sends a transfer with the form's idempotency key, so a retried submission is recorded once.
 * A recorded transfer refreshes every transaction read and the dashboard's figures; a refused
 * one reads the institutions again (a licence may have changed since the form read them).
 */
export function useSubmitTransfer(idempotencyKey: () => string, callbacks: MutationCallbacks<TransferResponse, TransferRequestBody>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferRequestBody) =>
      dataOf(api.POST("/api/transfer", { body, headers: { "Idempotency-Key": idempotencyKey() } })),
    ...refreshThen(queryClient, { onSuccess: [sharedKeys.transactions, sharedKeys.metrics], onError: [transferKeys.institutions] }, callbacks),
  });
}
