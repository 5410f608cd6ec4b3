/**
 * A translation function over plain string trees, for the landing page's first load, which runs
 * without i18next (src/landingMain.tsx: i18next and react-i18next are a large part of what a slow
 * phone no longer waits for, docs/PERFORMANCE.md "Web app on a slow phone"). It does what the
 * landing page's strings need of i18next, with i18next's answers (i18n/translate.test.ts compares
 * the two on every landing string in every language): dotted keys, {{value}} interpolation
 * without escaping (as the app configures i18next), plural forms by `count` (key_zero for 0 when
 * present, then Intl.PluralRules' key_one, key_other…), empty strings treated as missing, the
 * fallback to English, then `defaultValue`, then the key itself.
 */

/** Translations as en.json holds them: nested groups of strings. */
export type StringTree = { [key: string]: string | StringTree };

/** What t() takes beside the key: values to interpolate, `count`, `defaultValue`. */
export type TranslateOptions = Record<string, unknown>;

function lookup(tree: StringTree | undefined, key: string): string | undefined {
  let node: string | StringTree | undefined = tree;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" && node !== "" ? node : undefined;
}

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCategory(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/** The string for key in one language's tree, its plural form chosen by options.count. */
function resolve(tree: StringTree | undefined, language: string, key: string, options: TranslateOptions | undefined): string | undefined {
  const count = options?.count;
  if (typeof count === "number") {
    const form =
      (count === 0 ? lookup(tree, `${key}_zero`) : undefined) ?? lookup(tree, `${key}_${pluralCategory(language, count)}`);
    if (form !== undefined) return form;
  }
  return lookup(tree, key);
}

function interpolate(text: string, options: TranslateOptions | undefined): string {
  if (!options) return text;
  return text.replace(/\{\{\s*([^}\s]+)\s*\}\}/g, (whole, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

/**
 * Translates key in language from its tree, else from English's; a key found in neither gives
 * options.defaultValue, else the key.
 */
export function translate(
  trees: { language: string; strings: StringTree | undefined; english: StringTree },
  key: string,
  options?: TranslateOptions,
): string {
  const found =
    resolve(trees.strings, trees.language, key, options) ?? resolve(trees.english, "en", key, options);
  if (found !== undefined) return interpolate(found, options);
  const fallback = options?.defaultValue;
  return typeof fallback === "string" ? interpolate(fallback, options) : key;
}

/** Two trees as one, b's strings added to a's groups (neither is changed). */
export function mergeStrings(a: StringTree, b: StringTree): StringTree {
  const out: StringTree = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const mine = out[key];
    out[key] = typeof value === "object" && typeof mine === "object" ? mergeStrings(mine, value) : value;
  }
  return out;
}
