import { ApiError } from "@/api/client";

/**
 * What a failed transfer tells the user (001 §8), checked in the
 * specification's order: an i18n key under "transfers.failure", the server's
 * refusal to describe from its code (api/errors.ts), or the raw message of an
 * error that did not come from the server.
 */
export type FailureMessage =
  | { key: "sessionExpired" | "invalidDetails" | "serverError" | "network" | "default" | "technical" }
  | { refusal: ApiError }
  | { raw: string };

/** Maps a transfer failure to its message. */
export function transferFailureMessage(err: unknown): FailureMessage {
  if (err instanceof ApiError) {
    // The server's answer is read by its status and code, never by its text.
    if (err.status === 401) return { key: "sessionExpired" };
    if (err.status === 400) return { key: "invalidDetails" };
    if (err.status >= 500) return { key: "serverError" };
    return { refusal: err };
  }
  // Anything else never reached the server, so its text says nothing about a status: fetch
  // raises a TypeError (in every browser, whatever its wording) when the network failed.
  if (err instanceof TypeError) return { key: "network" };
  const message = err instanceof Error ? err.message : typeof err === "string" ? err : "";
  if (!message) return { key: "default" };
  if (message.length > 100) return { key: "technical" };
  return { raw: message };
}
