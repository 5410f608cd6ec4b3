import type { TFunction } from "i18next";
import i18n from "@/i18n";
import { dynamicKey } from "@/i18n/keys";

/**
 * A form's field error, for display. The forms keep each field's error as one string: an i18n key
 * their own checks wrote, or a message already in the reader's words (the server's fault, through
 * describeFieldError). Only i18n.exists can tell the two apart, so this is the one place such a
 * string is read as a key without the type check.
 */
export function fieldErrorText(value: string | undefined, t: TFunction): string | undefined {
  if (!value) return undefined;
  return i18n.exists(value) ? t(dynamicKey(value)) : value;
}
