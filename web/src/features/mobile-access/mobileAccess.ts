import type { AccessCode } from "@/api/types";

export type UserAction = "approve" | "suspend" | "reinstate" | "revoke";

/** The status each action asks the server for. */
export const ACTION_STATUS: Record<UserAction, "approved" | "suspended" | "revoked"> = {
  approve: "approved",
  suspend: "suspended",
  reinstate: "approved",
  revoke: "revoked",
};

/** Actions offered per status, matching the server's transitions (others answer 409). */
export function userActions(status: string): UserAction[] {
  switch (status) {
    case "pending":
      return ["approve", "revoke"];
    case "approved":
      return ["suspend", "revoke"];
    case "suspended":
      return ["reinstate", "revoke"];
    default:
      return [];
  }
}

/** Suspension and revocation require a reason. */
export function needsReason(action: UserAction): boolean {
  return action === "suspend" || action === "revoke";
}

/** Only active codes may be revoked (001 §2). */
export function canRevoke(code: Pick<AccessCode, "status">): boolean {
  return code.status === "active";
}

/** The server's phone rule: +252, an optional space, 6X, an optional space, 7 digits. */
export const SOMALI_MOBILE = /^\+252 ?6\d ?\d{7}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface RegistrationInput {
  fullName: string;
  phoneNumber: string;
  nationalId: string;
  email: string;
  platform: "" | "android" | "ios";
}

const REGISTRATION_FIELDS = ["fullName", "phoneNumber", "nationalId", "email", "platform"] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

/** Whether a field name from the server's answer is one the register form shows an error under. */
export function isRegistrationField(name: string): name is RegistrationField {
  return (REGISTRATION_FIELDS as readonly string[]).includes(name);
}

/** The server's registration rules, checked before sending; returns failing fields. */
export function validateRegistration(input: RegistrationInput): RegistrationField[] {
  const bad: RegistrationField[] = [];
  const name = input.fullName.trim().length;
  if (name < 2 || name > 200) bad.push("fullName");
  if (!SOMALI_MOBILE.test(input.phoneNumber.trim())) bad.push("phoneNumber");
  const nid = input.nationalId.trim().length;
  if (nid < 5 || nid > 50) bad.push("nationalId");
  if (input.email.trim() && !EMAIL.test(input.email.trim())) bad.push("email");
  return bad;
}

/** The default admin notification address pre-filled in the generate dialog (001 §2 leaves it open). */
export const DEFAULT_ADMIN_EMAIL = "supervision@kormeer.so";
