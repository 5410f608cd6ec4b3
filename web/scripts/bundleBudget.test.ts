import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  INITIAL_JS_BUDGET_BYTES,
  chunksLoadingCharts,
  filesContaining,
  initialFiles,
  readManifest,
  routeSizes,
} from "./bundleBudget";
import type { Manifest, RouteSize } from "./bundleBudget";

// Sizes are deterministic for a given source tree, so asserting them is not a timing test: this
// builds the app with the real config into a temporary directory and checks what each route loads.
const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
let distDir = "";
let manifest: Manifest;
let sizes: Record<string, RouteSize>;

beforeAll(() => {
  distDir = mkdtempSync(path.join(tmpdir(), "kormeer-bundle-"));
  const vite = path.join(webDir, "node_modules/vite/bin/vite.js");
  // NODE_ENV=production: Vitest sets "test", and Vite would then bundle React's development build.
  execFileSync(process.execPath, [vite, "build", "--outDir", distDir, "--emptyOutDir", "--manifest", "--logLevel", "error"], {
    cwd: webDir,
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  manifest = readManifest(distDir);
  sizes = routeSizes(distDir, manifest);
  const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
  console.info(
    Object.entries(sizes)
      .map(([route, s]) => `initial JS gz ${route}: ${kb(s.gzipBytes)} in ${s.files.length} files`)
      .join("\n"),
  );
}, 180_000);

afterAll(() => {
  if (distDir) rmSync(distDir, { recursive: true, force: true });
});

describe("initial JavaScript per route (issue 15: a slow phone)", () => {
  it.each(["landing", "dashboard"])("the %s loads under the budget, gzipped", (route) => {
    expect(sizes[route]!.gzipBytes, `${route}: ${sizes[route]!.files.join(", ")}`).toBeLessThan(INITIAL_JS_BUDGET_BYTES);
  });

  it("loads the charts library only with the analytics page and the AML backtest chart", () => {
    expect(chunksLoadingCharts(manifest)).toEqual([
      "src/features/analytics/AnalyticsPage.tsx",
      "src/features/settings/BacktestChart.tsx",
    ]);
    // The closure does see the charts where they belong (the check above can fail).
    expect(sizes.analytics!.files.some((f) => /charts-/.test(f))).toBe(true);
    expect(sizes.landing!.files.some((f) => /charts-/.test(f))).toBe(false);
    expect(sizes.dashboard!.files.some((f) => /charts-/.test(f))).toBe(false);
  });

  it("loads Radix Tooltip and its popper only once the desktop sidebar is collapsed", () => {
    // Literals of @radix-ui/react-tooltip and of @radix-ui/react-popper (with floating-ui).
    const tooltip = filesContaining(distDir, manifest, "--radix-tooltip-trigger-width");
    const popper = filesContaining(distDir, manifest, "data-radix-popper-content-wrapper");
    expect(tooltip).toHaveLength(1);
    expect(popper).toHaveLength(1);
    for (const file of [...tooltip, ...popper]) {
      expect(sizes.landing!.files).not.toContain(file);
      expect(sizes.dashboard!.files).not.toContain(file);
    }
    // The closure does see them where they belong (the checks above can fail).
    const collapsed = initialFiles(manifest, ["src/features/shell/CollapsedTooltips.tsx"]);
    expect(collapsed).toEqual(expect.arrayContaining([...tooltip, ...popper]));
  });

  it.each(["src/i18n/so.json", "src/i18n/fr.json", "virtual:kormeer-en-deferred"])("keeps %s out of the first load", (key) => {
    const chunk = manifest[key];
    expect(chunk, `${key} is its own chunk`).toBeDefined();
    expect(initialFiles(manifest, ["index.html"])).not.toContain(chunk!.file);
    expect(sizes.dashboard!.files).not.toContain(chunk!.file);
  });
});
