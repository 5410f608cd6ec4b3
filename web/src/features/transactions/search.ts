/** The filters of the transaction search (001 §2, §7). "all" or "" means no filter. */
export interface TransactionFilters {
  search: string;
  status: string;
  type: string;
  transferMode: string;
  currency: string;
  dateFrom: string;
  dateTo: string;
  amountMin: string;
  amountMax: string;
  npssReference: string;
  /** "true": only the transactions the AML scoring flagged high risk; "" for all. */
  highRisk: string;
  /** One institution's transactions (its id), or "all". */
  institution: string;
}

/** Every filter unset. */
export const EMPTY_FILTERS: TransactionFilters = {
  search: "",
  status: "all",
  type: "all",
  transferMode: "all",
  currency: "all",
  dateFrom: "",
  dateTo: "",
  amountMin: "",
  amountMax: "",
  npssReference: "",
  highRisk: "",
  institution: "all",
};

/** Statuses offered by the status filter (001 §4: searchable statuses). */
export const SEARCH_STATUSES = ["pending", "completed", "failed", "processing"] as const;
/** Transaction types (001 §3, the fuller enum). */
export const TRANSACTION_TYPES = ["npss_transfer", "transfer", "payment", "withdrawal", "deposit", "refund", "fee"] as const;
/** Transfer modes (001 §3). */
export const TRANSFER_MODES = ["online", "offline", "ussd"] as const;

const ORDER: (keyof TransactionFilters)[] = [
  "search",
  "status",
  "type",
  "transferMode",
  "currency",
  "dateFrom",
  "dateTo",
  "amountMin",
  "amountMax",
  "npssReference",
  "highRisk",
  "institution",
];

/** The filters that are set, trimmed, never "all" (001 §5), in a stable order. */
export function filterQuery(filters: TransactionFilters): Partial<TransactionFilters> {
  const query: Partial<TransactionFilters> = {};
  for (const key of ORDER) {
    const value = filters[key].trim();
    if (value !== "" && value !== "all") query[key] = value;
  }
  return query;
}

/** The query parameters for the filters (filterQuery as a query string). */
export function filterParams(filters: TransactionFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filterQuery(filters))) params.set(key, value);
  return params;
}

/**
 * Filters given in a page address (/transactions?dateFrom=2026-11-01&dateTo=2026-11-24, as the
 * dashboard's cards open the list): the known ones, the rest unset. The server checks the values.
 */
export function filtersFromSearch(search: string): TransactionFilters {
  const params = new URLSearchParams(search);
  const filters = { ...EMPTY_FILTERS };
  for (const key of ORDER) {
    const value = params.get(key);
    if (value !== null) filters[key] = value;
  }
  return filters;
}

/** True when any filter is set. */
export function hasFilters(filters: TransactionFilters): boolean {
  return filterParams(filters).toString() !== "";
}

/**
 * The query of the search's pages (GET /api/transactions/search): the set filters and a page
 * size; a page after the first adds the server's cursor.
 */
export function searchQuery(filters: TransactionFilters, limit = 25): Partial<TransactionFilters> & { limit: number } {
  return { ...filterQuery(filters), limit };
}

/** The CSV export link for the current filters. */
export function exportUrl(filters: TransactionFilters): string {
  const qs = filterParams(filters).toString();
  return `/api/transactions/export${qs ? `?${qs}` : ""}`;
}
