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

/** The query parameters for the filters: only those set, trimmed, never "all" (001 §5). */
export function filterParams(filters: TransactionFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ORDER) {
    const value = filters[key].trim();
    if (value !== "" && value !== "all") params.set(key, value);
  }
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
 * The URL of one page of results: the search endpoint with the set filters,
 * a page size and the cursor of the page when it is not the first.
 */
export function searchUrl(filters: TransactionFilters, cursor?: string | null, limit = 25): string {
  const params = filterParams(filters);
  params.set("limit", String(limit));
  if (cursor) params.set("cursor", cursor);
  return `/api/transactions/search?${params.toString()}`;
}

/** The CSV export link for the current filters. */
export function exportUrl(filters: TransactionFilters): string {
  const qs = filterParams(filters).toString();
  return `/api/transactions/export${qs ? `?${qs}` : ""}`;
}
