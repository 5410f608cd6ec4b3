import { PSEUDO_LANGUAGE, pseudoEnabled } from "@/i18n/pseudo";

/**
 * The languages the interface ships, the one it shows now and the reader's choice, without
 * i18next: the landing page's first load (src/landingMain.tsx) runs without it, and formatting
 * (lib/format.ts) and the API client's Accept-Language read the language from here on every page.
 * i18next reports its changes here once the app runs (src/i18n/index.ts), and detects the
 * language with detectLanguage too, so that the landing page and the app always agree.
 */

/** localStorage key (and cookie name) that remembers the chosen language. */
export const LANGUAGE_STORAGE_KEY = "kormeer-language";

/** Languages the interface is offered in, with their own names. */
export const SUPPORTED_LANGUAGES = [
  { code: "en", nativeName: "English" },
  { code: "so", nativeName: "Soomaali" },
  { code: "fr", nativeName: "Français" },
] as const;

export type LanguageCode = (typeof SUPPORTED_LANGUAGES)[number]["code"];

/** The shipped language of a tag ("so-SO" → "so"), or null for any other. */
export function shippedLanguage(tag: string | null | undefined): LanguageCode | null {
  const base = (tag ?? "").split("-")[0]?.toLowerCase();
  return SUPPORTED_LANGUAGES.find((l) => l.code === base)?.code ?? null;
}

let active = "en";

/** Records the interface's language (a tag; i18next's pseudo-locale included). */
export function setCurrentLanguage(tag: string | null | undefined): void {
  if (tag) active = tag;
}

/** The active language reduced to one we ship; anything else (the pseudo-locale included) is English. */
export function currentLanguage(): LanguageCode {
  return shippedLanguage(active) ?? "en";
}

/** The languages the reader may be given: the shipped ones, and the tests' pseudo-locale once enabled. */
function choosable(tag: string | null | undefined): string | null {
  if (pseudoEnabled() && tag === PSEUDO_LANGUAGE) return PSEUDO_LANGUAGE;
  return shippedLanguage(tag);
}

/**
 * The reader's language: the one this browser remembers, else the first of the browser's
 * preferred languages the interface ships, else <html lang> (the server's choice, from the same
 * cookie and Accept-Language: internal/httpapi/shell.go), else English.
 */
export function detectLanguage(): string {
  let remembered: string | null = null;
  try {
    remembered = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    // Storage refused (a private window's policy): as if nothing were remembered.
  }
  const browser = typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]);
  const page = typeof document === "undefined" ? null : document.documentElement.lang;
  for (const tag of [remembered, ...browser, page]) {
    const found = choosable(tag);
    if (found) return found;
  }
  return "en";
}

/**
 * Remembers the reader's language: in localStorage for the app, and in the cookie of the same name
 * that the server reads to pre-render the landing page in it (internal/httpapi/shell.go).
 */
export function rememberLanguage(language: string): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered; the page still switches.
  }
  if (typeof document !== "undefined") {
    document.cookie = `${LANGUAGE_STORAGE_KEY}=${language}; max-age=${365 * 24 * 3600}; path=/; samesite=lax`;
  }
}
