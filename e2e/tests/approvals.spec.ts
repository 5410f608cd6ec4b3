import type { Page } from "@playwright/test";
import { test, expect, demo, en, tr, expectNoSeriousAxe, signIn } from "./fixtures";
import { freshPage } from "./session";

// Dual control in the browser: one administrator proposes a central bank officer, the account
// waits (and cannot sign in), a second administrator approves it, and then it can.

const deputy = { email: "deputy@kormeer.demo", password: "Deputy-demo-2026" };

/** Screenshots for review at 1366 and 375 px (written to test-results when SCREENSHOTS is set). */
async function shoot(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `test-results/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("one admin proposes an officer; it cannot sign in until a second admin approves it", async ({ page, browser, baseURL }) => {
  await signIn(page, demo.admin.email, demo.admin.password);
  await page.goto("/settings/users");
  const email = `officer.${Date.now() % 1_000_000}@kormeer.test`;
  await page.getByTestId("users-create").click();
  const dialog = page.getByTestId("user-create-dialog");
  await dialog.getByTestId("user-firstName").fill("Nimco");
  await dialog.getByTestId("user-lastName").fill("Hirsi");
  await dialog.getByTestId("user-email").fill(email);
  await dialog.getByTestId("user-role").selectOption("cbsl_officer");
  await expect(dialog).toContainText(tr(en, "users.needsApproval"));
  const password = await dialog.getByTestId("user-password").inputValue();
  await dialog.getByTestId("user-create-submit").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(tr(en, "approvals.proposed")).first()).toBeVisible();
  const row = page.locator(`[data-testid=user-row][data-email="${email}"]`);
  await expect(row.getByTestId("user-pending")).toHaveText(tr(en, "users.status.pending").replace("{{role}}", tr(en, "roles.cbsl_officer")));
  await expect(row.getByTestId("user-status")).toHaveText(tr(en, "users.status.disabled"));

  // The proposer sees it waiting and may only withdraw it.
  await page.goto("/settings/approvals");
  const mine = page.locator(`[data-testid=approval-row][data-email="${email}"]`);
  await expect(mine.getByTestId("approval-withdraw")).toBeVisible();
  await expect(mine.getByTestId("approval-approve")).toHaveCount(0);
  await expectNoSeriousAxe(page);

  // The proposed officer cannot sign in yet.
  const officer = await freshPage(browser, baseURL);
  await officer.page.goto("/login");
  await officer.page.locator("#login-email").fill(email);
  await officer.page.locator("#login-password").fill(password);
  await officer.page.locator("#login-password").press("Enter");
  await expect(officer.page.getByTestId("logout-button")).toHaveCount(0);
  await expect(officer.page).toHaveURL(/\/login/);

  // The second administrator approves it.
  const second = await freshPage(browser, baseURL);
  await signIn(second.page, deputy.email, deputy.password);
  await second.page.goto("/settings/approvals");
  const theirs = second.page.locator(`[data-testid=approval-row][data-email="${email}"]`);
  await expect(theirs).toContainText(tr(en, "approvals.kinds.create").replace("{{role}}", tr(en, "roles.cbsl_officer")));
  await shoot(second.page, "approvals-en");
  await theirs.getByTestId("approval-approve").click();
  const approve = second.page.getByTestId("approval-approve-dialog");
  await expect(approve).toBeVisible();
  await expectNoSeriousAxe(second.page);
  await approve.getByTestId("approval-reason").fill("Known to supervision");
  await approve.getByTestId("approval-confirm").click();
  await expect(approve).toBeHidden();
  await expect(theirs).toHaveCount(0);
  await second.page.getByTestId("approvals-status").selectOption("approved");
  await expect(theirs.getByTestId("approval-status")).toHaveText(tr(en, "approvals.statuses.approved"));
  await second.context.close();

  // Now the officer signs in, and first chooses their own password.
  await officer.page.locator("#login-password").fill(password);
  await officer.page.locator("#login-password").press("Enter");
  await expect(officer.page.getByTestId("forced-password-change")).toBeVisible();
  await officer.context.close();
});

test("the approvals screen in Somali, at 1366 and 375 px", async ({ browser, baseURL }) => {
  const { context, page } = await freshPage(browser, baseURL, "so");
  await signIn(page, demo.admin.email, demo.admin.password);
  await page.goto("/settings/users");
  await page.getByTestId("users-create").click();
  const dialog = page.getByTestId("user-create-dialog");
  await dialog.getByTestId("user-firstName").fill("Ayaan");
  await dialog.getByTestId("user-lastName").fill("Cali");
  await dialog.getByTestId("user-email").fill(`admin.${Date.now() % 1_000_000}@kormeer.test`);
  await dialog.getByTestId("user-role").selectOption("cbsl_admin");
  await shoot(page, "users-create-so");
  await dialog.getByTestId("user-create-submit").click();
  await expect(dialog).toBeHidden();
  await page.goto("/settings/approvals");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oggolaanshaha");
  await expect(page.getByTestId("approval-withdraw").first()).toBeVisible();
  await expectNoSeriousAxe(page);
  await shoot(page, "approvals-so");
  await context.close();
});
