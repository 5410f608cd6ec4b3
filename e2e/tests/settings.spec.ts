import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { test, expect, demo, en, tr } from "./fixtures";

const officer = { email: "officer@kormeer.demo", password: "Officer-demo-2026" };

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.locator("#login-email").fill(email);
  await page.locator("#login-password").fill(password);
  await page.locator("#login-password").press("Enter");
  await expect(page.getByTestId("logout-button")).toBeVisible();
}

async function expectNoSeriousAxe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function freshPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  return { context, page: await context.newPage() };
}

test("an admin creates PSP staff and resets the password; the new person must change it, then the dashboard opens", async ({ page, browser, baseURL }) => {
  await signIn(page, demo.admin.email, demo.admin.password);
  await page.goto("/settings/users");
  await expect(page.getByRole("heading", { level: 1, name: tr(en, "users.title") })).toBeVisible();
  await expect(page.getByTestId("user-row").first()).toBeVisible();
  await expectNoSeriousAxe(page);

  const email = `psp.staff.${Date.now() % 1_000_000}@kormeer.test`;
  await page.getByTestId("users-create").click();
  const dialog = page.getByTestId("user-create-dialog");
  await dialog.getByTestId("user-firstName").fill("Ayan");
  await dialog.getByTestId("user-lastName").fill("Staff");
  await dialog.getByTestId("user-email").fill(email);
  await dialog.getByTestId("user-role").selectOption("psp_admin");
  const institution = dialog.getByTestId("user-institution");
  await expect(institution.locator("option").nth(1)).toBeAttached();
  await institution.selectOption({ index: 1 });
  await expectNoSeriousAxe(page);
  await dialog.getByTestId("user-create-submit").click();
  await expect(dialog).toBeHidden();
  const row = page.locator(`[data-testid=user-row][data-email="${email}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId("user-role-label")).toHaveText(tr(en, "roles.psp_admin"));

  // Reset: the admin sets the temporary password and sees it once more afterwards.
  await row.getByTestId("user-action-reset").click();
  const reset = page.getByTestId("user-reset-dialog");
  const temporary = "Temp-reset-2026!";
  await reset.getByTestId("user-reset-password").fill(temporary);
  await reset.getByTestId("user-action-submit").click();
  await expect(reset.getByTestId("user-reset-password-value")).toHaveValue(temporary);
  await reset.getByTestId("user-reset-close").click();
  await expect(row).toContainText(tr(en, "users.status.mustChange"));

  // The new person, in a fresh browser: only the password form, wherever they go.
  const staff = await freshPage(browser, baseURL);
  await signIn(staff.page, email, temporary);
  await expect(staff.page.getByTestId("forced-password-change")).toBeVisible();
  await staff.page.goto("/transactions");
  await expect(staff.page.getByTestId("forced-password-change")).toBeVisible();
  await expect(staff.page.getByTestId("nav-dashboard")).toHaveCount(0);
  await expectNoSeriousAxe(staff.page);
  await staff.page.getByTestId("forced-password-currentPassword").fill(temporary);
  await staff.page.getByTestId("forced-password-newPassword").fill("My-own-password-1");
  await staff.page.getByTestId("forced-password-confirmPassword").fill("My-own-password-1");
  await staff.page.getByTestId("forced-password-submit").click();
  await expect(staff.page.getByTestId("forced-password-change")).toBeHidden();
  await expect(staff.page).toHaveURL(/\/$/);
  await expect(staff.page.getByTestId("nav-dashboard")).toHaveAttribute("aria-current", "page");
  await staff.context.close();
});

test("an officer proposes a lower large-value threshold; an admin sees the backtest and approves it", async ({ page, browser, baseURL }) => {
  await signIn(page, officer.email, officer.password);
  await page.goto("/settings/aml");
  await expect(page.getByRole("heading", { level: 1, name: tr(en, "amlSettings.title") })).toBeVisible();
  await expect(page.getByTestId("threshold-largeValueUsd").first()).toHaveText("10,000.00 USD");
  await expectNoSeriousAxe(page);
  await page.getByTestId("aml-propose").click();
  const form = page.getByTestId("aml-propose-form");
  // An inconsistent value comes back from the server next to its field.
  await form.getByTestId("aml-input-structuringCount").fill("1");
  await form.getByTestId("aml-propose-submit").click();
  await expect(form.getByTestId("aml-error-structuringCount")).toHaveText("From 2 to 1000");
  await form.getByTestId("aml-input-structuringCount").fill("3");
  await form.getByTestId("aml-input-largeValueUsd").fill("2000");
  await form.getByTestId("aml-note").fill("Lower the large-value threshold for the pilot");
  await expectNoSeriousAxe(page);
  await form.getByTestId("aml-propose-submit").click();
  const proposal = page.getByTestId("aml-proposal");
  await expect(proposal).toBeVisible();
  const version = await proposal.getAttribute("data-version");
  await expect(proposal.getByTestId("aml-awaiting")).toHaveText(tr(en, "amlSettings.awaitingOther"));
  await expect(proposal.getByTestId("aml-approve")).toHaveCount(0);

  const admin = await freshPage(browser, baseURL);
  await signIn(admin.page, demo.admin.email, demo.admin.password);
  await admin.page.goto("/settings/aml");
  const pending = admin.page.locator(`[data-testid=aml-proposal][data-version="${version}"]`);
  await expect(pending.getByTestId("backtest")).toBeVisible();
  await expect(pending.getByTestId("backtest-summary")).toContainText(`version ${version}`);
  await expect(pending.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expectNoSeriousAxe(admin.page);
  await pending.getByTestId("aml-decision-note").fill("Backtest reviewed");
  await pending.getByTestId("aml-approve").click();
  await expect(pending).toHaveCount(0);
  const row = admin.page.locator(`[data-testid=aml-version-row][data-version="${version}"]`);
  await expect(row.getByTestId("aml-version-status")).toHaveText(tr(en, "amlSettings.status.active"));
  await expect(admin.page.locator("[data-testid=aml-version-row][data-version='1'] [data-testid=aml-version-status]")).toHaveText(
    tr(en, "amlSettings.status.superseded"),
  );
  await expect(admin.page.getByTestId("threshold-largeValueUsd").first()).toHaveText("2,000.00 USD");
  await admin.context.close();
});

test("analytics shows the demo data as charts, with CSV downloads", async ({ page }) => {
  await signIn(page, demo.admin.email, demo.admin.password);
  await page.goto("/analytics");
  await expect(page.getByRole("heading", { level: 1, name: tr(en, "analytics.title") })).toBeVisible();
  for (const section of ["byOperator", "byCurrency", "modes", "flows", "risk", "topInstitutions"]) {
    await expect(page.getByTestId(`chart-${section}`).locator(".recharts-surface").first()).toBeVisible();
  }
  await expect(page.getByTestId("chart-byOperator").locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expect(page.getByTestId("expiry-row").first()).toBeVisible();
  await expectNoSeriousAxe(page);
  const csv = await page.request.get((await page.getByTestId("csv-byOperator").getAttribute("href"))!);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toMatch(/operator/i);
});
