import type { Page } from "@playwright/test";
import { test, expect, demo, dictionaries, LANGUAGES, signIn, tr } from "./fixtures";

// Home screens by role and the layout at 375 px (issue 17, parts 4, 6 and 9): each role lands on
// what it works with, in every interface language, and no fixed element (the live-alerts
// indicator, the header) covers content on any main screen of any role.

const officer = { email: "officer@kormeer.demo", password: "Officer-demo-2026" };
/** The demo has no citizen: the administrator creates one (idempotent across the file's tests). */
const citizen = { email: "citizen.home@kormeer.demo", password: "Citizen-home-2026", firstName: "Hodan" };

type Who = "admin" | "officer" | "psp" | "citizen" | "guest";

async function ensureCitizen(page: Page) {
  await signIn(page, demo.admin.email, demo.admin.password);
  const res = await page.request.post("/api/users", {
    data: { email: citizen.email, password: citizen.password, firstName: citizen.firstName, lastName: "Jama", role: "citizen" },
  });
  expect([201, 409]).toContain(res.status());
  await page.request.post("/api/logout");
  await page.context().clearCookies();
}

async function signInAs(page: Page, who: Who) {
  if (who === "guest") {
    await page.goto("/jwt-test");
    await page.locator("#guest-username").fill(demo.guest.username);
    await page.locator("#guest-password").fill(demo.guest.password);
    await page.locator("#guest-password").press("Enter");
    await expect(page).toHaveURL(/\/$/, { timeout: 10_000 });
    await expect(page.getByTestId("guest-box")).toBeVisible();
    return;
  }
  if (who === "citizen") await ensureCitizen(page);
  const account = { admin: demo.admin, officer, psp: demo.psp, citizen }[who];
  await signIn(page, account.email, account.password);
}

/** Actions only a regulator may take, which no other role's home offers. */
const REGULATOR_ACTIONS = ["quick-register-psp", "quick-maintenance", "generate-report-button", "quick-kyc-review"];

async function expectNoRegulatorActions(page: Page) {
  for (const id of REGULATOR_ACTIONS) await expect(page.getByTestId(id)).toHaveCount(0);
}

test.describe("home screens by role, in every language", () => {
  for (const lang of LANGUAGES) {
    const d = dictionaries[lang];
    const useLanguage = async (page: Page) => {
      await page.evaluate((l) => localStorage.setItem("kormeer-language", l), lang);
      await page.goto("/");
    };

    test(`${lang}: the administrator lands on national oversight, without a send-money screen`, async ({ page }) => {
      await signInAs(page, "admin");
      await useLanguage(page);
      await expect(page.getByRole("heading", { level: 1, name: tr(d, "pages.dashboard.title") })).toBeVisible();
      await expect(page.getByTestId("metric-monthTransactions")).toBeVisible();
      await expect(page.getByTestId("quick-maintenance")).toBeVisible();
      await expect(page.getByTestId("nav-transfers")).toHaveCount(0);
      expect((await page.request.get("/api/transfer/institutions")).status()).toBe(403);
      await page.goto("/transfers");
      await expect(page).toHaveURL(/\/$/);
    });

    test(`${lang}: an officer lands on national oversight and may originate transfers`, async ({ page }) => {
      await signInAs(page, "officer");
      await useLanguage(page);
      await expect(page.getByRole("heading", { level: 1, name: tr(d, "pages.dashboard.title") })).toBeVisible();
      await expect(page.getByTestId("nav-transfers")).toBeVisible();
    });

    test(`${lang}: PSP staff land on their institution's figures, licence, alerts and transactions`, async ({ page }) => {
      await signInAs(page, "psp");
      await useLanguage(page);
      const home = page.getByTestId("home-institution");
      await expect(home).toBeVisible();
      await expect(page.getByTestId("home-transactions30d")).toContainText(tr(d, "home.institution.transactions30d"));
      await expect(page.getByTestId("home-licence")).toContainText(tr(d, "registry.licenseStatus.active"));
      await expect(page.getByTestId("alerts-panel")).toBeVisible();
      await expect(page.getByTestId("recent-transactions").or(page.getByTestId("recent-empty"))).toBeVisible();
      await expectNoRegulatorActions(page);
      await expect(page.getByTestId("nav-metrics")).toHaveCount(0);
      // The national figures and the running system are the regulators' only, on the server too.
      expect((await page.request.get("/api/metrics")).status()).toBe(403);
      expect((await page.request.get("/metrics-system")).status()).toBe(403);
    });

    test(`${lang}: a citizen lands on their identity check and applications, with no regulator's action`, async ({ page }) => {
      await signInAs(page, "citizen");
      await useLanguage(page);
      await expect(page.getByRole("heading", { level: 1, name: tr(d, "home.citizen.title").replace("{{name}}", citizen.firstName) })).toBeVisible();
      await expect(page.getByTestId("home-kyc")).toContainText(tr(d, "home.citizen.kyc.title"));
      await expect(page.getByTestId("home-kyc-none")).toHaveText(tr(d, "home.citizen.kyc.none"));
      await expect(page.getByTestId("home-applications-none")).toHaveText(tr(d, "home.citizen.applications.none"));
      await expect(page.getByTestId("home-action-transfers")).toBeVisible();
      await expectNoRegulatorActions(page);
      await expect(page.getByTestId("nav-metrics")).toHaveCount(0);
      expect((await page.request.get("/api/metrics")).status()).toBe(403);
    });

    test(`${lang}: a guest lands on what its units buy, and reading the home costs nothing`, async ({ page }) => {
      await signInAs(page, "guest");
      await useLanguage(page);
      await expect(page.getByRole("heading", { level: 1, name: tr(d, "home.guest.title") })).toBeVisible();
      await expect(page.getByTestId("home-guest-buys")).toContainText(tr(d, "home.guest.buys.detail"));
      const units = Number(await page.getByTestId("home-guest-units").getByTestId("figure-value").textContent());
      await page.reload();
      await expect(page.getByTestId("home-guest-units").getByTestId("figure-value")).toHaveText(String(units));
      await expect(page.getByTestId("nav-transfers")).toHaveCount(0);
      await expectNoRegulatorActions(page);
    });
  }
});
