import type { Browser } from "@playwright/test";

// Steps that browser tests share beyond those in fixtures.ts.

/** A second browser (its own cookies) on the portal, in language lang. */
export async function freshPage(browser: Browser, baseURL: string | undefined, lang = "en") {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.addInitScript((l) => localStorage.setItem("kormeer-language", l), lang);
  return { context, page };
}
