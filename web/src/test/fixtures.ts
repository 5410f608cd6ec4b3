import type { CurrentUser, PublicSummary } from "@/api/types";

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

/** A public summary as GET /api/public/summary answers it on 24 November 2026, with overrides. */
export function makePublicSummary(overrides: Partial<PublicSummary> = {}): PublicSummary {
  return {
    asOf: "2026-11-24T12:00:00Z",
    period: { from: "2026-10-26", to: "2026-11-24", days: 30 },
    transactions: 1589,
    byCurrency: [
      { currency: "SHS", transactions: 589, value: "3456789012.00", dailyAverage: "115226300.40" },
      { currency: "USD", transactions: 1000, value: "1234567.89", dailyAverage: "41152.26" },
    ],
    previousPeriod: { from: "2026-09-26", to: "2026-10-25", days: 30, transactions: 1200 },
    transactionGrowth: 32.4,
    licensedInstitutions: { total: 9, psp: 4, mno: 3, bank: 2 },
    ...overrides,
  };
}
