import i18n, { LANGUAGE_STORAGE_KEY } from "@/i18n";
import { api } from "@/api/api";
import { ApiError } from "@/api/client";
import { toast } from "@/components/ui/use-toast";

/** Delay before redirecting an unauthorised user to sign in (spec 000 §9). */
export const UNAUTHORIZED_REDIRECT_MS = 500;

/**
 * True when the server says the session is gone: a 401 with code `sign_in_required`. It is
 * decided from the status and code, never the text (which follows the user's language). The
 * other 401s belong to a sign-in form and are shown there: wrong password or guest credentials,
 * the second-factor challenge (`{totpRequired}`, no code) and its wrong or expired codes, a
 * refused access code. Redirecting on those would loop the sign-in page back to itself.
 */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.code === "sign_in_required";
}

let redirectPending = false;

/**
 * Tells the user the session is gone and sends the browser to /api/login
 * after 0.5 s. Repeated calls while a redirect is pending are ignored so a
 * burst of failing queries shows one toast.
 */
export function handleUnauthorized(navigate: (url: string) => void = defaultNavigate): void {
  if (redirectPending) return;
  redirectPending = true;
  toast({
    title: i18n.t("auth.unauthorizedTitle"),
    description: i18n.t("auth.unauthorizedDescription"),
    variant: "destructive",
  });
  setTimeout(() => {
    redirectPending = false;
    navigate("/api/login");
  }, UNAUTHORIZED_REDIRECT_MS);
}

function defaultNavigate(url: string): void {
  window.location.href = url;
}

/**
 * Ends the server session (and the API tokens of that sign-in) with a POST, which
 * another site cannot trigger, then clears what this browser holds for the user
 * (storage, JS-readable cookies, clipboard), ignoring failures, and goes home.
 */
export async function logout(
  navigate: (url: string) => void = defaultNavigate,
  signOut: () => Promise<unknown> = () => api.POST("/api/logout"),
): Promise<void> {
  try {
    await signOut();
  } catch {
    // Offline, or refused: the session expires on the server on its own; the local data goes anyway.
  }
  const language = safe(() => localStorage.getItem(LANGUAGE_STORAGE_KEY));
  safe(() => localStorage.clear());
  safe(() => sessionStorage.clear());
  // Keep the language choice: it is a display preference, not user data.
  if (language) safe(() => localStorage.setItem(LANGUAGE_STORAGE_KEY, language));
  safe(() => {
    for (const cookie of document.cookie.split(";")) {
      const name = cookie.split("=")[0]?.trim();
      // The language cookie tells the server which pre-rendered landing page to send.
      if (name && name !== LANGUAGE_STORAGE_KEY) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    }
  });
  try {
    await navigator.clipboard?.writeText("");
  } catch {
    // Clipboard access needs focus/permission; failing is fine.
  }
  navigate("/");
}

function safe<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}
