import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import en from "@/i18n/en.json";

type Tree = { [key: string]: string | Tree };

/** The string at a dotted key of en.json, or undefined when there is none (or it is a group). */
function lookup(key: string): string | undefined {
  let node: string | Tree | undefined = en as Tree;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** Whether t(key) finds a text: the key itself, or its plural forms (key_one, key_other). */
function exists(key: string): boolean {
  return lookup(key) !== undefined || lookup(`${key}_one`) !== undefined || lookup(`${key}_other`) !== undefined;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts") ? [path] : [];
  });
}

// t("a.key"), i18n.t("a.key"), t("a.key", {...}): a literal key, whoever calls it.
const LITERAL_KEY = /\bt\(\s*"([A-Za-z0-9_]+(?:\.[A-Za-z0-9_-]+)+)"/g;

describe("translation keys used in the code", () => {
  // Every literal key the code translates is in en.json (so, through the test of i18n.test.ts,
  // in every language): a typo or a removed string fails here instead of showing a raw key.
  // Keys built at run time (`errors.codes.${code}`) are checked by their features' own tests.
  it("exist in en.json", () => {
    const root = join(process.cwd(), "src");
    const missing: string[] = [];
    let seen = 0;
    for (const file of sources(root)) {
      const lines = readFileSync(file, "utf8").split("\n");
      lines.forEach((line, i) => {
        for (const m of line.matchAll(LITERAL_KEY)) {
          seen++;
          const key = m[1] ?? "";
          // Tests assert that a missing key falls back (i18n.test.ts); they name such keys on purpose.
          if (!exists(key) && !/\.test\.tsx?$/.test(file)) missing.push(`${relative(process.cwd(), file)}:${i + 1}: ${key}`);
        }
      });
    }
    expect(seen, "literal keys found").toBeGreaterThan(500);
    expect(missing).toEqual([]);
  });
});
