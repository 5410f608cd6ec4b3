/**
 * The signed-in app's addresses. A signed-out visitor who opens one (a bookmark, a link in an
 * e-mail) is sent to sign in and brought back to it (LoginPage's ?next=), instead of a 404.
 * Kept here rather than read from the sidebar's list so that the landing page's bundle does not
 * carry the sidebar; deepLink.test.ts checks that every sidebar address is listed.
 */
const APP_PATHS = [
  "/transfers",
  "/transactions",
  "/compliance",
  "/kyc",
  "/psps",
  "/mnos",
  "/banks",
  "/applications",
  "/analytics",
  "/audit",
  "/switch-feed",
  "/sanctions",
  "/metrics",
  "/mobile-access-management",
  "/settings",
  "/demo",
];

/** Whether path is a page of the signed-in app (one of APP_PATHS or below it). */
export function isAppPath(path: string): boolean {
  return APP_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}

/** The sign-in address that returns to path and its query afterwards, or null for other paths. */
export function signInFor(path: string, search: string): string | null {
  if (!isAppPath(path)) return null;
  const back = search ? `${path}?${search.replace(/^\?/, "")}` : path;
  return `/login?next=${encodeURIComponent(back)}`;
}
