import { mkdirSync } from "node:fs";
import { test, expect, LANGUAGES } from "../tests/fixtures";

// The reviewers' walk: each role's home and main screens in every language, at a phone's and a
// desktop's width, written to KORMEER_WALK_DIR (default /tmp/kormeer-walk) to be looked at, not
// committed: npx playwright test -c playwright.screens.config.ts screens/walk.spec.ts
const out = process.env.KORMEER_WALK_DIR ?? "/tmp/kormeer-walk";

const roles = {
  admin: { email: "admin@kormeer.demo", password: "Admin-demo-2026", screens: ["/", "/compliance/alerts", "/sanctions", "/switch-feed", "/audit", "/settings/users", "/metrics"] },
  officer: { email: "officer@kormeer.demo", password: "Officer-demo-2026", screens: ["/", "/transfers", "/transactions", "/compliance", "/kyc"] },
  psp: { email: "psp@kormeer.demo", password: "Psp-demo-2026", screens: ["/", "/transactions", "/settings/api-keys", "/applications"] },
  citizen: { email: "citizen@kormeer.demo", password: "Citizen-demo-2026", screens: ["/", "/transfers", "/transactions"] },
} as const;

for (const [role, who] of Object.entries(roles)) {
  for (const lang of LANGUAGES) {
    test(`${role} ${lang}`, async ({ page }) => {
      test.setTimeout(180_000);
      mkdirSync(out, { recursive: true });
      await page.addInitScript((l) => localStorage.setItem("kormeer-language", l), lang);
      await page.setViewportSize({ width: 1366, height: 800 });
      await page.goto("/login");
      await page.locator("#login-email").fill(who.email);
      await page.locator("#login-password").fill(who.password);
      await page.locator("#login-password").press("Enter");
      await expect(page.getByTestId("logout-button")).toBeVisible();
      for (const [width, device] of [[1366, "desktop"], [375, "phone"]] as const) {
        await page.setViewportSize({ width, height: 800 });
        for (const screen of who.screens) {
          await page.goto(screen);
          await page.waitForLoadState("networkidle");
          await page.waitForTimeout(500); // charts and cards animate in
          const name = screen === "/" ? "home" : screen.slice(1).replaceAll("/", "-");
          await page.screenshot({ path: `${out}/${role}-${name}-${device}-${lang}.png`, fullPage: true });
        }
      }
    });
  }
}
