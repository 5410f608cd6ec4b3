import i18n from "@/i18n";
import en from "@/i18n/en.json";

/** English validation message → its i18n key, so the server's messages show in Somali too. */
const byEnglish: Map<string, string> = new Map(
  Object.entries(en.validation).flatMap(([field, msgs]) =>
    Object.entries(msgs as Record<string, string>).map(([k, text]) => [text, `validation.${field}.${k}`] as const),
  ),
);

/** Turns a server field message into an i18n key when it is one of ours, else keeps it. */
export function fieldMessageKey(message: string): string {
  return byEnglish.get(message) ?? message;
}

/** Renders an error held as an i18n key or as the server's own words. */
export function errorText(value: string | undefined): string | undefined {
  if (!value) return undefined;
  return i18n.exists(value) ? i18n.t(value) : value;
}
