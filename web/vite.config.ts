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
 * React, which every page runs on, the landing page's first load included: one long-cached chunk.
 */
const reactModule = /node_modules[\\/](react|react-dom|scheduler)[\\/]/;

/**
 * The app's framework beside React: one long-cached chunk that the app's chunk (src/appMain.tsx)
 * loads. The landing page's first load runs without it (src/landingMain.tsx). Libraries only some
 * screens use (Radix parts, icons) are left out so that they follow the screens that import them.
 */
const FRAMEWORK_LIBS =
  "(@tanstack|i18next|react-i18next|wouter|regexparam|use-sync-external-store|clsx|tailwind-merge|class-variance-authority)[\\\\/]";

/** The modules the app's chunk (src/appMain.tsx) imports statically, transitively (appGraph fills it). */
const appModules = new Set<string>();

/**
 * Finds the app's static graph once the modules are parsed, for the "appMain" group below: Rolldown
 * tags only a user-defined entry's graph ($initial), and the app is a dynamic import of the entry
 * (src/main.tsx). Without the group, the app's modules would be split by the lazy screens that
 * share them, some twenty files on every first load but the landing page's.
 */
function appGraph(): Plugin {
  return {
    name: "kormeer-app-graph",
    apply: "build",
    buildEnd() {
      appModules.clear();
      const entry = [...this.getModuleIds()].find((id) => /[\\/]src[\\/]appMain\.tsx$/.test(id));
      // The app's own modules only: a package's imports are its exports, not what the app uses
      // (lucide-react's index names every icon), so packages are left to the bundler.
      const visit = (id: string) => {
        if (appModules.has(id) || /[\\/]node_modules[\\/]/.test(id)) return;
        appModules.add(id);
        for (const dep of this.getModuleInfo(id)?.importedIds ?? []) visit(dep);
      };
      if (entry) {
        visit(entry);
        // The module itself stays the chunk Vite's manifest names "src/appMain.tsx", which the
        // server preloads (internal/httpapi/shell.go) and the bundle budget measures.
        appModules.delete(entry);
      }
    },
  };
}

const backend = process.env.KORMEER_DEV_BACKEND ?? "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [react(), tailwindcss(), splitEnglishStrings(), appGraph(), keepDistPlaceholder(), brotliAssets(), prerenderLanding()],
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
        // React and the framework go to long-cached chunks and the charts to theirs; everything
        // else (app modules, Radix parts, icons) follows the screens that import it, so that a
        // route loads only what it uses (the budget is checked by scripts/bundleBudget.test.ts).
        codeSplitting: {
          groups: [
            { name: "react", test: reactModule },
            // Every other module the entry imports statically (the landing page's first load, the
            // libraries it uses included), in one chunk: on HTTP/1.1 a browser opens six
            // connections to the server, and each file past the sixth of the first load waits a
            // whole round trip (562 ms on Slow 4G) behind the others. Before the groups below, so
            // that a library both use (clsx, which recharts imports too) stays with the entry.
            { name: "app", tags: ["$initial"] },
            { name: "vendor", test: new RegExp(`node_modules[\\\\/]${FRAMEWORK_LIBS}`) },
            // The rest of the app's static graph in one chunk beside the app's own.
            { name: "appMain", test: (id: string) => appModules.has(id) },
            // recharts and the libraries only it uses: loaded with the screens that draw charts.
            { name: "charts", test: new RegExp(`node_modules[\\\\/]${CHART_LIBS}`) },
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
