import { describe, expect, it } from "vitest";
import en from "@/i18n/en.json";
import so from "@/i18n/so.json";
import i18n, { lazyTranslations } from "@/i18n";

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
  const soFlat = flatten(so as Tree);

  it("English and Somali have exactly the same keys", () => {
    expect(Object.keys(soFlat).sort()).toEqual(Object.keys(enFlat).sort());
  });

  it("has no empty values", () => {
    for (const [lang, flat] of [["en", enFlat], ["so", soFlat]] as const) {
      for (const [key, value] of Object.entries(flat)) {
        expect(value.trim(), `${lang}:${key}`).not.toBe("");
      }
    }
  });

  it("keeps interpolation placeholders consistent", () => {
    const vars = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
    for (const key of Object.keys(enFlat)) {
      expect(vars(soFlat[key]!), key).toEqual(vars(enFlat[key]!));
    }
  });

  it("names the product Kormeer, never the prototype's bank", () => {
    const all = JSON.stringify(en) + JSON.stringify(so);
    expect(all).not.toMatch(/CBSL Portal/i);
    expect(en.app.loading).toBe("Loading Kormeer...");
  });

  it("falls back to English, then to the key", async () => {
    await i18n.changeLanguage("so");
    expect(i18n.t("nav.transfers")).toBe("Lacag-wareejin");
    expect(i18n.t("does.not.exist")).toBe("does.not.exist");
    i18n.addResource("en", "translation", "onlyEnglish", "Only in English");
    expect(i18n.t("onlyEnglish")).toBe("Only in English");
    await i18n.changeLanguage("en");
  });

  // That so.json stays out of the first load is checked on the build (scripts/bundleBudget.test.ts).
  it("reads Somali from its own chunk; English is bundled", async () => {
    const read = (lng: string) =>
      new Promise<unknown>((resolve, reject) =>
        lazyTranslations.read(lng, "translation", (err, data) => (err ? reject(err) : resolve(data))),
      );
    expect(await read("so")).toEqual(so);
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
});
