import { afterAll, describe, expect, it } from "vitest";
import english from "virtual:kormeer-en-landing";
import en from "@/i18n/en.json";
import so from "@/i18n/so.json";
import fr from "@/i18n/fr.json";
import i18n from "@/i18n";
import { LANDING_GROUPS } from "@/i18n/groups";
import { dynamicKey } from "@/i18n/keys";
import { translate } from "@/i18n/translate";
import type { StringTree } from "@/i18n/translate";

afterAll(() => i18n.changeLanguage("en"));

/** Every key of a tree, plural forms reduced to their key ("x_one" → "x"). */
function keys(tree: StringTree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) => {
    const path = prefix ? `${prefix}.${k}` : k;
    return typeof v === "string" ? [path.replace(/_(zero|one|two|few|many|other)$/, "")] : keys(v, path);
  });
}

const STRINGS: Record<string, StringTree | undefined> = { en: undefined, so: so as StringTree, fr: fr as StringTree };

describe("the landing page's translate() (its first load runs without i18next)", () => {
  it("has the landing page's groups of en.json, and only those", () => {
    const landing = [...new Set(keys(english))];
    expect(landing.length).toBeGreaterThan(50);
    expect(landing.every((k) => LANDING_GROUPS.some((g) => k === g || k.startsWith(`${g}.`)))).toBe(true);
    const all = new Set(keys(en as StringTree));
    expect(landing.every((k) => all.has(k))).toBe(true);
  });

  it.each(["en", "so", "fr"])("answers as i18next does for every landing string in %s", async (language) => {
    await i18n.changeLanguage(language);
    const options = [
      undefined,
      { n: 2, total: 4, title: "T", period: "P", days: 30, amount: "A", change: "+1%", psp: "1", mno: "2", bank: "3", date: "D", shown: 10, formatted: "1" },
      { count: 0, formatted: "0" },
      { count: 1, formatted: "1" },
      { count: 7, formatted: "7" },
    ];
    for (const key of new Set(keys(english))) {
      for (const o of options) {
        expect(translate({ language, strings: STRINGS[language], english }, key, o), `${language} ${key}`).toBe(i18n.t(dynamicKey(key), o));
      }
    }
    // A key no language has: defaultValue, else the key, as i18next answers.
    const missing = dynamicKey("publicRegister.types.central");
    expect(translate({ language, strings: STRINGS[language], english }, missing, { defaultValue: "CENTRAL" })).toBe(
      i18n.t(missing, { defaultValue: "CENTRAL" }),
    );
    expect(translate({ language, strings: STRINGS[language], english }, missing)).toBe(i18n.t(missing));
  });
});
