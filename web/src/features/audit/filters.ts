/**
 * The filters of the audit log (GET /api/audit). They live in the page's URL query, under the
 * API's own parameter names, so a filtered view can be bookmarked, shared and revisited with Back,
 * and the export link carries exactly what the table shows.
 */
export interface AuditFilters {
  /** An email or a user id. */
  actor: string;
  /** An exact action ("auth.login") or a prefix ending in a dot ("user."). */
  action: string;
  /** The object type ("user", "transaction", "session"). */
  resource: string;
  resourceId: string;
  /** The actor's institution, by id or name. */
  institution: string;
  /** YYYY-MM-DD (whole days, UTC) or RFC 3339. */
  from: string;
  to: string;
}

/** The filter names, in the order they appear in URLs. */
export const FILTER_KEYS = ["actor", "action", "resource", "resourceId", "institution", "from", "to"] as const satisfies readonly (keyof AuditFilters)[];

/** Every filter unset. */
export const EMPTY_FILTERS: AuditFilters = { actor: "", action: "", resource: "", resourceId: "", institution: "", from: "", to: "" };

/** Rows per page; the server caps at 200. */
export const PAGE_SIZE = 50;

/** Suggestions for the action box: the families, then the actions asked about most. */
export const ACTION_SUGGESTIONS = [
  "auth.",
  "auth.login",
  "auth.login_failed",
  "auth.logout",
  "user.",
  "user.create",
  "user.role_change",
  "transaction.",
  "application.",
  "institution.",
  "aml_rules.",
  "access_code.",
  "audit.",
] as const;

/** Suggestions for the object type box. */
export const RESOURCE_SUGGESTIONS = ["user", "session", "transaction", "application", "institution", "aml_rules", "access_code", "alert", "report"] as const;

/** Reads the filters from a URL query string ("?actor=…" or "actor=…"); unknown parameters are ignored. */
export function filtersFromSearch(search: string): AuditFilters {
  const params = new URLSearchParams(search);
  const out: AuditFilters = { ...EMPTY_FILTERS };
  for (const key of FILTER_KEYS) out[key] = params.get(key) ?? "";
  return out;
}

/** The filters that are set, trimmed, in FILTER_KEYS order. */
export function filterQuery(filters: AuditFilters): Partial<AuditFilters> {
  const query: Partial<AuditFilters> = {};
  for (const key of FILTER_KEYS) {
    const value = filters[key].trim();
    if (value !== "") query[key] = value;
  }
  return query;
}

/** The query parameters for the filters (filterQuery as a query string). */
export function filterParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filterQuery(filters))) params.set(key, value);
  return params;
}

/** True when any filter is set. */
export function hasFilters(filters: AuditFilters): boolean {
  return filterParams(filters).toString() !== "";
}

/** The query of the log's pages: the set filters and the page size (a later page adds the server's cursor). */
export function auditQuery(filters: AuditFilters, limit = PAGE_SIZE): Partial<AuditFilters> & { limit: number } {
  return { ...filterQuery(filters), limit };
}

/** The CSV download of every row matching the filters. */
export function auditExportUrl(filters: AuditFilters): string {
  const qs = filterParams(filters).toString();
  return `/api/audit/export${qs ? `?${qs}` : ""}`;
}
