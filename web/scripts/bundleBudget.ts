import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** One chunk as Vite's build manifest (`build.manifest: true`) records it. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** Vite's build manifest: chunks keyed by source path (or `_name` for split chunks). */
export type Manifest = Record<string, ManifestChunk>;

/** The app's chunk, loaded at once on every page but the landing page's first load (src/main.tsx). */
export const APP_CHUNK = "src/appMain.tsx";

/** The initial JavaScript budget per route, gzipped (issue 15: under 200 KB on a slow phone). */
export const INITIAL_JS_BUDGET_BYTES = 200_000;

/**
 * Routes and the manifest keys a browser runs before the route is usable. The landing page's
 * first load is the entry alone (src/landingMain.tsx); every other page also runs the app's chunk
 * (src/appMain.tsx, which the server preloads with the page), and the dashboard the signed-in
 * shell's chunk, which imports it statically.
 */
export const ROUTES: Record<string, string[]> = {
  landing: ["index.html"],
  dashboard: ["index.html", APP_CHUNK, "src/features/shell/AuthenticatedApp.tsx"],
  analytics: ["index.html", APP_CHUNK, "src/features/shell/AuthenticatedApp.tsx", "src/features/analytics/AnalyticsPage.tsx"],
};

/**
 * The JS files loaded before the given chunks run: the chunks themselves and every chunk they
 * import statically, transitively (Vite preloads exactly these). Dynamic imports are left out:
 * they load later, when a screen asks for them.
 */
export function initialFiles(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`no chunk ${key} in the build manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen].map((key) => manifest[key]!.file).sort();
}

/** Size of a file once gzipped at level 9 (what `gzip -9` gives; servers often do less well). */
export function gzipSize(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** A route's initial JS: the files and their gzipped total. */
export interface RouteSize {
  files: string[];
  gzipBytes: number;
}

/** Reads `.vite/manifest.json` from a build made with `--manifest`. */
export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(distDir, ".vite/manifest.json"), "utf8")) as Manifest;
}

/** Each route's initial JS, gzipped, in a built `dist` directory. */
export function routeSizes(distDir: string, manifest: Manifest): Record<string, RouteSize> {
  const out: Record<string, RouteSize> = {};
  for (const [route, keys] of Object.entries(ROUTES)) {
    const files = initialFiles(manifest, keys);
    out[route] = { files, gzipBytes: files.reduce((sum, f) => sum + gzipSize(path.join(distDir, f)), 0) };
  }
  return out;
}

/**
 * The manifest keys of the chunks that load the charts library with them (statically, at once).
 * Only the analytics page and the AML backtest chart should.
 */
export function chunksLoadingCharts(manifest: Manifest): string[] {
  const charts = Object.values(manifest).find((c) => /(^|\/)charts-[^/]+\.js$/.test(c.file));
  if (!charts) throw new Error("no charts chunk in the build manifest");
  return Object.keys(manifest)
    .filter((key) => manifest[key]!.isEntry || manifest[key]!.isDynamicEntry)
    .filter((key) => initialFiles(manifest, [key]).includes(charts.file))
    .sort();
}

/**
 * The JS files of a built `dist` directory (those its manifest names) whose code holds `text`: a
 * string literal that identifies a library once minified.
 */
export function filesContaining(distDir: string, manifest: Manifest, text: string): string[] {
  const files = new Set(Object.values(manifest).map((c) => c.file).filter((f) => f.endsWith(".js")));
  return [...files].filter((f) => readFileSync(path.join(distDir, f), "utf8").includes(text)).sort();
}
