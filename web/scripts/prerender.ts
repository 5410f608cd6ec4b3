import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";
import type { Plugin } from "vite";

/** Where the markup goes in the built app; the server reads it from there (internal/httpapi/shell.go). */
export const PRERENDER_DIR = ".prerender";

/** The languages the landing page is pre-rendered in (src/i18n SUPPORTED_LANGUAGES). */
const LANGUAGES = ["en", "so", "fr"] as const;

/**
 * After the client build, builds src/prerender.tsx for Node (Vite's SSR build, into a temporary
 * directory under node_modules), renders the landing page in each language with react-dom/server and writes
 * `.prerender/landing.<lang>.html` into the build. The markup then always matches the scripts it
 * ships with. The SSR build reuses the config, so this plugin skips itself there.
 */
export function prerenderLanding(): Plugin {
  let outDir = "";
  let root = "";
  let skip = false;
  return {
    name: "kormeer-prerender",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      skip = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (skip) return;
      // Inside node_modules, so that the build's imports of packages (left external) resolve.
      const base = path.join(root, "node_modules/.tmp");
      mkdirSync(base, { recursive: true });
      const tmp = mkdtempSync(path.join(base, "prerender-"));
      try {
        await build({
          root,
          logLevel: "error",
          build: { ssr: "src/prerender.tsx", outDir: tmp, emptyOutDir: true, manifest: false, copyPublicDir: false },
        });
        const mod = (await import(pathToFileURL(path.join(tmp, "prerender.js")).href)) as {
          renderLanding: (language: string) => Promise<string>;
        };
        mkdirSync(path.join(outDir, PRERENDER_DIR), { recursive: true });
        for (const language of LANGUAGES) {
          writeFileSync(path.join(outDir, PRERENDER_DIR, `landing.${language}.html`), await mod.renderLanding(language));
        }
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
    },
  };
}
