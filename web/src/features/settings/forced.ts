import type { CurrentUser } from "@/api/types";

// The checks live apart from the forced screens so that the signed-in shell can ask them without
// loading the screens (password and two-step forms), which almost no visit shows.

/** True while the server refuses everything but the password change (an administrator reset it). */
export function mustChangePassword(user: CurrentUser | null | undefined): boolean {
  return Boolean(user?.mustChangePassword);
}

/** True while the server holds this regulator to the two-step verification set-up (--require-totp). */
export function mustEnrollTotp(user: CurrentUser | null | undefined): boolean {
  return Boolean(user?.mustEnrollTotp);
}
