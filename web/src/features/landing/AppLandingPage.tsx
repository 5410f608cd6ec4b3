import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { currentLanguage } from "@/i18n";
import { useChooseLanguage } from "@/lib/languageChoice";
import { LandingHostContext } from "@/features/landing/host";
import type { LandingHost } from "@/features/landing/host";
import { LandingPage } from "@/features/landing/LandingPage";

/**
 * The landing page inside the app (App.tsx, "/" signed out: after signing out, or when the first
 * load was another page): i18next's texts, the app's language choice and wouter's navigation.
 * It re-renders, with a new host, when the language changes (useTranslation) or the location does.
 */
export function AppLandingPage() {
  const { t } = useTranslation();
  const choose = useChooseLanguage();
  const [, navigate] = useLocation();
  const host: LandingHost = {
    t: (key, options) => t(key, options),
    language: currentLanguage(),
    chooseLanguage: choose,
    navigate: (to) => navigate(to),
  };
  return (
    <LandingHostContext.Provider value={host}>
      <LandingPage />
    </LandingHostContext.Provider>
  );
}
