import { ApiError } from "@/api/client";

/**
 * What a failed transfer tells the user (001 §8), checked in the
 * specification's order: either an i18n key under "transfers.failure" or the
 * raw message to show as it is.
 */
export type FailureMessage = { key: string } | { raw: string };

/** True for the errors fetch raises when the network, not the server, failed. */
function isNetworkError(err: unknown, message: string): boolean {
  if (err instanceof TypeError) return true;
  return /network|failed to fetch|load failed/i.test(message);
}

/** Maps a transfer failure to its message. */
export function transferFailureMessage(err: unknown): FailureMessage {
  const message = err instanceof Error ? err.message : typeof err === "string" ? err : "";
  if (!message) return { key: "default" };
  if (message.includes("401") || message.includes("Unauthorized")) return { key: "sessionExpired" };
  if (message.includes("400") || message.includes("Bad Request")) return { key: "invalidDetails" };
  if (message.includes("500")) return { key: "serverError" };
  if (isNetworkError(err, message)) return { key: "network" };
  // An ApiError's message carries the raw body; its server message is what a person can read.
  const shown = err instanceof ApiError ? err.serverMessage : message;
  if (shown.length > 100) return { key: "technical" };
  return { raw: shown };
}
