/**
 * The pseudo-locale of the browser tests: every English text wrapped in ⟦…⟧, so that a test can
 * tell a text that came through t() from one hard-coded in a component or a date formatted
 * outside the translations (e2e/tests/languages.spec.ts). It is never offered to people: i18next
 * accepts the code only when localStorage holds PSEUDO_FLAG, which only that test sets.
 */
export const PSEUDO_LANGUAGE = "xx";
export const PSEUDO_FLAG = "kormeer-pseudo-locale";

type Tree = { [key: string]: string | Tree };

/** Whether this browser opted into the pseudo-locale (a test did). */
export function pseudoEnabled(): boolean {
  try {
    return typeof localStorage !== "undefined" && localStorage.getItem(PSEUDO_FLAG) === "1";
  } catch {
    return false;
  }
}

/** One text marked; interpolations ({{name}}) stay as they are so the values still fill them. */
export function pseudoText(text: string): string {
  return `⟦${text}⟧`;
}

/** The English tree with every text marked. */
export function pseudoTranslations(tree: unknown): Tree {
  const out: Tree = {};
  for (const [key, value] of Object.entries(tree as Tree)) {
    out[key] = typeof value === "string" ? pseudoText(value) : pseudoTranslations(value);
  }
  return out;
}
