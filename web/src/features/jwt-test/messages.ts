/** Redirect delay after a successful guest login (spec 001 §4). */
export const GUEST_REDIRECT_MS = 2000;

/** Roles offered by the registration form (spec 001 §6). */
export const REGISTER_ROLES = ["citizen", "psp_admin", "mno_admin", "cbsl_officer", "cbsl_admin"] as const;

/**
 * The roles the register form offers: all of them only where the server accepts them from anyone,
 * a development portal (--dev); elsewhere registration makes citizens (the server refuses the rest).
 */
export function registerRoles(development: boolean): readonly (typeof REGISTER_ROLES)[number][] {
  return development ? REGISTER_ROLES : ["citizen"];
}

/** The protected test endpoints (spec 001 §7). */
export const PROTECTED_ENDPOINTS = [
  { key: "profile", path: "/api/auth/profile" },
  { key: "adminOnly", path: "/api/auth/admin-only" },
  { key: "cbslOnly", path: "/api/auth/cbsl-only" },
  { key: "pspOnly", path: "/api/auth/psp-only" },
  { key: "mnoOnly", path: "/api/auth/mno-only" },
] as const;
