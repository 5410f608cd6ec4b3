/**
 * The contact formats the forms check (the institution application and its account, the KYC form),
 * the same as the server's domain.ValidEmail and domain.ValidPhone.
 */

const PHONE = /^\+?[0-9][0-9 -]*$/;

// RFC 5322 dot-atom on both sides (what Go's net/mail accepts without quotes or a display name),
// and a dot somewhere in the domain.
const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~\\u0080-\\uFFFF-]+";
const EMAIL = new RegExp(`^${ATEXT}(\\.${ATEXT})*@${ATEXT}(\\.${ATEXT})*$`, "u");

/** True for a plain e-mail address that mail could reach (mirrors domain.ValidEmail). */
export function validEmail(s: string): boolean {
  if (s.length > 254 || /[ <>"]/.test(s)) return false;
  if (!EMAIL.test(s)) return false;
  return s.slice(s.lastIndexOf("@")).includes(".");
}

/** Digits with an optional leading +, spaces or hyphens between groups, 7–15 digits. */
export function validPhone(s: string): boolean {
  if (!PHONE.test(s)) return false;
  const digits = s.replace(/[^0-9]/g, "").length;
  return digits >= 7 && digits <= 15;
}
