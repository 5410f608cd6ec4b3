import i18n from "i18next";
import type { BackendModule, ResourceKey } from "i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import { initReactI18next } from "react-i18next";
import en from "virtual:kormeer-en-core";
import { PSEUDO_LANGUAGE, pseudoEnabled, pseudoTranslations } from "@/i18n/pseudo";

/** localStorage key that remembers the chosen language. */
export const LANGUAGE_STORAGE_KEY = "kormeer-language";

/** Languages the interface is offered in, with their own names. */
export const SUPPORTED_LANGUAGES = [
  { code: "en", nativeName: "English" },
  { code: "so", nativeName: "Soomaali" },
  { code: "fr", nativeName: "Français" },
] as const;

export type LanguageCode = (typeof SUPPORTED_LANGUAGES)[number]["code"];

function syncHtmlLang(lng: string | undefined): void {
  if (typeof document !== "undefined" && lng) {
    document.documentElement.lang = lng.split("-")[0] ?? "en";
  }
}

/** The languages fetched on first use, each in its own chunk (static paths, so Vite splits them). */
const LAZY: Record<string, () => Promise<{ default: unknown }>> = {
  so: () => import("@/i18n/so.json"),
  fr: () => import("@/i18n/fr.json"),
};

/**
 * Fetches a language's translations when it is first chosen. English is bundled (it is the
 * fallback every screen needs at once), apart from the strings of lazily loaded screens
 * (`loadDeferredStrings`); Somali and French are their own chunks (about 20 KB
 * gzipped each) so that an English reader on a slow phone downloads neither, and a Somali or
 * French reader downloads only theirs. The pseudo-locale is derived from English in the browser.
 */
export const lazyTranslations: BackendModule = {
  type: "backend",
  init() {},
  read(language, _namespace, callback) {
    if (language === PSEUDO_LANGUAGE) {
      // English as loaded so far: the deferred strings, if already in, are marked too.
      callback(null, pseudoTranslations(i18n.getResourceBundle("en", "translation") ?? en) as ResourceKey);
      return;
    }
    const load = LAZY[language];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (m) => callback(null, m.default as ResourceKey),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

let deferredStrings: Promise<void> | undefined;

/**
 * Adds the English strings of the lazily loaded screens (DEFERRED_GROUPS, their own chunk) to
 * English, and to the pseudo-locale when a test uses it. The first call fetches them; later calls
 * return the same promise. `lazyScreen` awaits it with each screen's code, so no screen renders
 * before its strings are in.
 */
export function loadDeferredStrings(): Promise<void> {
  deferredStrings ??= import("virtual:kormeer-en-deferred").then(
    (m) => {
      i18n.addResourceBundle("en", "translation", m.default, true, false);
      if (i18n.hasResourceBundle(PSEUDO_LANGUAGE, "translation")) {
        i18n.addResourceBundle(PSEUDO_LANGUAGE, "translation", pseudoTranslations(m.default), true, false);
      }
    },
    (err: unknown) => {
      // A failed fetch (a dropped connection) may be retried by the next screen opened.
      deferredStrings = undefined;
      throw err;
    },
  );
  return deferredStrings;
}

/**
 * Whether this browser had a language of its own choosing when the page loaded, read before the
 * detector writes the detected one back: a signed-in person's saved language then does not
 * override it (lib/languageChoice.ts).
 */
export const languageRememberedAtLoad: boolean = (() => {
  try {
    return typeof localStorage !== "undefined" && localStorage.getItem(LANGUAGE_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
})();

/**
 * Settles once the detected language's translations are in: main.tsx renders after it, so a
 * Somali reader never sees a flash of English while the Somali chunk loads.
 */
export const i18nReady: Promise<unknown> = i18n
  .use(lazyTranslations)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: en } },
    // Languages not in `resources` come from lazyTranslations.
    partialBundledLanguages: true,
    // The pseudo-locale is accepted only where a test switched it on (i18n/pseudo.ts).
    supportedLngs: [...SUPPORTED_LANGUAGES.map((l) => l.code), ...(pseudoEnabled() ? [PSEUDO_LANGUAGE] : [])],
    nonExplicitSupportedLngs: true,
    load: "languageOnly",
    fallbackLng: "en",
    // Missing keys fall back to English, then to the key itself.
    returnNull: false,
    returnEmptyString: false,
    interpolation: { escapeValue: false },
    detection: {
      order: ["localStorage", "navigator", "htmlTag"],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      // The cookie (same name) tells the server which language to pre-render the landing page in
      // (internal/httpapi/shell.go); localStorage stays the app's own record.
      lookupCookie: LANGUAGE_STORAGE_KEY,
      cookieMinutes: 60 * 24 * 365,
      cookieOptions: { path: "/", sameSite: "lax" },
      caches: ["localStorage", "cookie"],
    },
    react: { useSuspense: false },
    initAsync: false,
  });

syncHtmlLang(i18n.resolvedLanguage ?? i18n.language);
i18n.on("languageChanged", syncHtmlLang);

/** The active language reduced to one we ship; anything else (the pseudo-locale included) is English. */
export function currentLanguage(): LanguageCode {
  const lng = (i18n.resolvedLanguage ?? i18n.language ?? "en").split("-")[0];
  return SUPPORTED_LANGUAGES.find((l) => l.code === lng)?.code ?? "en";
}

export default i18n;
