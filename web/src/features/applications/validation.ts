import type { ApplicationPayload } from "@/api/types";
import type { TranslationKey } from "@/i18n/keys";
import { validEmail, validPhone } from "@/lib/contactValidation";

/**
 * The institution application rules, the same as the server's
 * (internal/domain/institution.go) and checked against the shared vectors in
 * testdata/institution_application.json. Errors are i18n keys under
 * "validation."; their English texts are the vectors' messages.
 */
export type ApplicationFieldErrors = Partial<Record<keyof ApplicationPayload, TranslationKey>>;

const LICENSE_NUMBER = /^[A-Za-z0-9][A-Za-z0-9/-]*$/;
const LOGO_PATH = /^\/objects\/logos\/[A-Za-z0-9-]+\.(png|jpg)$/;

/** Trims and normalises the payload the way the server does before checking it. */
export function normalizeApplication(input: ApplicationPayload): ApplicationPayload {
  const opt = (v: string | null | undefined) => {
    const s = (v ?? "").trim();
    return s === "" ? null : s;
  };
  return {
    institutionName: input.institutionName.trim(),
    institutionType: input.institutionType.trim(),
    licenseNumber: input.licenseNumber.trim().toUpperCase(),
    contactEmail: input.contactEmail.trim().toLowerCase(),
    contactPhone: input.contactPhone.trim(),
    contactPerson: input.contactPerson.trim(),
    address: input.address.trim(),
    businessDescription: opt(input.businessDescription),
    logoUrl: opt(input.logoUrl),
    status: input.status,
  };
}

const runeCount = (s: string) => Array.from(s).length;

/** Checks every field and returns all faults at once (empty object: valid). */
export function validateApplication(raw: ApplicationPayload): ApplicationFieldErrors {
  const a = normalizeApplication(raw);
  const f: ApplicationFieldErrors = {};
  const text = (key: "institutionName" | "licenseNumber" | "contactPerson" | "address", v: string, min: number, max: number) => {
    const n = runeCount(v);
    if (n === 0) f[key] = `validation.${key}.required`;
    else if (n < min) f[key] = `validation.${key}.tooShort`;
    else if (n > max) f[key] = `validation.${key}.tooLong`;
  };
  text("institutionName", a.institutionName, 2, 200);
  if (a.institutionType !== "psp" && a.institutionType !== "mno") {
    f.institutionType = "validation.institutionType.choose";
  }
  text("licenseNumber", a.licenseNumber, 3, 50);
  if (!f.licenseNumber && !LICENSE_NUMBER.test(a.licenseNumber)) {
    f.licenseNumber = "validation.licenseNumber.characters";
  }
  if (a.contactEmail === "") f.contactEmail = "validation.contactEmail.required";
  else if (!validEmail(a.contactEmail)) f.contactEmail = "validation.contactEmail.invalid";
  if (a.contactPhone === "") f.contactPhone = "validation.contactPhone.required";
  else if (!validPhone(a.contactPhone)) f.contactPhone = "validation.contactPhone.invalid";
  text("contactPerson", a.contactPerson, 2, 100);
  text("address", a.address, 5, 300);
  if (a.businessDescription !== null && runeCount(a.businessDescription) > 2000) {
    f.businessDescription = "validation.businessDescription.tooLong";
  }
  if (a.logoUrl !== null && !LOGO_PATH.test(a.logoUrl)) f.logoUrl = "validation.logoUrl.again";
  if (a.status !== "pending") f.status = "validation.status.pending";
  return f;
}
