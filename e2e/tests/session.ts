import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { expect } from "./fixtures";

// Steps that browser tests share. (Older specs still carry their own copies of signIn and
// expectNoSeriousAxe; new ones import these.)

/** Signs page in through the sign-in form and waits for the signed-in shell. */
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

/** A second browser (its own cookies) on the portal, in language lang. */
export async function freshPage(browser: Browser, baseURL: string | undefined, lang = "en") {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.addInitScript((l) => localStorage.setItem("kormeer-language", l), lang);
  return { context, page };
}
