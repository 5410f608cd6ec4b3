import { ChevronDown, Languages } from "lucide-react";
import { NativeSelect } from "@/components/ui/native-select";
import { SUPPORTED_LANGUAGES } from "@/i18n/languages";
import type { LanguageCode } from "@/i18n/languages";
import { cn } from "@/lib/utils";

/**
 * The English / Soomaali / Français picker as drawn: the language switcher of the app
 * (features/shell/LanguageSwitcher) and the landing page's first load, which runs without i18next
 * (features/landing), both draw this one.
 *
 * A native select, styled like the Radix one the forms use: it is on the landing page, where the
 * Radix select and its positioning library would weigh about 20 KB gzipped on a slow phone's
 * first load, and a phone opens its own, larger picker for it.
 */
export function LanguageSelect({
  label,
  value,
  onChoose,
  className,
  compact = false,
}: {
  label: string;
  value: LanguageCode;
  onChoose: (code: LanguageCode) => void;
  className?: string;
  compact?: boolean;
}) {
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
        aria-label={label}
        value={value}
        onChange={(event) => onChoose(event.target.value as LanguageCode)}
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
