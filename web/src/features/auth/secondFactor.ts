import { ApiError } from "@/api/client";

/**
 * The challenge a right password of an account with two-step verification earns: the server
 * answers 401 `{totpRequired: true, challenge}` and starts no session until the code comes.
 */
export function secondFactorChallenge(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.status !== 401 || !err.bodyText) return null;
  try {
    const body = JSON.parse(err.bodyText) as { totpRequired?: unknown; challenge?: unknown };
    return body.totpRequired === true && typeof body.challenge === "string" ? body.challenge : null;
  } catch {
    return null;
  }
}

/** A 401 on the code step without a `code` field means the challenge is over: sign in again. */
export function challengeIsOver(err: unknown): boolean {
  return err instanceof ApiError && err.status === 401 && !err.fields.code;
}
