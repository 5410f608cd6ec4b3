import { api } from "@/api/api";
import type { BodyOf } from "@/api/api";
import type { PROTECTED_ENDPOINTS } from "@/features/jwt-test/messages";

// The test page shows each answer as it came (status and body), so these answer the client's
// whole result rather than its data.

/** Registers an account and asks for a token (POST /api/auth/register). */
export function registerForToken(body: BodyOf<"/api/auth/register", "post">) {
  return api.POST("/api/auth/register", { body });
}

/** Signs in for a bearer token (POST /api/auth/login). */
export function signInForToken(body: BodyOf<"/api/auth/login", "post">) {
  return api.POST("/api/auth/login", { body });
}

/** Signs a guest in for a bearer token (POST /api/auth/guest-login). */
export function guestSignInForToken(body: BodyOf<"/api/auth/guest-login", "post">) {
  return api.POST("/api/auth/guest-login", { body });
}

/** Reads a protected endpoint with the bearer token only: no cookie, so the token is what is tested. */
export function readWithToken(path: (typeof PROTECTED_ENDPOINTS)[number]["path"], token: string) {
  return api.GET(path, { credentials: "omit", headers: { Authorization: `Bearer ${token}` } });
}
