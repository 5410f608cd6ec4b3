import type { CurrentUser } from "@/api/types";
import i18n from "@/i18n";

/**
 * The role badge in the reader's language ("cbsl_admin" → "Central bank administrator",
 * "Administrateur de la banque centrale"); a role the translations lack shows as its code; null
 * when there is no role.
 */
export function formatRole(role: string | null | undefined): string | null {
  if (!role) return null;
  return i18n.t(`roles.${role}`, { defaultValue: role });
}

/** Up to two initials from the user's names (or email). */
export function initials(user: CurrentUser): string {
  const parts = [user.firstName, user.lastName].filter((p): p is string => Boolean(p && p.trim()));
  if (parts.length) return parts.map((p) => p.trim()[0]!.toUpperCase()).join("").slice(0, 2);
  return (user.email?.[0] ?? "U").toUpperCase();
}

/** "First Last", or the email when the names are missing. */
export function displayName(user: CurrentUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email || "";
}
