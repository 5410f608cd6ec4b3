import AxeBuilder from "@axe-core/playwright";
import { test, expect, demo, en, tr } from "./fixtures";

test("a token from an API sign-in is listed in Settings and stops working once revoked there", async ({ page, playwright, baseURL }) => {
  // A script signs in through the token API, without the browser's cookies.
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "User-Agent": "kormeer-e2e-script/1.0" } });
  const login = await api.post("/api/auth/login", { data: { email: demo.admin.email, password: demo.admin.password } });
  expect(login.status()).toBe(200);
  const { access_token: token } = await login.json();
  const bearer = { Authorization: `Bearer ${token}` };
  expect((await api.get("/api/auth/profile", { headers: bearer })).status()).toBe(200);

  await page.goto("/login");
  await page.locator("#login-email").fill(demo.admin.email);
  await page.locator("#login-password").fill(demo.admin.password);
  await page.locator("#login-password").press("Enter");
  await expect(page.getByTestId("logout-button")).toBeVisible();
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 2, name: tr(en, "settings.tokens.title") })).toBeVisible();
  const row = page.getByTestId("token-row").filter({ hasText: "kormeer-e2e-script/1.0" });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("token-status")).toHaveText(tr(en, "settings.tokens.status.active"));
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => v.id)).toEqual([]);

  await row.getByTestId("token-revoke").click();
  await expect(row.getByTestId("token-status")).toHaveText(tr(en, "settings.tokens.status.revoked"));
  expect((await api.get("/api/auth/profile", { headers: bearer })).status()).toBe(401);
  await api.dispose();
});

test("sign-out is a POST: GET /api/logout signs nobody out, the button does", async ({ page }) => {
  await page.goto("/login");
  await page.locator("#login-email").fill(demo.admin.email);
  await page.locator("#login-password").fill(demo.admin.password);
  await page.locator("#login-password").press("Enter");
  await expect(page.getByTestId("logout-button")).toBeVisible();

  const get = await page.request.get("/api/logout");
  expect(get.status()).toBe(405);
  expect((await page.request.get("/api/auth/user")).status()).toBe(200);

  await page.getByTestId("logout-button").click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("login-button")).toBeVisible();
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
});
