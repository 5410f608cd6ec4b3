import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { DEFERRED_GROUPS, LANDING_GROUPS } from "../src/i18n/groups.ts";

/** The modules derived from en.json: the strings of the first load, the rest, and the landing page's. */
export const EN_CORE = "virtual:kormeer-en-core";
export const EN_DEFERRED = "virtual:kormeer-en-deferred";
export const EN_LANDING = "virtual:kormeer-en-landing";
const VIRTUAL = [EN_CORE, EN_DEFERRED, EN_LANDING];

/**
 * Serves en.json in parts so that the strings of lazily loaded screens load with them:
 * `virtual:kormeer-en-core` (everything but DEFERRED_GROUPS and LANDING_GROUPS, bundled with the
 * app), `virtual:kormeer-en-deferred` (those groups and sub-groups, a chunk of its own) and
 * `virtual:kormeer-en-landing` (LANDING_GROUPS: the landing page's strings, in the entry for its
 * first load, which runs without the app's i18next; the app merges them back into the core).
 * en.json stays the single source file that tests, browser fixtures and tools read whole.
 */
export function splitEnglishStrings(): Plugin {
  let enFile = "";
  return {
    name: "kormeer-split-english",
    configResolved(config) {
      enFile = path.resolve(config.root, "src/i18n/en.json");
    },
    resolveId(id) {
      return VIRTUAL.includes(id) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!VIRTUAL.some((v) => id === `\0${v}`)) return undefined;
      this.addWatchFile(enFile);
      const en = JSON.parse(readFileSync(enFile, "utf8")) as Tree;
      // The landing page's strings are left out of the core, which the app merges them back into
      // (src/i18n/index.ts), so that no first load carries them twice.
      const half =
        id === `\0${EN_LANDING}`
          ? splitStrings(en, LANDING_GROUPS).deferred
          : id === `\0${EN_DEFERRED}`
            ? splitStrings(en, DEFERRED_GROUPS).deferred
            : splitStrings(splitStrings(en, DEFERRED_GROUPS).core, LANDING_GROUPS).core;
      // JSON.parse of a string literal parses faster than the same object as JavaScript.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(half))});`;
    },
  };
}

type Tree = { [key: string]: string | Tree };

/**
 * en.json cut in two: `deferred` holds the sub-trees at the given dotted paths (at the same
 * paths), `core` everything else. i18next merges them back deeply (`addResourceBundle`).
 */
export function splitStrings(en: Tree, paths: readonly string[]): { core: Tree; deferred: Tree } {
  const core = structuredClone(en);
  const deferred: Tree = {};
  for (const dotted of paths) {
    const keys = dotted.split(".");
    const last = keys.pop()!;
    let from: Tree = core;
    let to: Tree = deferred;
    for (const key of keys) {
      const next = from[key];
      if (typeof next !== "object") throw new Error(`en.json has no group ${dotted}`);
      from = next;
      to = (to[key] ??= {}) as Tree;
    }
    if (!(last in from)) throw new Error(`en.json has no group ${dotted}`);
    to[last] = from[last]!;
    delete from[last];
  }
  return { core, deferred };
}
