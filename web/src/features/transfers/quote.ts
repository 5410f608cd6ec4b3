import type { components } from "@/api/schema";
import type { Narrow } from "@/api/types";
import type { Currency } from "@/features/transfers/engine";

/** GET /api/transfer/quote: what a transfer of the amount costs, as decimal strings. */
export type TransferQuote = Narrow<components["schemas"]["TransferQuote"], { currency: Currency }>;
