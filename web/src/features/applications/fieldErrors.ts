import type { TFunction } from "i18next";
import type { ApiError } from "@/api/client";
import { describeFieldError } from "@/api/errors";
import type { ApiFieldError } from "@/api/types";
import i18n from "@/i18n";

/**
 * The server's application field codes (internal/domain/errcodes.go) → the rule's name under
 * validation.<field>, where the form keeps its own message for each field's rules.
 */
const RULES: Record<string, string> = {
  named_required: "required",
  reason_required: "required",
  named_too_short: "tooShort",
  named_too_long: "tooLong",
  description_too_long: "tooLong",
  institution_type: "choose",
  license_characters: "characters",
  license_in_use: "inUse",
  email_invalid: "invalid",
  phone_invalid: "invalid",
  upload_again: "again",
  application_pending: "pending",
};

/**
 * A server field fault as an i18n key when the form has the rule's message, else described from
 * its code (api/errors.ts); never from the server's English.
 */
export function fieldFaultText(err: ApiError, field: string, fault: ApiFieldError, t: TFunction): string {
  const key = `validation.${field}.${RULES[fault.code] ?? ""}`;
  return fault.code in RULES && i18n.exists(key) ? key : describeFieldError(err, fault, t);
}
