import { useMemo, useState } from "react";
import type { ReactNode } from "react";
import english from "virtual:kormeer-en-landing";
import { LandingHostContext } from "@/features/landing/host";
import type { LandingHost } from "@/features/landing/host";
import { LandingPage } from "@/features/landing/LandingPage";
import { SUPPORTED_LANGUAGES, rememberLanguage, setCurrentLanguage } from "@/i18n/languages";
import type { LanguageCode } from "@/i18n/languages";
import { PSEUDO_LANGUAGE, pseudoTranslations } from "@/i18n/pseudo";
import { translate } from "@/i18n/translate";
import type { StringTree } from "@/i18n/translate";

/**
 * The landing page on React alone, for a first load at "/" without a session (src/landingMain.tsx):
 * its texts from the landing page's English strings (virtual:kormeer-en-landing)
 * or the chosen language's translations, its language detected and remembered as the app's
 * i18next does (i18n/languages.ts), so that the app, once it runs, finds the same choice.
 * The app's libraries (i18next, TanStack Query, wouter) load only when the visitor leaves the page.
 */

/** A language and its translations (none for English: the landing page's English strings serve). */
export interface LandingLanguage {
  language: string;
  strings: StringTree | undefined;
}

/** Fetches a language's translations: the same chunks the app's i18next loads (src/i18n/index.ts). */
export async function loadLanguage(language: string): Promise<LandingLanguage> {
  if (language === PSEUDO_LANGUAGE) return { language, strings: pseudoTranslations(english) };
  if (language === "so") return { language, strings: (await import("@/i18n/so.json")).default as StringTree };
  if (language === "fr") return { language, strings: (await import("@/i18n/fr.json")).default as StringTree };
  return { language, strings: undefined };
}

/** Puts the interface in a language: <html lang>, and what formatting reads (i18n/languages.ts). */
export function applyLanguage(language: string): void {
  setCurrentLanguage(language);
  document.documentElement.lang = language;
}

/**
 * The landing page with its own host. `hydrates`: its first render takes over the server's
 * pre-rendered markup, so it draws the page as the server did. children render inside the host
 * (the client protection's notice, src/landingMain.tsx).
 */
export function StandaloneLanding({
  initial,
  navigate,
  prepare,
  hydrates = false,
  children,
}: {
  initial: LandingLanguage;
  navigate: (to: string) => void;
  prepare?: () => void;
  hydrates?: boolean;
  children?: ReactNode;
}) {
  const [current, setCurrent] = useState(initial);
  const host = useMemo<LandingHost>(() => {
    const chooseLanguage = (code: LanguageCode) => {
      rememberLanguage(code);
      void loadLanguage(code).then((next) => {
        applyLanguage(code);
        setCurrent(next);
      });
    };
    return {
      t: (key, options) => translate({ language: current.language, strings: current.strings, english }, key, options),
      language: SUPPORTED_LANGUAGES.find((l) => l.code === current.language)?.code ?? "en",
      chooseLanguage,
      navigate,
      prepare,
      hydrating: hydrates,
    };
  }, [current, navigate, prepare, hydrates]);
  return (
    <LandingHostContext.Provider value={host}>
      <LandingPage />
      {children}
    </LandingHostContext.Provider>
  );
}
