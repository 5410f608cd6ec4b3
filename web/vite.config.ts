/// <reference types="vitest/config" />
import { writeFileSync, mkdirSync } from "node:fs";
import { fileURLToPath, URL } from "node:url";
import path from "node:path";
import type { Plugin } from "vite";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { brotliAssets } from "./scripts/brotli.ts";
import { prerenderLanding } from "./scripts/prerender.ts";
import { splitEnglishStrings } from "./scripts/i18nSplit.ts";

const outDir = fileURLToPath(new URL("./dist", import.meta.url));

/**
 * The Go binary embeds `all:dist`, and go:embed fails on a missing or empty
 * directory. emptyOutDir wipes dist on every build, so this plugin writes the
 * placeholder back once the bundle is on disk (in the build's own outDir, so
 * that a build elsewhere, like the bundle budget test's, leaves dist alone).
 */
function keepDistPlaceholder(): Plugin {
  let dir = outDir;
  return {
    name: "kormeer-keep-dist",
    apply: "build",
    configResolved(config) {
      dir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, ".keep"), "");
    },
  };
}

/** recharts and the packages only it depends on (kept out of the vendor chunk). */
const CHART_LIBS =
  "(recharts|d3-[^\\\\/]+|victory-vendor|internmap|decimal\\.js-light|es-toolkit|eventemitter3|immer|reselect|@reduxjs|redux|react-redux|tiny-invariant)[\\\\/]";

/**
 * The framework every screen runs on, landing page included: one long-cached chunk. Libraries
 * only some screens use (Radix parts, icons) are left out so that they follow the screens that
 * import them instead of weighing on the first load.
 */
const FRAMEWORK_LIBS =
  "(react|react-dom|scheduler|@tanstack|i18next|react-i18next|i18next-browser-languagedetector|wouter|regexparam|use-sync-external-store|clsx|tailwind-merge|class-variance-authority)[\\\\/]";

const backend = process.env.KORMEER_DEV_BACKEND ?? "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [react(), tailwindcss(), splitEnglishStrings(), keepDistPlaceholder(), brotliAssets(), prerenderLanding()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: the Go server reads it to preload the signed-in app's scripts with the
    // page when the request carries a session cookie (internal/httpapi/shellpreload.go).
    manifest: true,
    rolldownOptions: {
      output: {
        // The framework goes to one long-cached chunk and the charts to theirs; everything else
        // (app modules, Radix parts, icons) follows the screens that import it, so that a route
        // loads only what it uses (the budget is checked by scripts/bundleBudget.test.ts).
        codeSplitting: {
          groups: [
            { name: "vendor", test: new RegExp(`node_modules[\\\\/]${FRAMEWORK_LIBS}`) },
            // recharts and the libraries only it uses: loaded with the screens that draw charts.
            { name: "charts", test: new RegExp(`node_modules[\\\\/]${CHART_LIBS}`) },
            // Every other module the entry imports statically, in one chunk: on HTTP/1.1 a browser
            // opens six connections to the server, and each file past the sixth of the first load
            // waits a whole round trip (562 ms on Slow 4G) behind the others.
            { name: "app", tags: ["$initial"] },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      "/api": { target: backend, changeOrigin: false },
      "/ws": { target: backend, ws: true },
      "/health": { target: backend },
      "/metrics-system": { target: backend },
    },
  },
  test: {
    environment: "jsdom",
    globals: true,
    setupFiles: ["./src/test/setup.ts"],
    css: false,
    restoreMocks: true,
    // Whole-app tests render every provider in jsdom; on a busy 2-core CI machine one took 5.4 s,
    // over Vitest's 5 s default. A hang still fails, after 20 s.
    testTimeout: 20_000,
  },
});
