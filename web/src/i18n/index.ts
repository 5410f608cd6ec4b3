import i18n from "i18next";
import type { BackendModule, ResourceKey } from "i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import { initReactI18next } from "react-i18next";
import en from "@/i18n/en.json";

/** localStorage key that remembers the chosen language. */
export const LANGUAGE_STORAGE_KEY = "kormeer-language";

/** Languages the interface is offered in, with their own names. */
export const SUPPORTED_LANGUAGES = [
  { code: "en", nativeName: "English" },
  { code: "so", nativeName: "Soomaali" },
] as const;

export type LanguageCode = (typeof SUPPORTED_LANGUAGES)[number]["code"];

function syncHtmlLang(lng: string | undefined): void {
  if (typeof document !== "undefined" && lng) {
    document.documentElement.lang = lng.split("-")[0] ?? "en";
  }
}

/**
 * Fetches a language's translations when it is first chosen. English is bundled (it is the
 * fallback every screen needs at once); Somali is its own chunk (about 20 KB gzipped) so that an
 * English reader on a slow phone does not download it, and a Somali reader downloads only it.
 */
export const lazyTranslations: BackendModule = {
  type: "backend",
  init() {},
  read(language, _namespace, callback) {
    if (language !== "so") {
      callback(null, {});
      return;
    }
    import("@/i18n/so.json").then(
      (m) => callback(null, m.default as ResourceKey),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

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
    supportedLngs: ["en", "so"],
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

/** The active language reduced to one we ship ("en" or "so"). */
export function currentLanguage(): LanguageCode {
  const lng = (i18n.resolvedLanguage ?? i18n.language ?? "en").split("-")[0];
  return lng === "so" ? "so" : "en";
}

export default i18n;
