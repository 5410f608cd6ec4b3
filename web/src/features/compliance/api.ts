import { queryOptions } from "@tanstack/react-query";
import { api, dataOf } from "@/api/api";
import type { BodyOf, QueryOf } from "@/api/api";
import { sharedKeys } from "@/api/keys";
import { pageOf } from "@/api/paging";
import type { Page } from "@/api/paging";
import type { Alert } from "@/api/types";

/**
 * The alerts' reads and their keys. Every one starts with sharedKeys.alerts, so the refresh a
 * live alert triggers reaches the queue, its counts and an open case; lists and details cannot
 * clash (a list's second element is "list").
 */
export const alertKeys = {
  all: sharedKeys.alerts,
  lists: [...sharedKeys.alerts, "list"] as const,
  detail: (id: string) => [...sharedKeys.alerts, id] as const,
};

/** The compliance page's own lists: reports and scheduled audits (read with usePagedList). */
export const complianceKeys = {
  reports: ["/api/compliance-reports"] as const,
  audits: ["/api/compliance-audits"] as const,
};

/** One page of the compliance reports (usePagedList's reader). */
export const readReports = (query: QueryOf<"/api/compliance-reports">, signal: AbortSignal) =>
  api.GET("/api/compliance-reports", { params: { query }, signal });

/** One page of the scheduled audits (usePagedList's reader). */
export const readAudits = (query: QueryOf<"/api/compliance-audits">, signal: AbortSignal) =>
  api.GET("/api/compliance-audits", { params: { query }, signal });

/** One alert with its case history; id null reads nothing. */
export function alertDetailOptions(id: string | null) {
  return queryOptions({
    queryKey: alertKeys.detail(id ?? ""),
    queryFn: ({ signal }) => dataOf(api.GET("/api/alerts/{id}", { params: { path: { id: id ?? "" } }, signal })),
    enabled: id !== null,
  });
}

/** One page of the alerts matching query, after cursor (null: the first). */
export function readAlertsPage(query: QueryOf<"/api/alerts">, cursor: string | null, signal?: AbortSignal): Promise<Page<Alert>> {
  return pageOf(api.GET("/api/alerts", { params: { query: cursor ? { ...query, cursor } : query }, signal }));
}

/** The server's counts of the alerts matching query: by status, in all and overdue. */
export function readAlertSummary(query: QueryOf<"/api/alerts/summary">, signal: AbortSignal) {
  return dataOf(api.GET("/api/alerts/summary", { params: { query }, signal }));
}

/** One page of the KYC applications matching query, after cursor (null: the first). */
export function readKycPage(query: QueryOf<"/api/kyc-applications">, cursor: string | null, signal: AbortSignal) {
  return pageOf(api.GET("/api/kyc-applications", { params: { query: cursor ? { ...query, cursor } : query }, signal }));
}

/** The KYC figures of every application in scope, or of one institution's. */
export function readKycSummary(query: QueryOf<"/api/kyc-applications/summary">, signal: AbortSignal) {
  return dataOf(api.GET("/api/kyc-applications/summary", { params: { query }, signal }));
}

/** Marks an alert resolved (the queue's quick action). */
export function resolveAlert(id: string) {
  return dataOf(api.PATCH("/api/alerts/{id}/resolve", { params: { path: { id } }, body: {} }));
}

/** A case action on an alert (assign, investigate, close with an outcome, a note); answers the updated alert. */
export function actOnAlert(id: string, body: BodyOf<"/api/alerts/{id}/actions", "post">) {
  return dataOf(api.POST("/api/alerts/{id}/actions", { params: { path: { id } }, body }));
}

/** Creates a compliance report (a draft until published). */
export function createReport(body: BodyOf<"/api/compliance-reports", "post">) {
  return dataOf(api.POST("/api/compliance-reports", { body }));
}

/** Publishes a draft compliance report. */
export function publishReport(id: string) {
  return dataOf(api.POST("/api/compliance-reports/{id}/publish", { params: { path: { id } } }));
}

/** Schedules a compliance audit of an institution; answers how many of its staff were told. */
export function scheduleAudit(body: BodyOf<"/api/compliance-audits", "post">) {
  return dataOf(api.POST("/api/compliance-audits", { body }));
}

/** Completes a scheduled audit with its findings. */
export function completeAudit(id: string, findings: string) {
  return dataOf(api.POST("/api/compliance-audits/{id}/complete", { params: { path: { id } }, body: { findings } }));
}

/** Submits a customer's KYC application. */
export function submitKyc(body: BodyOf<"/api/kyc", "post">) {
  return dataOf(api.POST("/api/kyc", { body }));
}

/** A reviewer's decision on a KYC application, with notes. */
export function reviewKyc(id: string, body: BodyOf<"/api/kyc-applications/{id}/review", "patch">) {
  return dataOf(api.PATCH("/api/kyc-applications/{id}/review", { params: { path: { id } }, body }));
}
