import { createHmac } from "node:crypto";
import type { Page } from "@playwright/test";
import { test, expect, en, tr, expectNoSeriousAxe } from "./fixtures";

/** RFC 4648 base32 (no padding) to bytes: the manual key the Settings card shows. */
function base32(key: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const c of key.replace(/\s/g, "")) bits += alphabet.indexOf(c).toString(2).padStart(5, "0");
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 6238 TOTP (HMAC-SHA1, 30 s, 6 digits) at time `ms`, computed here independently of the server. */
function totp(secret: Buffer, ms: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(ms / 30_000)));
  const mac = createHmac("sha1", secret).update(counter).digest();
  const off = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(off) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

async function password(page: Page, email: string, pass: string) {
  await page.goto("/login");
  await page.locator("#login-email").fill(email);
  await page.locator("#login-password").fill(pass);
  await page.locator("#login-password").press("Enter");
}

async function signOut(page: Page) {
  await page.getByTestId("logout-button").click();
  await expect(page.getByTestId("login-button")).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("kormeer-language", "en"));
});

test("two-step verification: enrol, sign in with a code, with a recovery code, and a recovery code works once", async ({ page, portal }) => {
  const email = `totp.${Date.now() % 1_000_000}@kormeer.test`;
  const pass = "Two-step-e2e-2026";
  const reg = await page.request.post("/api/auth/register", { data: { email, password: pass, firstName: "Hodan", lastName: "Ali" } });
  expect(reg.status()).toBe(202);
  // The account exists once its address is confirmed through the e-mailed link.
  const [, token] = await portal.mailbox.find(email, /\/confirm-email#token=([\w-]+)/);
  const confirmed = await page.request.post("/api/auth/confirm-email", { data: { token } });
  expect(confirmed.status()).toBe(200);

  // Enrol from Settings: QR code and key, the first code, then the recovery codes (shown once).
  await password(page, email, pass);
  await expect(page.getByTestId("logout-button")).toBeVisible();
  await page.goto("/settings");
  const card = page.getByTestId("totp-card");
  await expect(card.getByTestId("totp-state")).toHaveText(tr(en, "settings.totp.off"));
  await card.getByTestId("totp-setup").click();
  await card.getByTestId("totp-start").click();
  await expect(card.getByTestId("totp-qr")).toBeVisible();
  expect(await card.getByTestId("totp-qr").evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
  const secret = base32((await card.getByTestId("totp-secret").textContent()) ?? "");
  expect(secret.length).toBe(20);
  await expectNoSeriousAxe(page);
  const enrolledAt = Date.now();
  await card.getByTestId("totp-code").fill(totp(secret, enrolledAt));
  await card.getByTestId("totp-confirm").click();
  await expect(card.getByTestId("totp-recovery-code")).toHaveCount(10); // shown once the server answers
  const codes = await card.getByTestId("totp-recovery-code").allTextContents();
  await expectNoSeriousAxe(page);
  await card.getByTestId("totp-recovery-done").click();
  await expect(card.getByTestId("totp-state")).toHaveText(tr(en, "settings.totp.on"));
  await signOut(page);

  // The password alone no longer signs in: the code step appears, and the next code completes it.
  await password(page, email, pass);
  await expect(page.getByRole("heading", { level: 1, name: tr(en, "login.totp.title") })).toBeVisible();
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  await expectNoSeriousAxe(page);
  await page.getByTestId("login-code").fill(totp(secret, enrolledAt + 30_000));
  await page.getByTestId("login-code-submit").click();
  await expect(page.getByTestId("logout-button")).toBeVisible();
  await signOut(page);

  // A recovery code signs in once.
  await password(page, email, pass);
  await page.getByTestId("login-code-toggle").click();
  await page.getByTestId("login-code").fill(codes[0]!);
  await page.getByTestId("login-code-submit").click();
  await expect(page.getByTestId("logout-button")).toBeVisible();
  await page.goto("/settings");
  await expect(page.getByTestId("totp-recovery-left")).toContainText("9");
  await signOut(page);

  // …and is refused the second time.
  await password(page, email, pass);
  await page.getByTestId("login-code-toggle").click();
  await page.getByTestId("login-code").fill(codes[0]!);
  await page.getByTestId("login-code-submit").click();
  await expect(page.getByRole("alert")).toContainText("not right");
  await expect(page.getByTestId("login-code")).toBeVisible();
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
});
