import { api, dataOf } from "@/api/api";
import type { BodyOf, QueryOf } from "@/api/api";

/**
 * The mobile access screen's lists (paged on the server, read with usePagedList through the
 * readers below) and their keys: the access codes, the mobile users and the notification outbox.
 */
export const mobileAccessKeys = {
  codes: ["/api/admin/mobile-access/codes"] as const,
  users: ["/api/mobile/users"] as const,
  outbox: ["/api/admin/notifications"] as const,
};

/** One page of the access codes. */
export const readCodes = (query: QueryOf<"/api/admin/mobile-access/codes">, signal: AbortSignal) =>
  api.GET("/api/admin/mobile-access/codes", { params: { query }, signal });

/** One page of the mobile users. */
export const readMobileUsers = (query: QueryOf<"/api/mobile/users">, signal: AbortSignal) =>
  api.GET("/api/mobile/users", { params: { query }, signal });

/** One page of the notification outbox. */
export const readOutbox = (query: QueryOf<"/api/admin/notifications">, signal: AbortSignal) =>
  api.GET("/api/admin/notifications", { params: { query }, signal });

/** Revokes an access code before it expires. */
export function revokeAccessCode(accessCodeId: string) {
  return dataOf(api.POST("/api/admin/mobile-access/expire", { body: { accessCodeId } }));
}

/** Generates an access code for a mobile user and sends it by the chosen method. */
export function generateAccessCode(body: BodyOf<"/api/admin/mobile-access/generate", "post">) {
  return dataOf(api.POST("/api/admin/mobile-access/generate", { body }));
}

/** Registers a mobile user (pending until approved). */
export function registerMobileUser(body: BodyOf<"/api/mobile/users", "post">) {
  return dataOf(api.POST("/api/mobile/users", { body }));
}

/** Changes a mobile user's status (approve, suspend, revoke), with the reason. */
export function setMobileUserStatus(id: string, body: BodyOf<"/api/mobile/users/{id}/status", "patch">) {
  return dataOf(api.PATCH("/api/mobile/users/{id}/status", { params: { path: { id } }, body }));
}
