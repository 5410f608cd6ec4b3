import { api, dataOf } from "@/api/api";

/** Confirms a self-registered account's e-mail address with the token its link carried. */
export function confirmEmail(token: string) {
  return dataOf(api.POST("/api/auth/confirm-email", { body: { token } }));
}
