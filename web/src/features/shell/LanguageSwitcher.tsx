import { useTranslation } from "react-i18next";
import { LanguageSelect } from "@/components/ui/language-select";
import { currentLanguage } from "@/i18n";
import { useChooseLanguage } from "@/lib/languageChoice";

/**
 * English / Soomaali / Français switcher; the choice is remembered by the detector's cache and, for
 * a signed-in person, on their account (useChooseLanguage).
 */
export function LanguageSwitcher({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation();
  const choose = useChooseLanguage();
  return (
    <LanguageSelect
      label={t("language.label")}
      value={currentLanguage()}
      onChoose={choose}
      className={className}
      compact={compact}
    />
  );
}
