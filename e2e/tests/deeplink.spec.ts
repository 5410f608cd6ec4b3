import { test, expect, demo, tr, LANGUAGES, dictionaries } from "./fixtures";

/**
 * A signed-out link to an app page goes to the sign-in page in the reader's language, signs in
 * and comes back to the page; an unknown page says so. The redirect is decided from the server's
 * status and code, never its text, so it must hold in every language.
 */
for (const lang of LANGUAGES) {
  test(`a signed-out link to an app page signs in and comes back to it in ${lang}; an unknown page says so`, async ({ page }) => {
    const dict = dictionaries[lang];
    await page.addInitScript((l) => localStorage.setItem("kormeer-language", l), lang);

    await page.goto("/transactions?status=completed");
    await expect(page).toHaveURL(/\/login\?next=%2Ftransactions%3Fstatus%3Dcompleted$/);
    await expect(page.getByRole("heading", { name: tr(dict, "login.title") })).toBeVisible();
    await page.getByLabel(tr(dict, "login.email")).fill(demo.admin.email);
    await page.getByLabel(tr(dict, "login.password")).fill(demo.admin.password);
    await page.getByRole("button", { name: tr(dict, "login.submit") }).click();
    await expect(page).toHaveURL(/\/transactions\?status=completed$/);
    await expect(page.getByTestId("sidebar")).toBeVisible();

    await page.context().clearCookies();
    await page.goto("/no/such/page");
    await expect(page.getByRole("heading", { name: tr(dict, "notFound.title") })).toBeVisible();
    await expect(page.getByRole("link", { name: tr(dict, "notFound.home") })).toHaveAttribute("href", "/");
  });

  test(`a session that ends while the app is open goes to sign in, in ${lang}`, async ({ page }) => {
    const dict = dictionaries[lang];
    await page.addInitScript((l) => localStorage.setItem("kormeer-language", l), lang);
    await page.goto("/login");
    await page.getByLabel(tr(dict, "login.email")).fill(demo.admin.email);
    await page.getByLabel(tr(dict, "login.password")).fill(demo.admin.password);
    await page.getByRole("button", { name: tr(dict, "login.submit") }).click();
    await expect(page.getByTestId("sidebar")).toBeVisible();

    // The server now answers 401 sign_in_required (in this language): the app reads the code and
    // goes through /api/login, which lands on /login without the ?next= of the router's guard.
    await page.context().clearCookies();
    await page.getByTestId("sidebar").locator('a[href="/audit"]').first().click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: tr(dict, "login.title") })).toBeVisible();
  });
}
