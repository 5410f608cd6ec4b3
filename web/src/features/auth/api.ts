import { api, dataOf, dataOrNullOn401 } from "@/api/api";
import type { BodyOf } from "@/api/api";

/** Who is signed in: null when nobody is (a 401 means "nobody", not an error). */
export function readCurrentUser(signal: AbortSignal) {
  return dataOrNullOn401(api.GET("/api/auth/user", { signal }));
}

/** Signs in with e-mail and password (a second step may follow: see secondFactor). */
export function signIn(body: BodyOf<"/api/login", "post">) {
  return dataOf(api.POST("/api/login", { body }));
}

/** Completes a sign-in's second step with the challenge and an authenticator or recovery code. */
export function confirmSecondStep(body: BodyOf<"/api/login/totp", "post">) {
  return dataOf(api.POST("/api/login/totp", { body }));
}
