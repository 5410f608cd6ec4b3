import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { QueryOf } from "@/api/api";
import type { Page } from "@/api/paging";
import type { Alert } from "@/api/types";
import { alertKeys, readAlertSummary, readAlertsPage } from "@/features/compliance/api";

/**
 * Prefix of every alerts list query. It starts with "/api/alerts", so the
 * invalidation a live alert triggers (["/api/alerts"]) refreshes the lists too,
 * and it cannot clash with an alert's detail (["/api/alerts", id]).
 */
export const ALERTS_LIST_KEY = alertKeys.lists;

/** The queue's orders (GET /api/alerts?sort=). */
export const ALERT_SORTS = ["severity", "oldest", "newest"] as const;
export type AlertSort = (typeof ALERT_SORTS)[number];

/** The server-side filters of GET /api/alerts the screens use ("all" or absent = none). */
export interface AlertQuery {
  kind?: "aml" | "system" | "all";
  status?: string;
  severity?: string;
  /** An institution's id. */
  institution?: string;
  /** "me", "none" or an account's id. */
  assignee?: string;
  /** An age such as "24h" or "7d": alerts raised longer ago. */
  olderThan?: string;
  /** Only cases past their handling deadline. */
  overdue?: boolean;
  sort?: AlertSort;
  limit?: number;
}

/** The filters as the query of GET /api/alerts/summary (its parameters are the list's filters). */
function alertFilters(q: AlertQuery): QueryOf<"/api/alerts/summary"> {
  const p: QueryOf<"/api/alerts/summary"> = {};
  for (const key of ["kind", "status", "severity", "institution", "assignee", "olderThan"] as const) {
    const v = q[key];
    if (v && v !== "all") p[key] = v;
  }
  if (q.overdue) p.overdue = "true";
  return p;
}

/** The query of GET /api/alerts: the filters, then the list's own order and page size. */
export function alertsQuery(q: AlertQuery): QueryOf<"/api/alerts"> {
  const p: QueryOf<"/api/alerts"> = alertFilters(q);
  if (q.sort && q.sort !== "newest") p.sort = q.sort;
  if (q.limit) p.limit = q.limit;
  return p;
}

/** One page of GET /api/alerts with its paging headers. */
export type AlertsPage = Page<Alert>;

/**
 * The alerts queue, filtered on the server and read one page at a time
 * ("Load more" calls fetchNextPage), so no alert is ever out of reach and no
 * filter runs over a partial list.
 */
export function useAlertsQueue(q: AlertQuery) {
  const query = alertsQuery(q);
  return useInfiniteQuery({
    queryKey: [...ALERTS_LIST_KEY, "queue", query],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => readAlertsPage(query, pageParam, signal),
    getNextPageParam: (last) => last.next || null,
  });
}

/**
 * The server's counts for a queue's filters, without the status (GET /api/alerts/summary): the
 * counts of every status tab, the total and the overdue cases. Its key starts with the list's,
 * so a live alert or a case action refreshes the counts with the list.
 */
export function useAlertSummary(q: AlertQuery) {
  const query = alertFilters({ ...q, status: undefined });
  return useQuery({
    queryKey: [...ALERTS_LIST_KEY, "summary", query],
    queryFn: ({ signal }) => readAlertSummary(query, signal),
  });
}

/** The queue's age choices (GET /api/alerts?olderThan=). */
export const ALERT_AGES = ["24h", "3d", "7d", "30d"] as const;

/** The queue screen's filters as its address holds them, with the screen's defaults. */
export interface QueueView {
  status: "all" | "open" | "investigating" | "resolved" | "false_positive";
  severity: string;
  institution: string;
  assignee: "all" | "me" | "none";
  age: string;
  sort: AlertSort;
  kind: "aml" | "all";
  overdue: boolean;
}

/**
 * The screen opens on the open cases, most severe and oldest first: what an
 * investigator takes next. Every other view is in the address, so it can be
 * bookmarked and linked (the dashboard's overdue figure opens ?overdue=true).
 */
export const DEFAULT_QUEUE_VIEW: QueueView = {
  status: "open",
  severity: "all",
  institution: "all",
  assignee: "all",
  age: "all",
  sort: "severity",
  kind: "aml",
  overdue: false,
};

const QUEUE_STATUSES = ["all", "open", "investigating", "resolved", "false_positive"] as const;
const SEVERITIES = ["all", "low", "medium", "high", "critical"];

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** Reads the view from the address; values the screen does not offer fall back to the defaults. */
export function queueViewFromSearch(search: URLSearchParams): QueueView {
  const d = DEFAULT_QUEUE_VIEW;
  return {
    status: pick(search.get("status"), QUEUE_STATUSES, d.status),
    severity: pick(search.get("severity"), SEVERITIES, d.severity),
    institution: search.get("institution") || d.institution,
    assignee: pick(search.get("assignee"), ["all", "me", "none"] as const, d.assignee),
    age: pick(search.get("age"), ["all", ...ALERT_AGES], d.age),
    sort: pick(search.get("sort"), ALERT_SORTS, d.sort),
    kind: pick(search.get("kind"), ["aml", "all"] as const, d.kind),
    overdue: search.get("overdue") === "true",
  };
}

/** The address of a view: only what differs from the defaults, plus the open alert. */
export function queueSearch(view: QueueView, alert?: string | null): URLSearchParams {
  const p = new URLSearchParams();
  for (const key of ["status", "severity", "institution", "assignee", "age", "sort", "kind"] as const) {
    if (view[key] !== DEFAULT_QUEUE_VIEW[key]) p.set(key, view[key]);
  }
  if (view.overdue) p.set("overdue", "true");
  if (alert) p.set("alert", alert);
  return p;
}

/** The server query of a view. */
export function queueQuery(view: QueueView): AlertQuery {
  return {
    kind: view.kind,
    status: view.status,
    severity: view.severity,
    institution: view.institution,
    assignee: view.assignee,
    olderThan: view.age,
    overdue: view.overdue,
    sort: view.sort,
  };
}
