import type { TFunction } from "i18next";
import { ApiError } from "@/api/client";
import type { ApiFieldError } from "@/api/types";
import i18n, { currentLanguage } from "@/i18n";
import type en from "@/i18n/en.json";

/**
 * Error messages written from the server's machine codes (docs/API.md, Errors), never from its
 * English text. A code the web app knows has its message under `errors.codes.<code>` in every
 * language, with the server's params; for a code it does not know it shows the server's own
 * message when the server wrote it in the reader's language (Content-Language), else a generic
 * message that names the code, so a support request can still say what happened.
 */

/** A machine code this build has its own message for (a key of errors.codes in en.json). */
export type ErrorCode = keyof (typeof en)["errors"]["codes"];

/**
 * Whether this build has its own message for a code. The server may be newer than the app, so a
 * code is only known once its key is found; the guard then lets t() check the key's type.
 */
function knows(code: string): code is ErrorCode {
  return code !== "" && i18n.exists(`errors.codes.${code}`);
}

/** The message of a code, with its params, or the server's message or a generic one. */
function fromCode(t: TFunction, code: string, params: Record<string, string> | undefined, serverMessage: string, inReadersLanguage: boolean): string {
  if (knows(code)) return t(`errors.codes.${code}`, { ...params, returnObjects: false });
  if (inReadersLanguage && serverMessage) return serverMessage;
  return t("errors.generic", { code: code || "—" });
}

/** Whether the server wrote err's messages in the language the interface shows. */
function inReadersLanguage(err: ApiError): boolean {
  return err.language.split("-")[0] === currentLanguage();
}

/** What to tell the reader about a failed request, in the interface's language. */
export function describeError(err: unknown, t: TFunction): string {
  if (!(err instanceof ApiError)) return t("errors.network");
  return fromCode(t, err.code, err.body?.params, err.body?.message ?? "", inReadersLanguage(err));
}

/** What is wrong with one field of a refused request, in the interface's language. */
export function describeFieldError(err: ApiError, fault: ApiFieldError, t: TFunction): string {
  return fromCode(t, fault.code, fault.params, fault.message, inReadersLanguage(err));
}

/** Every field fault of err described, keyed by field name ({} for anything but an ApiError). */
export function describeFieldErrors(err: unknown, t: TFunction): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  return Object.fromEntries(Object.entries(err.faults).map(([k, f]) => [k, describeFieldError(err, f, t)]));
}
