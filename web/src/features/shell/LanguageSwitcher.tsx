import { useTranslation } from "react-i18next";
import { ChevronDown, Languages } from "lucide-react";
import { NativeSelect } from "@/components/ui/native-select";
import { SUPPORTED_LANGUAGES, currentLanguage } from "@/i18n";
import type { LanguageCode } from "@/i18n";
import { useChooseLanguage } from "@/lib/languageChoice";
import { cn } from "@/lib/utils";

/**
 * English / Soomaali / Français switcher; the choice is remembered by the detector's cache and, for
 * a signed-in person, on their account (useChooseLanguage).
 *
 * A native select, styled like the Radix one the forms use: it is on the landing page, where the
 * Radix select and its positioning library would weigh about 20 KB gzipped on a slow phone's
 * first load, and a phone opens its own, larger picker for it.
 */
export function LanguageSwitcher({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation();
  const choose = useChooseLanguage();
  return (
    <div className={cn("relative inline-flex h-9 w-auto min-w-[7.5rem] items-center", className)}>
      <Languages
        className={cn(
          "pointer-events-none absolute left-3 h-4 w-4 text-muted-foreground",
          compact && "hidden sm:block",
        )}
        aria-hidden="true"
      />
      <NativeSelect
        data-testid="language-switcher"
        aria-label={t("language.label")}
        value={currentLanguage()}
        onChange={(event) => choose(event.target.value as LanguageCode)}
        className={cn(
          "h-full appearance-none pl-9 pr-8",
          compact && "pl-3 sm:pl-9",
        )}
      >
        {SUPPORTED_LANGUAGES.map((lang) => (
          <option key={lang.code} value={lang.code} lang={lang.code}>
            {lang.nativeName}
          </option>
        ))}
      </NativeSelect>
      <ChevronDown className="pointer-events-none absolute right-3 h-4 w-4 opacity-60" aria-hidden="true" />
    </div>
  );
}
