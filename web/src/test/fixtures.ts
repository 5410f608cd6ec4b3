import type { CurrentUser } from "@/api/types";

/**
 * A complete signed-in user as GET /api/auth/user answers it, with the fields a test cares about
 * overridden: tests build whole objects of the generated type, so a field the server adds to the
 * contract shows up here instead of going unnoticed.
 */
export function makeUser(overrides: Partial<CurrentUser> & Pick<CurrentUser, "id">): CurrentUser {
  return {
    email: "",
    firstName: "",
    lastName: "",
    role: "citizen",
    institution: null,
    isGuest: false,
    guestUnitsRemaining: 0,
    language: "en",
    mustChangePassword: false,
    mustEnrollTotp: false,
    profileImageUrl: null,
    totpEnabled: false,
    ...overrides,
  };
}
