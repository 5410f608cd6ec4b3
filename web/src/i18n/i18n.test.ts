import { describe, expect, it } from "vitest";
import en from "@/i18n/en.json";
import so from "@/i18n/so.json";
import fr from "@/i18n/fr.json";
import i18n, { SUPPORTED_LANGUAGES, currentLanguage, lazyTranslations } from "@/i18n";
import { PSEUDO_FLAG, pseudoTranslations } from "@/i18n/pseudo";
import { dynamicKey } from "@/i18n/keys";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

describe("translations", () => {
  const enFlat = flatten(en as Tree);
  // Every language the switcher offers, English included; a language added there must be added here.
  const others = { so: flatten(so as Tree), fr: flatten(fr as Tree) } as const;
  const all = { en: enFlat, ...others };

  it("covers every offered language", () => {
    expect(Object.keys(all).sort()).toEqual(SUPPORTED_LANGUAGES.map((l) => l.code).sort());
  });

  it.each(Object.keys(others) as (keyof typeof others)[])("%s has exactly the keys of English, none missing or extra", (lang) => {
    const keys = Object.keys(others[lang]);
    expect(keys.filter((k) => !(k in enFlat)), "extra").toEqual([]);
    expect(Object.keys(enFlat).filter((k) => !keys.includes(k)), "missing").toEqual([]);
  });

  it("has no empty values", () => {
    for (const [lang, flat] of Object.entries(all)) {
      for (const [key, value] of Object.entries(flat)) {
        expect(value.trim(), `${lang}:${key}`).not.toBe("");
      }
    }
  });

  it("keeps interpolation placeholders consistent", () => {
    const vars = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
    for (const [lang, flat] of Object.entries(others)) {
      for (const key of Object.keys(enFlat)) {
        expect(vars(flat[key]!), `${lang}:${key}`).toEqual(vars(enFlat[key]!));
      }
    }
  });

  it("names the product Kormeer, never the prototype's bank", () => {
    const texts = JSON.stringify(en) + JSON.stringify(so) + JSON.stringify(fr);
    expect(texts).not.toMatch(/CBSL Portal/i);
    expect(en.app.loading).toBe("Loading Kormeer...");
  });

  it("falls back to English, then to the key", async () => {
    await i18n.changeLanguage("so");
    expect(i18n.t("nav.transfers")).toBe("Lacag-wareejin");
    expect(i18n.t(dynamicKey("does.not.exist"))).toBe("does.not.exist");
    i18n.addResource("en", "translation", "onlyEnglish", "Only in English");
    expect(i18n.t(dynamicKey("onlyEnglish"))).toBe("Only in English");
    await i18n.changeLanguage("en");
  });

  // That so.json stays out of the first load is checked on the build (scripts/bundleBudget.test.ts).
  it("reads Somali and French from their own chunks; English is bundled", async () => {
    const read = (lng: string) =>
      new Promise<unknown>((resolve, reject) =>
        lazyTranslations.read(lng, "translation", (err, data) => (err ? reject(err) : resolve(data))),
      );
    expect(await read("so")).toEqual(so);
    expect(await read("fr")).toEqual(fr);
    expect(await read("en")).toEqual({});
  });

  it("sets the html lang attribute", async () => {
    await i18n.changeLanguage("so");
    expect(document.documentElement.lang).toBe("so");
    await i18n.changeLanguage("en");
    expect(document.documentElement.lang).toBe("en");
  });

  it("uses plural forms for guest units", () => {
    expect(i18n.t("guest.unitsRemaining", { count: 1 })).toBe("1 unit remaining");
    expect(i18n.t("guest.unitsRemaining", { count: 7 })).toBe("7 units remaining");
  });

  it("speaks French, with French plural forms", async () => {
    await i18n.changeLanguage("fr");
    expect(currentLanguage()).toBe("fr");
    expect(i18n.t("mobileAccess.title")).toBe("Gestion des accès mobiles");
    expect(i18n.t("guest.unitsRemaining", { count: 1 })).toBe("1 unité restante");
    expect(i18n.t("guest.unitsRemaining", { count: 7 })).toBe("7 unités restantes");
    await i18n.changeLanguage("en");
  });

  it("falls back to English for a language it does not ship", async () => {
    await i18n.changeLanguage("de");
    expect(currentLanguage()).toBe("en");
    expect(i18n.t("nav.transfers")).toBe("Transfers");
    await i18n.changeLanguage("en");
  });
});

describe("pseudo-locale", () => {
  it("marks every English text and keeps its placeholders", () => {
    const pseudo = flatten(pseudoTranslations(en));
    expect(Object.keys(pseudo).sort()).toEqual(Object.keys(flatten(en as Tree)).sort());
    expect(pseudo["nav.transfers"]).toBe("⟦Transfers⟧");
    expect(pseudo["guest.unitsRemaining_other"]).toBe("⟦{{count}} units remaining⟧");
  });

  it("is never offered to people, and refused unless a test switched it on", async () => {
    expect(SUPPORTED_LANGUAGES.map((l) => l.code)).not.toContain("xx");
    expect(localStorage.getItem(PSEUDO_FLAG)).toBeNull();
    await i18n.changeLanguage("xx");
    expect(i18n.t("nav.transfers")).toBe("Transfers");
    await i18n.changeLanguage("en");
  });
});
