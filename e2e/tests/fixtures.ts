import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import { mkdtempSync, rmSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The demo sign-ins the binary prints with --demo (internal/demo). */
export const demo = {
  admin: { email: "admin@kormeer.demo", password: "Admin-demo-2026", name: "Amina Warsame", role: "Central bank administrator" },
  officer: { email: "officer@kormeer.demo", password: "Officer-demo-2026" },
  guest: { username: "guest", password: "Guest-demo-2026" },
  psp: { email: "psp@kormeer.demo", password: "Psp-demo-2026" },
};

/** The web app's translations, so tests check the real Somali strings rather than copies. */
export const en = JSON.parse(readFileSync(path.join(root, "web/src/i18n/en.json"), "utf8"));
export const so = JSON.parse(readFileSync(path.join(root, "web/src/i18n/so.json"), "utf8"));

/**
 * The interface languages; tests that must hold in every language loop over this list, so a
 * language added to the web app is added here once and every such test covers it.
 */
export const LANGUAGES = ["en", "so", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's translation file, keyed by its code. */
export const dictionaries: Record<Language, Record<string, unknown>> = Object.fromEntries(
  LANGUAGES.map((l) => [l, JSON.parse(readFileSync(path.join(root, `web/src/i18n/${l}.json`), "utf8"))]),
) as Record<Language, Record<string, unknown>>;

/** Looks up a dotted key ("nav.transfers") in a translation file. */
export function tr(dict: Record<string, unknown>, key: string): string {
  const v = key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], dict);
  if (typeof v !== "string") throw new Error(`no translation for ${key}`);
  return v;
}

/** An e-mail the portal sent, as the mailbox received it (body decoded from quoted-printable). */
export type Mail = { to: string[]; text: string };

/** The portal's outgoing e-mail: a minimal SMTP server on a free port that keeps every message. */
export type Mailbox = {
  port: number;
  mails: Mail[];
  /** Waits up to 20 s for a message to `to` whose text matches `pattern`, and answers the match. */
  find: (to: string, pattern: RegExp) => Promise<RegExpMatchArray>;
};

function decodeQuotedPrintable(s: string): string {
  return s.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

async function startMailbox(): Promise<{ mailbox: Mailbox; stop: () => Promise<void> }> {
  const mails: Mail[] = [];
  const server = createServer((socket) => {
    let buffer = "";
    let to: string[] = [];
    let data: string[] | null = null;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 e2e-mailbox ESMTP");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let i: number;
      while ((i = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (data) {
          if (line === ".") {
            mails.push({ to, text: decodeQuotedPrintable(data.join("\r\n")) });
            data = null;
            to = [];
            reply("250 queued");
          } else data.push(line.startsWith("..") ? line.slice(1) : line);
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === "EHLO") reply("250-e2e-mailbox\r\n250 8BITMIME");
        else if (cmd === "RCPT") {
          to.push(line.replace(/^RCPT TO:\s*<?([^>]*)>?.*$/i, "$1").toLowerCase());
          reply("250 ok");
        } else if (cmd === "DATA") {
          data = [];
          reply("354 end with .");
        } else if (cmd === "QUIT") {
          reply("221 bye");
          socket.end();
        } else reply("250 ok");
      }
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const mailbox: Mailbox = {
    port: (server.address() as AddressInfo).port,
    mails,
    find: async (to, pattern) => {
      for (const end = Date.now() + 20_000; Date.now() < end; await new Promise((r) => setTimeout(r, 250))) {
        for (const m of mails) {
          const match = m.to.includes(to.toLowerCase()) ? m.text.match(pattern) : null;
          if (match) return match;
        }
      }
      throw new Error(`no e-mail to ${to} matching ${pattern} (got ${mails.length} e-mails)`);
    },
  };
  return { mailbox, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

type Portal = { url: string; mailbox: Mailbox };

/**
 * Starts bin/kormeer on a free port with a fresh SQLite database and demo data, sending e-mail
 * to a mailbox of its own (so a test can follow a registration's confirmation link).
 */
async function startPortal(env: Record<string, string>): Promise<{ portal: Portal; stop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), "kormeer-e2e-"));
  const { mailbox, stop: stopMailbox } = await startMailbox();
  const proc: ChildProcess = spawn(
    path.join(root, "bin/kormeer"),
    ["serve", "--demo", "--listen", "127.0.0.1:0", "--database-url", path.join(dir, "kormeer.db"), "--data-dir", dir,
      "--smtp-host", "127.0.0.1", "--smtp-port", String(mailbox.port), "--smtp-tls", "none",
      // Every browser test comes from 127.0.0.1: the per-address limits would count them as one client.
      "--rate-signin", "600/m", "--rate-signup", "600/h"],
    { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, KORMEER_LOG_LEVEL: "warn", ...env } },
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
    portal: { url, mailbox },
    stop: async () => {
      const exited = new Promise((r) => proc.once("exit", r));
      proc.kill("SIGTERM");
      await exited;
      await stopMailbox();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const test = base.extend<object, { portal: Portal; portalEnv: Record<string, string> }>({
  // Extra KORMEER_* settings for the portal of a spec file (test.use({ portalEnv })): such a file
  // gets a worker, and a portal, of its own.
  portalEnv: [{}, { scope: "worker", option: true }],
  portal: [
    async ({ portalEnv }, use) => {
      const { portal, stop } = await startPortal(portalEnv);
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
