/// <reference types="vitest/config" />
import { writeFileSync, mkdirSync } from "node:fs";
import { fileURLToPath, URL } from "node:url";
import path from "node:path";
import type { Plugin } from "vite";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

const outDir = fileURLToPath(new URL("./dist", import.meta.url));

/**
 * The Go binary embeds `all:dist`, and go:embed fails on a missing or empty
 * directory. emptyOutDir wipes dist on every build, so this plugin writes the
 * placeholder back once the bundle is on disk.
 */
function keepDistPlaceholder(): Plugin {
  return {
    name: "kormeer-keep-dist",
    apply: "build",
    closeBundle() {
      mkdirSync(outDir, { recursive: true });
      writeFileSync(path.join(outDir, ".keep"), "");
    },
  };
}

/** recharts and the packages only it depends on (kept out of the vendor chunk). */
const CHART_LIBS =
  "(recharts|d3-[^\\\\/]+|victory-vendor|internmap|decimal\\.js-light|es-toolkit|eventemitter3|immer|reselect|@reduxjs|redux|react-redux|tiny-invariant)[\\\\/]";

const backend = process.env.KORMEER_DEV_BACKEND ?? "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [react(), tailwindcss(), keepDistPlaceholder()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Third-party code changes rarely: keep it in one long-cached chunk
        // instead of letting shared app modules name the split chunks.
        codeSplitting: {
          groups: [
            // recharts and the libraries only it uses go to their own chunk, loaded with the
            // screens that draw charts (vendor is matched first, so React stays there).
            { name: "vendor", test: new RegExp(`node_modules[\\\\/](?!${CHART_LIBS})`) },
            { name: "charts", test: new RegExp(`node_modules[\\\\/]${CHART_LIBS}`) },
            { name: "shared", test: /\/src\/(api|components|i18n|lib)\// },
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
