import path from "node:path";
import { fileURLToPath } from "node:url";
import { test, expect, demo } from "../tests/fixtures";

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../docs/screenshots");

for (const lang of ["en", "so"] as const) {
  for (const [device, width] of [["desktop", 1280], ["mobile", 375]] as const) {
    test(`${device} ${lang}`, async ({ page }) => {
      await page.setViewportSize({ width, height: device === "desktop" ? 800 : 800 });
      await page.addInitScript((l) => localStorage.setItem("kormeer-language", l), lang);
      await page.goto("/");
      await expect(page.getByTestId("financial-carousel")).toBeVisible();
      await page.getByTestId("carousel-autoplay").click();
      await page.screenshot({ path: `${out}/landing-${device}-${lang}.png`, fullPage: device === "desktop" });
      await page.goto("/login");
      await page.locator("#login-email").fill(demo.admin.email);
      await page.locator("#login-password").fill(demo.admin.password);
      await page.locator("#login-password").press("Enter");
      await expect(page.getByTestId("logout-button")).toBeVisible();
      await page.screenshot({ path: `${out}/shell-${device}-${lang}.png` });
      if (device === "mobile") {
        await page.getByTestId("mobile-menu-button").click();
        await expect(page.getByTestId("mobile-drawer")).toBeVisible();
        await page.waitForTimeout(600); // let the slide-in finish
        await page.screenshot({ path: `${out}/drawer-${device}-${lang}.png` });
      }
      for (const screen of ["transactions", "compliance", "analytics", "metrics"]) {
        await page.goto(`/${screen}`);
        await page.waitForLoadState("networkidle");
        await page.waitForTimeout(800); // charts animate in
        await page.screenshot({ path: `${out}/${screen}-${device}-${lang}.png`, fullPage: device === "desktop" });
      }
      await page.goto("/jwt-test");
      await page.screenshot({ path: `${out}/jwt-test-${device}-${lang}.png`, fullPage: true });
    });
  }
}
