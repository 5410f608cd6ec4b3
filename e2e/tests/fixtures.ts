import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The demo sign-ins the binary prints with --demo (internal/demo). */
export const demo = {
  admin: { email: "admin@kormeer.demo", password: "Admin-demo-2026", name: "Amina Warsame", role: "CBSL ADMIN" },
  guest: { username: "guest", password: "Guest-demo-2026" },
};

/** The web app's translations, so tests check the real Somali strings rather than copies. */
export const en = JSON.parse(readFileSync(path.join(root, "web/src/i18n/en.json"), "utf8"));
export const so = JSON.parse(readFileSync(path.join(root, "web/src/i18n/so.json"), "utf8"));

/** Looks up a dotted key ("nav.transfers") in a translation file. */
export function tr(dict: Record<string, unknown>, key: string): string {
  const v = key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], dict);
  if (typeof v !== "string") throw new Error(`no translation for ${key}`);
  return v;
}

type Portal = { url: string };

/** Starts bin/kormeer on a free port with a fresh SQLite database and demo data. */
async function startPortal(): Promise<{ portal: Portal; stop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), "kormeer-e2e-"));
  const proc: ChildProcess = spawn(
    path.join(root, "bin/kormeer"),
    ["serve", "--demo", "--listen", "127.0.0.1:0", "--database-url", path.join(dir, "kormeer.db"), "--data-dir", dir],
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, KORMEER_LOG_LEVEL: "warn" } },
  );
  let output = "";
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`kormeer did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = output.match(/listening on (http:\/\/\S+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    proc.stdout!.on("data", onData);
    proc.stderr!.on("data", onData);
    proc.on("exit", (code) => reject(new Error(`kormeer exited with ${code}:\n${output}`)));
  });
  return {
    portal: { url },
    stop: async () => {
      const exited = new Promise((r) => proc.once("exit", r));
      proc.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const test = base.extend<object, { portal: Portal }>({
  portal: [
    async ({}, use) => {
      const { portal, stop } = await startPortal();
      await use(portal);
      await stop();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ portal }, use) => {
    await use(portal.url);
  },
});

/** Signs in through the login form and waits for the shell. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.locator("#login-email").fill(email);
  await page.locator("#login-password").fill(password);
  await page.locator("#login-password").press("Enter");
  await expect(page.getByTestId("logout-button")).toBeVisible();
}

/** Fails on any serious or critical axe-core violation on the page as it is now. */
export async function expectNoSeriousAxe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

export { expect };
