/**
 * Whether the portal runs in development mode (`kormeer serve --dev`): the server says so in the
 * page's head (internal/httpapi/shell.go), and only then does the app link the token test page
 * and offer the registration roles the server accepts only in development. The landing page's
 * build-time pre-render has no document and renders the production page.
 */
export function isDevelopmentMode(doc: Document | undefined = typeof document === "undefined" ? undefined : document): boolean {
  return doc?.querySelector('meta[name="kormeer-mode"]')?.getAttribute("content") === "development";
}
