import { useTranslation } from "react-i18next";
import { Languages } from "lucide-react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { SUPPORTED_LANGUAGES, currentLanguage } from "@/i18n";
import { cn } from "@/lib/utils";

/** English / Soomaali switcher; the choice is remembered by the detector's cache. */
export function LanguageSwitcher({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const value = currentLanguage();
  return (
    <Select value={value} onValueChange={(lng) => void i18n.changeLanguage(lng)}>
      <SelectTrigger
        data-testid="language-switcher"
        aria-label={t("language.label")}
        className={cn("h-9 w-auto min-w-[7.5rem] gap-2", className)}
      >
        <Languages
          className={cn("h-4 w-4 shrink-0 text-muted-foreground", compact && "hidden sm:block")}
          aria-hidden="true"
        />
        <SelectValue />
      </SelectTrigger>
      <SelectContent align="end">
        {SUPPORTED_LANGUAGES.map((lang) => (
          <SelectItem key={lang.code} value={lang.code} lang={lang.code}>
            {lang.nativeName}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
