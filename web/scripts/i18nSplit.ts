import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { DEFERRED_GROUPS } from "../src/i18n/groups.ts";

/** The two modules derived from en.json: the strings of the first load, and the rest. */
export const EN_CORE = "virtual:kormeer-en-core";
export const EN_DEFERRED = "virtual:kormeer-en-deferred";

/**
 * Serves en.json in two halves so that the strings of lazily loaded screens load with them:
 * `virtual:kormeer-en-core` (everything but DEFERRED_GROUPS, bundled with the app) and
 * `virtual:kormeer-en-deferred` (those groups and sub-groups, a chunk of its own). en.json stays the single
 * source file that tests, browser fixtures and tools read whole.
 */
export function splitEnglishStrings(): Plugin {
  let enFile = "";
  return {
    name: "kormeer-split-english",
    configResolved(config) {
      enFile = path.resolve(config.root, "src/i18n/en.json");
    },
    resolveId(id) {
      return id === EN_CORE || id === EN_DEFERRED ? `\0${id}` : undefined;
    },
    load(id) {
      if (id !== `\0${EN_CORE}` && id !== `\0${EN_DEFERRED}`) return undefined;
      this.addWatchFile(enFile);
      const en = JSON.parse(readFileSync(enFile, "utf8")) as Tree;
      const half = splitStrings(en, DEFERRED_GROUPS)[id === `\0${EN_DEFERRED}` ? "deferred" : "core"];
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
