import i18n from "i18next";
import type { BackendModule, LanguageDetectorModule, ResourceKey } from "i18next";
import { initReactI18next } from "react-i18next";
import core from "virtual:kormeer-en-core";
import landingStrings from "virtual:kormeer-en-landing";
import { LANGUAGE_STORAGE_KEY, SUPPORTED_LANGUAGES, detectLanguage, rememberLanguage, setCurrentLanguage } from "@/i18n/languages";
import { PSEUDO_LANGUAGE, pseudoEnabled, pseudoTranslations } from "@/i18n/pseudo";
import { mergeStrings } from "@/i18n/translate";
import type { StringTree } from "@/i18n/translate";

// The language constants live in languages.ts, which the landing page's first load reads without
// i18next; the app's modules keep importing them from here.
export { LANGUAGE_STORAGE_KEY, SUPPORTED_LANGUAGES, currentLanguage } from "@/i18n/languages";
export type { LanguageCode } from "@/i18n/languages";

/**
 * The English strings of the first load: the core and the landing page's, which the entry carries
 * for the landing page's own first load (src/landingMain.tsx) and the core leaves out.
 */
const en = mergeStrings(core as StringTree, landingStrings);

/** Keeps <html lang> and currentLanguage() (formatting, the API's Accept-Language) on i18next's language. */
function syncLanguage(lng: string | undefined): void {
  setCurrentLanguage(lng);
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
 * The reader's language, found and remembered as the landing page's first load does without
 * i18next (i18n/languages.ts: localStorage, the browser's languages, <html lang>; kept in
 * localStorage and in the cookie the server pre-renders the landing page by), so that the two
 * always agree.
 */
const languageDetector: LanguageDetectorModule = {
  type: "languageDetector",
  init() {},
  detect: () => detectLanguage(),
  cacheUserLanguage: (language) => rememberLanguage(language),
};

/**
 * Settles once the detected language's translations are in: main.tsx renders after it, so a
 * Somali reader never sees a flash of English while the Somali chunk loads.
 */
export const i18nReady: Promise<unknown> = i18n
  .use(lazyTranslations)
  .use(languageDetector)
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
    react: { useSuspense: false },
    initAsync: false,
  });

syncLanguage(i18n.resolvedLanguage ?? i18n.language);
i18n.on("languageChanged", syncLanguage);

export default i18n;
