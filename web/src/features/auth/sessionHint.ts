/**
 * What the server saw when it served this page (internal/httpapi/shell.go): "none" when the
 * request carried no session cookie. That cookie is HttpOnly, so the page cannot look for itself.
 * Without it nobody can be signed in, so the app shows the landing page at once instead of spending
 * a round trip on /api/auth/user (about 0.6 s on a slow phone's network). Any other value, or no
 * tag (the Vite dev server), means "ask".
 */
export function noSessionAtLoad(doc: Document = document): boolean {
  return doc.querySelector('meta[name="kormeer-session"]')?.getAttribute("content") === "none";
}
