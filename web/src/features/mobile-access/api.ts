import { api } from "@/api/api";
import type { QueryOf } from "@/api/api";

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
