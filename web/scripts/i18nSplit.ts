import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { DEFERRED_GROUPS } from "../src/i18n/groups.ts";

/** The two modules derived from en.json: the strings of the first load, and the rest. */
export const EN_CORE = "virtual:kormeer-en-core";
export const EN_DEFERRED = "virtual:kormeer-en-deferred";

/**
 * Serves en.json in two halves so that the strings of lazily loaded screens load with them:
 * `virtual:kormeer-en-core` (every group but DEFERRED_GROUPS, bundled with the app) and
 * `virtual:kormeer-en-deferred` (those groups, a chunk of its own). en.json stays the single
 * source file that tests, browser fixtures and tools read whole.
 */
export function splitEnglishStrings(): Plugin {
  let enFile = "";
  const deferred = new Set<string>(DEFERRED_GROUPS);
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
      const en = JSON.parse(readFileSync(enFile, "utf8")) as Record<string, unknown>;
      const wantDeferred = id === `\0${EN_DEFERRED}`;
      const half = Object.fromEntries(Object.entries(en).filter(([group]) => deferred.has(group) === wantDeferred));
      // JSON.parse of a string literal parses faster than the same object as JavaScript.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(half))});`;
    },
  };
}
