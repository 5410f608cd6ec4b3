import { useQuery } from "@tanstack/react-query";
import type { components } from "@/api/schema";
import type { Narrow } from "@/api/types";
import type { Currency } from "@/features/transfers/engine";
import { minorToDecimal } from "@/features/transfers/engine";

/** GET /api/transfer/quote: what a transfer of the amount costs, as decimal strings. */
export type TransferQuote = Narrow<components["schemas"]["TransferQuote"], { currency: Currency }>;

/**
 * The server's quote for an amount (minor units) and currency: the fee the transfer will be
 * charged, from the one rule that charges it (docs/DECISIONS.md, "One fee, quoted by the
 * server"). Nothing is asked until both are valid.
 */
export function useTransferQuote(amount: number | null, currency: Currency | null) {
  const valid = amount !== null && amount > 0 && currency !== null;
  const url = valid ? `/api/transfer/quote?amount=${encodeURIComponent(minorToDecimal(amount))}&currency=${currency}` : "";
  return useQuery<TransferQuote>({ queryKey: [url], enabled: valid, staleTime: Infinity });
}
