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
 * The one place a key built at run time becomes a TranslationKey, for parts whose type does not
 * list the keys (a server's error code, a rule's code, a field name). The type check cannot see
 * such a key; a caller whose part comes from outside the app checks it with i18n.exists first or
 * accepts that i18next shows the key itself.
 */
export function dynamicKey(key: string): TranslationKey {
  return key as TranslationKey;
}
