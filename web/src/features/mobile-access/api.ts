/**
 * The mobile access screen's lists (paged on the server, read with usePagedList) and their keys:
 * the access codes, the mobile users and the notification outbox.
 */
export const CODES_PATH = "/api/admin/mobile-access/codes";
export const MOBILE_USERS_PATH = "/api/mobile/users";
export const OUTBOX_PATH = "/api/admin/notifications";

export const mobileAccessKeys = {
  codes: [CODES_PATH] as const,
  users: [MOBILE_USERS_PATH] as const,
  outbox: [OUTBOX_PATH] as const,
};
