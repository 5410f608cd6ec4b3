import type { ParseKeys } from "i18next";
import type en from "./en.json";

/** The dotted paths of en.json that hold a group of sentences rather than one. */
type GroupKeys<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? never : `${Prefix}${K}` | GroupKeys<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/**
 * A key of en.json that names one sentence: what t() accepts (src/i18n/i18next.d.ts types it) and
 * turns into a string. Groups are left out so that t(key) is always text.
 */
export type TranslationKey = Exclude<ParseKeys, GroupKeys<typeof en>>;

/**
 * The one place a string becomes a TranslationKey unchecked, for a value whose type cannot list
 * the keys (a form error that is either a key or the server's words, lib/fieldErrorText.ts). The
 * type check cannot see such a key, so the caller checks it with i18n.exists first. A value from
 * a known set needs none of this: a union of its members in a template key (`status.${Status}`)
 * or a type guard over the set lets t() check every key.
 */
export function dynamicKey(key: string): TranslationKey {
  return key as TranslationKey;
}
