#!/usr/bin/env node
// The web app on a slow phone (issue 15): loads the landing page and the dashboard in Chromium with
// the CPU slowed ×4 and DevTools' "Slow 4G" network, cache disabled, and prints First Contentful
// Paint, Largest Contentful Paint and "interactive" (defined below) for each, as the median of N
// cold loads. Not a test: figures go to docs/PERFORMANCE.md with the command (`make webperf`).
//
//   node perf/timeline.mjs --binary ../bin/kormeer [--listen 127.0.0.1:0] [--runs 5]
//   node perf/timeline.mjs --url http://127.0.0.1:8080 [--runs 5]   (a running `kormeer serve --demo`)
//   ... --waterfall   also prints each run's requests (start → end, bytes) and long tasks
//
// "Interactive": the route's call to action is visible (in the DOM, and no earlier than the first
// paint), the page's scripts have run (DOMContentLoaded) and the main thread is free: the time is
// the later of those and the end of the last long task (≥ 50 ms) before a quiet second. Like
// Lighthouse's TTI, but with a 1 s quiet window instead of 5 s, and anchored on the element a user
// taps. The scripts' part matters for a pre-rendered page (the landing page), whose call to action
// is in the HTML: the bundle's long tasks still count. Each run then taps the call to action and
// checks where it leads, so a broken handler or link fails.

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";

// DevTools' "Slow 4G" preset (ChromeDevTools/devtools-frontend, front_end/core/sdk/NetworkManager.ts,
// Slow4GConditions: ~1.6 Mbps down, ~0.75 Mbps up, 150 ms RTT scaled ×3.75, as Lighthouse's
// mobile profile). Bytes per second and milliseconds, as Network.emulateNetworkConditions takes them.
const SLOW_4G = { offline: false, latency: 150 * 3.75, downloadThroughput: (1.6 * 1000 * 1000) / 8 * 0.9, uploadThroughput: (750 * 1000) / 8 * 0.9 };
const CPU_SLOWDOWN = 4;
const QUIET_MS = 1000;
const LONG_TASK_WAIT_MS = 30_000;

/** The demo administrator `kormeer serve --demo` creates (internal/demo). */
const ADMIN = { email: "admin@kormeer.demo", password: "Admin-demo-2026" };

/** What each route measures: its call to action, and where tapping it must lead. */
const ROUTES = [
  { name: "landing", signedIn: false, cta: '[data-testid="login-button"]', leadsTo: /\/login$/ },
  { name: "dashboard", signedIn: true, cta: '[data-testid="view-all-transactions"]', leadsTo: /\/transactions$/ },
];

let args;
try {
  ({ values: args } = parseArgs({
    options: {
      url: { type: "string" },
      binary: { type: "string" },
      listen: { type: "string", default: "127.0.0.1:0" },
      runs: { type: "string", default: "5" },
      waterfall: { type: "boolean", default: false },
      chromium: { type: "string", default: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" },
    },
  }));
} catch (err) {
  fail(err.message);
}
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) fail("--runs must be a whole number ≥ 1");
if (!args.url && !args.binary) fail("give --url of a running `kormeer serve --demo`, or --binary to start one");

function fail(message) {
  console.error(`timeline: ${message}`);
  process.exit(2);
}

