import { test, expect, demo, en, tr } from "./fixtures";

test("a signed-out link to an app page signs in and comes back to it; an unknown page says so", async ({ page }) => {
  await page.goto("/transactions?status=completed");
  await expect(page).toHaveURL(/\/login\?next=%2Ftransactions%3Fstatus%3Dcompleted$/);
  await page.locator("#login-email").fill(demo.admin.email);
  await page.locator("#login-password").fill(demo.admin.password);
  await page.locator("#login-password").press("Enter");
  await expect(page).toHaveURL(/\/transactions\?status=completed$/);
  await expect(page.getByTestId("sidebar")).toBeVisible();

  await page.context().clearCookies();
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: tr(en, "notFound.title") })).toBeVisible();
  await expect(page.getByRole("link", { name: tr(en, "notFound.home") })).toHaveAttribute("href", "/");
});
