import type { Page } from "@playwright/test";
import { LANGUAGES, dictionaries, expect, signIn, test, tr } from "./fixtures";

// Languages in the browser (issue 17, parts 1 and 9). The mobile access screen follows the chosen
// language, its form errors included; and a pseudo-locale run finds any text a screen shows
// without going through the translations.

const officer = { email: "officer@kormeer.demo", password: "Officer-demo-2026" };

/** Opens the app in a language, remembered by the browser as the switcher remembers it. */
async function inLanguage(page: Page, lang: string, pseudo = false) {
  await page.addInitScript(
    ([l, p]) => {
      localStorage.setItem("kormeer-language", l);
      if (p) localStorage.setItem("kormeer-pseudo-locale", "1");
    },
    [lang, pseudo] as const,
  );
}

for (const lang of LANGUAGES) {
  test(`the mobile access screen in ${lang}: title and a form error`, async ({ page }) => {
    const dict = dictionaries[lang];
    await inLanguage(page, lang);
    await signIn(page, officer.email, officer.password);
    await page.goto("/mobile-access-management");
    await expect(page.getByRole("heading", { level: 1, name: tr(dict, "mobileAccess.title") })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", lang);

    await page.getByTestId("register-user").click();
    const dialog = page.getByTestId("register-dialog");
    await expect(dialog.getByRole("heading", { name: tr(dict, "mobileAccess.register.title") })).toBeVisible();
    await dialog.getByTestId("register-phoneNumber").fill("+252 99");
    await dialog.getByTestId("register-submit").click();
    await expect(dialog.getByText(tr(dict, "mobileAccess.validation.fullName"))).toBeVisible();
    await expect(dialog.getByText(tr(dict, "mobileAccess.validation.phoneNumber"))).toBeVisible();
    // No other language's text on the screen (the French of the specification included).
    for (const other of LANGUAGES.filter((l) => l !== lang)) {
      await expect(page.getByText(tr(dictionaries[other], "mobileAccess.title"), { exact: true })).toHaveCount(0);
    }
  });
}

/** Every string value in a JSON document: the data the server sent, which screens may show as is. */
function strings(value: unknown, out: Set<string>) {
  if (typeof value === "string") out.add(value.trim());
  else if (Array.isArray(value)) value.forEach((v) => strings(v, out));
  else if (value && typeof value === "object") Object.values(value).forEach((v) => strings(v, out));
}

/**
 * Visible text nodes of the page that are neither marked (⟦…⟧, from the translations) nor data: a
 * value the server sent, a number, an amount, a date or time, an id or code.
 */
async function unmarkedTexts(page: Page, data: Set<string>): Promise<string[]> {
  const texts: string[] = await page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim();
      const el = n.parentElement;
      if (!text || !el || el.closest("script, style, noscript, svg, [aria-hidden=true], .sr-only")) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.display === "none" || el.getClientRects().length === 0) continue;
      out.push(text);
    }
    return out;
  });
  const isData = (text: string) => {
    if (/[⟦⟧]/.test(text)) return true;
    if (data.has(text)) return true;
    for (const d of data) if (d.length >= 3 && text.includes(d)) return true;
    // Numbers, amounts, percentages, ids, codes and symbols.
    if (/^[\d\s.,:%+\-−–—/#()$×·…*|•]*$/.test(text)) return true;
    if (/^[A-Z0-9][A-Z0-9\-_/.#*]{1,}$/.test(text)) return true;
    if (/^[\d.,\s]+\s?(USD|SHS|SLSH|%|ms|MB)$/.test(text)) return true;
    if (/^(USD|SHS|SLSH)\s?[\d.,\s]+$/.test(text) || /^\$[\d.,]+[KMB]?$/.test(text)) return true;
    // Dates and times as Intl writes them (the pseudo-locale formats as English).
    if (/^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\w* \d{1,2}(, \d{4})?(,? \d{2}:\d{2}(:\d{2})?)?$/.test(text)) return true;
    if (/^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\w* \d{1,2}( – \d{1,2})?, \d{4}$/.test(text)) return true;
    // Product names: Kormeer, and the browser and system of a session (settings: "Chrome · Linux").
    if (/^(Edge|Chrome|Firefox|Safari|Android|iOS|Windows|macOS|Linux)( · (Android|iOS|Windows|macOS|Linux))?$/.test(text)) return true;
    // The product's name, e-mail addresses and phone numbers.
    if (text === "Kormeer" || /^\S+@\S+\.\S+$/.test(text) || /^\+?[\d\s]{7,}$/.test(text)) return true;
    return false;
  };
  return [...new Set(texts.filter((t) => !isData(t)))];
}

/** The main screens of each role (issue 17, part 1: every screen a person sees). */
const SCREENS: Record<string, { login?: { email: string; password: string }; paths: string[] }> = {
  public: { paths: ["/"] },
  admin: {
    login: { email: "admin@kormeer.demo", password: "Admin-demo-2026" },
    paths: ["/", "/transactions", "/compliance", "/compliance/alerts", "/kyc", "/mobile-access-management", "/settings", "/psps", "/mnos", "/banks"],
  },
  psp: { login: { email: "psp@kormeer.demo", password: "Psp-demo-2026" }, paths: ["/", "/transfers", "/transactions", "/compliance", "/psps"] },
  citizen: { login: { email: "citizen@kormeer.demo", password: "Citizen-demo-2026" }, paths: ["/", "/settings"] },
};

for (const [role, { login, paths }] of Object.entries(SCREENS)) {
  test(`pseudo-locale: every text the ${role} sees comes from the translations`, async ({ page }) => {
    test.setTimeout(120_000);
    const data = new Set<string>();
    page.on("response", async (res) => {
      if (!res.url().includes("/api/") || !(res.headers()["content-type"] ?? "").includes("json")) return;
      try {
        strings(await res.json(), data);
      } catch {
        // A body already gone (a redirect, an aborted request) holds no data to allow.
      }
    });
    await inLanguage(page, "xx", true);
    if (login) await signIn(page, login.email, login.password);
    const found: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", "xx");
      await expect(page.locator("h1").first()).toContainText("⟦");
      await page.waitForLoadState("networkidle");
      for (const text of await unmarkedTexts(page, data)) found.push(`${path}: ${text}`);
    }
    expect(found, "texts not from the translations").toEqual([]);
  });
}