/** Starts `kormeer serve --demo` on a fresh database and answers its URL and a stop function. */
async function startPortal(binary, listen) {
  const dir = mkdtempSync(path.join(tmpdir(), "kormeer-webperf-"));
  const proc = spawn(
    binary,
    ["serve", "--demo", "--listen", listen, "--database-url", path.join(dir, "kormeer.db"), "--data-dir", dir,
      // Every run signs in from 127.0.0.1.
      "--rate-signin", "600/m"],
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, KORMEER_LOG_LEVEL: "warn" } },
  );
  const stop = async () => {
    if (proc.exitCode === null) {
      proc.kill("SIGTERM");
      await new Promise((resolve) => proc.once("exit", resolve));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  let output = "";
  try {
    const url = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`kormeer did not start in 60 s:\n${output}`)), 60_000);
      const onData = (chunk) => {
        output += chunk.toString();
        const m = output.match(/listening on (http:\/\/\S+)/);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      };
      proc.stdout.on("data", onData);
      proc.stderr.on("data", onData);
      proc.once("exit", (code) => reject(new Error(`kormeer exited with ${code}:\n${output}`)));
    });
    return { url, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * Runs in the page before any of its scripts: records long tasks, LCP candidates and the moment the
 * call to action first appears (a MutationObserver, so the time is the page's own, not a round trip).
 */
function instrument(cta) {
  const w = window;
  w.__perf = { longTasks: [], lcp: 0, ctaAt: null };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__perf.longTasks.push({ start: e.startTime, end: e.startTime + e.duration });
  }).observe({ type: "longtask", buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__perf.lcp = e.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  const look = () => {
    if (w.__perf.ctaAt === null && document.querySelector(cta)) {
      w.__perf.ctaAt = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(look);
  observer.observe(document, { childList: true, subtree: true });
  // When the quiet window may start, or null before: the call to action is in the DOM and painted
  // (no earlier than the first paint: a page pre-rendered by the server has it in the DOM before
  // its stylesheet lets anything show), and the page's scripts have run (DOMContentLoaded waits for
  // module scripts), so that their long tasks count even when they arrive after the markup.
  w.__perfReady = () => {
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime;
    const dcl = performance.getEntriesByType("navigation")[0]?.domContentLoadedEventEnd;
    if (w.__perf.ctaAt === null || !fcp || !dcl) return null;
    return Math.max(w.__perf.ctaAt, fcp, dcl);
  };
}

/** One cold load of a route under the slow-phone profile; answers its timings in milliseconds. */
async function measure(browser, baseURL, route) {
  const context = await browser.newContext({ baseURL, viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    await context.addInitScript(() => localStorage.setItem("kormeer-language", "en"));
    if (route.signedIn) {
      const res = await context.request.post("/api/login", { data: ADMIN });
      if (!res.ok()) throw new Error(`demo sign-in failed: ${res.status()} ${await res.text()}`);
    }
    const page = await context.newPage();
    await page.addInitScript(instrument, route.cta);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });

    await page.goto("/", { waitUntil: "commit" });
    // Wait for a quiet second after the call to action is visible and the scripts have run (or
    // give up after LONG_TASK_WAIT_MS).
    await page.waitForFunction(
      (quiet) => {
        const ready = window.__perfReady();
        return ready !== null && performance.now() - Math.max(ready, ...window.__perf.longTasks.map((t) => t.end)) >= quiet;
      },
      QUIET_MS,
      { timeout: LONG_TASK_WAIT_MS, polling: 100 },
    );
    const t = await page.evaluate(() => {
      const p = window.__perf;
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
      return { fcp, lcp: p.lcp || null, interactive: Math.max(window.__perfReady(), ...p.longTasks.map((x) => x.end)), longTasks: p.longTasks.length };
    });
    if (args.waterfall) await printWaterfall(page, route.name);
    // The call to action works: tapping it leads where it should.
    await page.locator(route.cta).click();
    await page.waitForURL(route.leadsTo, { timeout: LONG_TASK_WAIT_MS });
    return t;
  } finally {
    await context.close();
  }
}

/**
 * With --waterfall: where a run's time went, for finding the serial hops. Each request's start and
 * end relative to navigation (resource timing, so as the page saw them under the throttling), its
 * bytes on the wire, and the long tasks, in milliseconds.
 */
async function printWaterfall(page, name) {
  const w = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0];
    const rows = [nav, ...performance.getEntriesByType("resource")].map((e) => ({
      what: e.entryType === "navigation" ? "document" : new URL(e.name).pathname + new URL(e.name).search,
      start: Math.round(e.startTime),
      end: Math.round(e.responseEnd),
      bytes: e.transferSize,
    }));
    return {
      rows,
      dcl: Math.round(nav.domContentLoadedEventEnd),
      fcp: Math.round(performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0),
      ctaAt: Math.round(window.__perf.ctaAt),
      longTasks: window.__perf.longTasks.map((t) => [Math.round(t.start), Math.round(t.end)]),
    };
  });
  console.error(`${name} waterfall: FCP ${w.fcp}, call to action in the DOM ${w.ctaAt}, DOMContentLoaded ${w.dcl}, long tasks ${JSON.stringify(w.longTasks)}`);
  for (const r of w.rows) console.error(`  ${String(r.start).padStart(5)} → ${String(r.end).padStart(5)}  ${String(r.bytes).padStart(7)} B  ${r.what}`);
}

function median(xs) {
  const s = xs.filter((x) => x !== null).sort((a, b) => a - b);
  if (s.length === 0) return null;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

const portal = args.url ? { url: args.url, stop: async () => {} } : await startPortal(args.binary, args.listen);
const browser = await chromium.launch({
  executablePath: args.chromium,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
});
try {
  const load = loadavg().map((x) => x.toFixed(2)).join(", ");
  console.log(`Slow 4G (${SLOW_4G.latency} ms, ${SLOW_4G.downloadThroughput} B/s down), CPU ×${CPU_SLOWDOWN}, cache off; ${runs} runs per route; ${portal.url}; load average ${load}`);
  const fmt = (ms) => (ms === null ? "—" : `${(ms / 1000).toFixed(2)} s`);
  console.log("| route | FCP | LCP | interactive | long tasks |");
  console.log("|---|---|---|---|---|");
  for (const route of ROUTES) {
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await measure(browser, portal.url, route));
    const pick = (k) => median(samples.map((s) => s[k]));
    console.log(`| ${route.name} | ${fmt(pick("fcp"))} | ${fmt(pick("lcp"))} | ${fmt(pick("interactive"))} | ${pick("longTasks")} |`);
    console.error(`${route.name} runs (ms): ${JSON.stringify(samples.map((s) => ({ fcp: Math.round(s.fcp), lcp: Math.round(s.lcp), interactive: Math.round(s.interactive) })))}`);
  }
  console.log(`load average after: ${loadavg().map((x) => x.toFixed(2)).join(", ")}`);
} finally {
  await browser.close();
  await portal.stop();
}
