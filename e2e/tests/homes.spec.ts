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
    await expect(page.getByTestId("logout-button")).toBeVisible();
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

/** Sets a guest's units back to what they were, as the administrator. */
async function giveBackUnits(page: Page, guestId: string, units: number) {
  await page.request.post("/api/logout");
  await page.context().clearCookies();
  await signIn(page, demo.admin.email, demo.admin.password);
  expect((await page.request.patch(`/api/users/${guestId}`, { data: { guestUnitsRemaining: units } })).status()).toBe(200);
}

/** The main screens of each role's menu, and its settings pages. */
const SCREENS: Record<Who, string[]> = {
  admin: ["/", "/transactions", "/compliance", "/compliance/alerts", "/kyc", "/metrics", "/analytics", "/audit", "/applications", "/psps", "/mnos",
    "/banks", "/mobile-access-management", "/settings", "/settings/users", "/settings/approvals", "/settings/aml", "/settings/api-keys"],
  officer: ["/", "/transfers", "/transactions", "/compliance", "/compliance/alerts", "/kyc", "/metrics", "/analytics", "/audit", "/applications",
    "/psps", "/mnos", "/banks", "/mobile-access-management", "/settings", "/settings/aml", "/settings/api-keys"],
  psp: ["/", "/transfers", "/transactions", "/compliance", "/compliance/alerts", "/kyc", "/analytics", "/applications", "/psps", "/demo",
    "/settings", "/settings/api-keys"],
  citizen: ["/", "/transfers", "/transactions", "/compliance", "/applications", "/apply", "/demo", "/settings"],
  guest: ["/", "/transactions"],
};

/**
 * What covers content on the page as it is scrolled from top to bottom: every visible control or
 * text whose centre, hit-tested with elementFromPoint, lands on a fixed or sticky element that
 * does not contain it. The sticky header at the top edge is the page's own frame: content is
 * checked below it, where it must show (content scrolled under it is scrolled out of view).
 */
async function coveredElements(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute("data-testid") ? `[${el.getAttribute("data-testid")}]` : ""} "${(el.textContent ?? "").trim().slice(0, 30)}"`;
    const pinnedEls = [...document.querySelectorAll("body *")].filter((e) => ["fixed", "sticky"].includes(getComputedStyle(e).position));
    const clips = new Map<Element, boolean>();
    const clipsContent = (e: Element) => {
      let c = clips.get(e);
      if (c === undefined) {
        const st = getComputedStyle(e);
        c = st.overflowX !== "visible" || st.overflowY !== "visible";
        clips.set(e, c);
      }
      return c;
    };
    const header = document.querySelector("header");
    const targets = [...document.querySelectorAll("main a, main button, main input, main select, main textarea, main label, main h1, main h2, main h3, main p, main th, main td, main li, main dt, main dd")];
    const found = new Set<string>();
    const step = Math.max(200, window.innerHeight - 120);
    const end = document.documentElement.scrollHeight;
    // Bounded: a page that grows while scrolled (more rows loading) is checked over its first screens.
    for (let y = 0, n = 0; n < 25; y += step, n++) {
      window.scrollTo(0, y);
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const top = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
      for (const el of targets) {
        const r = el.getBoundingClientRect();
        const x = r.left + r.width / 2;
        const cy = r.top + r.height / 2;
        if (r.width <= 1 || r.height <= 1 || cy <= top || cy >= window.innerHeight || x <= 0 || x >= window.innerWidth) continue;
        // Scrolled out of its own box (a wide table's hidden columns): not on screen, so not covered.
        let clipped = false;
        for (let a = el.parentElement; a && a !== document.body && !clipped; a = a.parentElement) {
          if (!clipsContent(a)) continue;
          const b = a.getBoundingClientRect();
          clipped = x < b.left || x > b.right || cy < b.top || cy > b.bottom;
        }
        if (clipped) continue;
        const hit = document.elementFromPoint(x, cy);
        if (!hit || el.contains(hit) || hit.contains(el)) continue;
        const cover = pinnedEls.find((p) => p.contains(hit) && !p.contains(el));
        if (cover) found.add(`${describe(el)} under ${describe(cover)}`);
      }
      if (y + window.innerHeight >= end) break;
    }
    window.scrollTo(0, 0);
    return [...found];
  });
}

test.describe("375 px: no fixed element covers content, and no page scrolls sideways", () => {
  for (const who of Object.keys(SCREENS) as Who[]) {
    test(`${who}: every main screen`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width: 375, height: 740 });
      await signInAs(page, who);
      // The check itself finds a fixed element laid over content.
      await page.evaluate(() => {
        const pill = document.createElement("div");
        pill.id = "test-pill";
        pill.style.cssText = "position:fixed;left:0;right:0;bottom:0;height:60vh;background:red;z-index:100";
        document.body.append(pill);
      });
      expect((await coveredElements(page)).length).toBeGreaterThan(0);
      await page.evaluate(() => document.getElementById("test-pill")?.remove());
      expect(await coveredElements(page)).toEqual([]);

      // A guest's reads cost units; the portal is shared with the other files' tests, so they are given back.
      const me = (await (await page.request.get("/api/auth/user")).json()) as { id: string; guestUnitsRemaining?: number };
      const problems: string[] = [];
      for (const screen of SCREENS[who]) {
        await page.goto(screen);
        await expect(page.locator("main h1").first()).toBeVisible();
        await page.waitForLoadState("networkidle");
        const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }));
        if (width.page > width.view) problems.push(`${screen}: the page is ${width.page} px wide at ${width.view} px`);
        // The header keeps the application's name whole beside the alert indicator and the controls.
        const brand = await page.locator("header p").first().evaluate((p) => p.scrollWidth > p.clientWidth);
        if (brand) problems.push(`${screen}: the header cuts the application's name`);
        for (const c of await coveredElements(page)) problems.push(`${screen}: ${c}`);
      }
      if (who === "guest") await giveBackUnits(page, me.id, me.guestUnitsRemaining ?? 0);
      expect(problems).toEqual([]);
    });
  }
});
