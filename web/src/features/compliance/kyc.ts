import type { KycSubmission } from "@/api/types";
import type { TranslationKey } from "@/i18n/keys";
import { validEmail, validPhone } from "@/lib/contactValidation";

/**
 * The KYC form rules of 001 §5, the same as the server's (internal/domain/kyc.go)
 * and checked against the shared vectors in testdata/kyc.json. Errors are i18n
 * keys under "kyc.validation."; their English texts are the vectors' messages.
 */
export type KycFieldErrors = Partial<Record<keyof KycSubmission, string>>;

/** The form's own faults: an i18n key per field (the server's, kept beside them, are text). */
export type KycFieldKeys = Partial<Record<keyof KycSubmission, TranslationKey>>;

export const KYC_DOCUMENT_TYPES = ["passport", "national_id", "drivers_license"] as const;

export const KYC_FIELDS = [
  "fullName",
  "nationalId",
  "phoneNumber",
  "email",
  "address",
  "documentType",
  "documentNumber",
] as const satisfies readonly (keyof KycSubmission)[];

export const EMPTY_KYC: KycSubmission = {
  fullName: "",
  nationalId: "",
  phoneNumber: "",
  email: "",
  address: "",
  documentType: "",
  documentNumber: "",
};

/** Trims every field and lower-cases the e-mail, as the server does. */
export function normalizeKyc(input: KycSubmission): KycSubmission {
  return {
    fullName: input.fullName.trim(),
    nationalId: input.nationalId.trim(),
    phoneNumber: input.phoneNumber.trim(),
    email: input.email.trim().toLowerCase(),
    address: input.address.trim(),
    documentType: input.documentType.trim(),
    documentNumber: input.documentNumber.trim(),
  };
}

const runeCount = (s: string) => Array.from(s).length;

/** Checks every field and returns all faults at once (empty object: valid). */
export function validateKyc(raw: KycSubmission): KycFieldKeys {
  const k = normalizeKyc(raw);
  const f: KycFieldKeys = {};
  const length = (key: keyof KycSubmission, min: number, max: number) => {
    const n = runeCount(k[key]);
    if (n < min || n > max) f[key] = `kyc.validation.${key}`;
  };
  length("fullName", 2, 200);
  length("nationalId", 5, 50);
  length("phoneNumber", 10, 20);
  if (!f.phoneNumber && !validPhone(k.phoneNumber)) f.phoneNumber = "kyc.validation.phoneNumber";
  if (!validEmail(k.email)) f.email = "kyc.validation.email";
  length("address", 10, 300);
  if (!(KYC_DOCUMENT_TYPES as readonly string[]).includes(k.documentType)) f.documentType = "kyc.validation.documentType";
  length("documentNumber", 5, 50);
  return f;
}
