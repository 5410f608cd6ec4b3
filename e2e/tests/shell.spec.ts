import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { test, expect, demo, en, so, tr } from "./fixtures";

async function signInAsAdmin(page: Page) {
  await page.goto("/");
  await page.getByTestId("login-button").click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel(tr(en, "login.email")).fill(demo.admin.email);
  await page.getByLabel(tr(en, "login.password")).fill(demo.admin.password);
  await page.getByRole("button", { name: tr(en, "login.submit") }).click();
  await expect(page.getByTestId("user-name")).toHaveText(demo.admin.name);
}

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("e2e-init")) {
      localStorage.setItem("kormeer-language", "en");
      sessionStorage.setItem("e2e-init", "1");
    }
  });
});

test("landing, sign-in, the shell in Somali, sidebar, 404 and sign-out", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("financial-carousel")).toBeVisible();
  // The carousel's first figure comes from GET /api/public/summary, computed from the demo data.
  const summary = await (await page.request.get("/api/public/summary")).json();
  await expect(page.getByTestId("carousel-value").first()).toHaveText(summary.transactions.toLocaleString("en-US"));
  await expectNoSeriousA11yViolations(page);

  await signInAsAdmin(page);
  await expect(page.getByTestId("user-role")).toHaveText(demo.admin.role);
  await expect(page.getByTestId("sidebar")).toBeVisible();
  await expect(page.getByTestId("alert-status-panel")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Switch to Somali: the navigation shows the Somali labels and the choice is stored.
  // The switcher is a native select (a phone opens its own picker).
  await page.getByTestId("language-switcher").selectOption({ label: "Soomaali" });
  await expect(page.locator("html")).toHaveAttribute("lang", "so");
  await expect(page.getByTestId("sidebar")).toContainText(tr(so, "nav.auditTrail"));
  await expect(page.getByTestId("sidebar")).not.toContainText(tr(en, "nav.auditTrail"));
  expect(await page.evaluate(() => localStorage.getItem("kormeer-language"))).toBe("so");
  await page.reload();
  await expect(page.getByTestId("sidebar")).toContainText(tr(so, "nav.auditTrail"));

  // Collapse the sidebar to 64 px and expand it back to 256 px.
  const sidebar = page.getByTestId("sidebar");
  await page.getByTestId("sidebar-toggle").click();
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(64);
  // Collapsed, an item's label shows in a tooltip on hover. The tooltips load with the collapse
  // (issue 15), and the item is a plain link until they have wired it as a Radix trigger
  // (data-state); a pointer resting on it meanwhile opens no tooltip before it moves.
  await expect(page.getByTestId("nav-audit")).toHaveAttribute("data-state", "closed");
  await page.getByTestId("nav-audit").hover();
  await expect(page.getByRole("tooltip")).toHaveText(tr(so, "nav.auditTrail"));
  await page.getByTestId("sidebar-toggle").click();
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(256);

  await page.goto("/no/such/page");
  await expect(page.getByText(tr(so, "notFound.title"))).toBeVisible();
  await page.getByTestId("language-switcher").selectOption({ label: "English" });
  await expect(page.getByText(tr(en, "notFound.title"))).toBeVisible();

  await page.getByTestId("logout-button").click();
  await expect(page.getByTestId("login-button")).toBeVisible();
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
});

test("a wrong password is refused with a clear message", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel(tr(en, "login.email")).fill(demo.admin.email);
  await page.getByLabel(tr(en, "login.password")).fill("not the password");
  await page.getByRole("button", { name: tr(en, "login.submit") }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password." }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("guest: signs in on /jwt-test, sees the restricted shell and spends its units", async ({ page }) => {
  await page.goto("/jwt-test");
  await page.locator("#guest-username").fill(demo.guest.username);
  await page.locator("#guest-password").fill(demo.guest.password);
  await page.locator("#guest-password").press("Enter");
  await expect(page.getByTestId("raw-response")).toContainText("access_token");
  await expect(page).toHaveURL(/\/$/, { timeout: 10_000 }); // redirected home after 2 s

  const guestBox = page.getByTestId("guest-box");
  await expect(guestBox).toContainText(tr(en, "guest.title"));
  await expect(guestBox).toContainText("10");
  await expect(page.getByTestId("nav-transactions")).toBeVisible();
  await expect(page.getByTestId("nav-compliance")).toHaveCount(0);
  await expect(page.getByTestId("nav-applications")).toHaveCount(0);

  // A read in the app takes a unit, and the sidebar's count follows without a reload.
  await page.getByTestId("nav-transactions").click();
  await expect(guestBox).toContainText("9");

  // Each read of transactions takes one unit; the eleventh is refused with a clear message.
  for (let i = 0; i < 9; i++) {
    expect((await page.request.get("/api/transactions")).status()).toBe(200);
  }
  const refused = await page.request.get("/api/transactions");
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toContain("used up");
  await page.reload();
  await expect(guestBox).toContainText("0");
});

test("375 px: the sidebar is a drawer opened by the menu button", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAsAdmin(page);
  await expect(page.getByTestId("sidebar")).toBeHidden();
  await page.getByTestId("mobile-menu-button").click();
  const drawer = page.getByTestId("mobile-drawer");
  await expect(drawer).toBeVisible();
  const width = (await drawer.boundingBox())?.width ?? 0;
  expect(width).toBeGreaterThanOrEqual(288);
  expect(width).toBeLessThanOrEqual(320);
  await page.getByTestId("mobile-drawer-backdrop").click({ position: { x: 360, y: 400 } });
  await expect(drawer).toBeHidden();
});
