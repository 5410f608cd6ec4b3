import type { RegistryEntry } from "@/api/types";

export const ROLES = ["cbsl_admin", "cbsl_officer", "psp_admin", "mno_admin", "citizen"] as const;
export type Role = (typeof ROLES)[number];

/** Which registry an account of this role belongs to (PSP and MNO staff need an institution). */
export function institutionKind(role: string | null | undefined): "psp" | "mno" | null {
  if (role === "psp_admin") return "psp";
  if (role === "mno_admin") return "mno";
  return null;
}

/** Institutions that may still receive staff (revoked licences left out). */
export function pickableInstitutions(list: RegistryEntry[] | undefined): RegistryEntry[] {
  return (list ?? []).filter((e) => e.licenseStatus !== "revoked").sort((a, b) => a.name.localeCompare(b.name));
}

/** A strong temporary password (16 characters from an unambiguous alphabet, crypto-random). */
export function generateTemporaryPassword(length = 16): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  const bytes = new Uint32Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}

export interface NewAccountForm {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  role: string;
  institution: string;
  username: string;
  isGuest: boolean;
  guestUnits: string;
}

/** Browser-side checks before POST /api/users; values are i18n keys. The server checks again. */
export function checkNewAccount(f: NewAccountForm): Record<string, string> {
  const e: Record<string, string> = {};
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.email.trim())) e.email = "users.errors.email";
  if (!f.firstName.trim()) e.firstName = "users.errors.required";
  if (!f.lastName.trim()) e.lastName = "users.errors.required";
  const n = [...f.password].length;
  if (n < 8 || n > 128) e.password = "users.errors.password";
  if (!(ROLES as readonly string[]).includes(f.role)) e.role = "users.errors.role";
  if (institutionKind(f.role) && !f.institution) e.institution = "users.errors.institution";
  if (f.isGuest) {
    if (f.role !== "citizen") e.isGuest = "users.errors.guestCitizen";
    if (!/^\d+$/.test(f.guestUnits.trim()) || Number(f.guestUnits) > 100_000) e.guestUnitsRemaining = "users.errors.units";
  }
  return e;
}

/** The JSON body of POST /api/users. */
export function newAccountBody(f: NewAccountForm): Record<string, unknown> {
  const body: Record<string, unknown> = {
    email: f.email.trim(),
    password: f.password,
    firstName: f.firstName.trim(),
    lastName: f.lastName.trim(),
    role: f.role,
  };
  if (institutionKind(f.role)) body.institution = f.institution;
  if (f.username.trim()) body.username = f.username.trim();
  if (f.isGuest) {
    body.isGuest = true;
    body.guestUnitsRemaining = Number(f.guestUnits);
  }
  return body;
}
