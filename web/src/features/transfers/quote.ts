import type { Currency } from "@/features/transfers/engine";

/** GET /api/transfer/quote: what a transfer of the amount costs, as decimal strings. */
export interface TransferQuote {
  amount: string;
  currency: Currency;
  fee: string;
  total: string;
}
