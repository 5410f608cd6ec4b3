import type { Page } from "@playwright/test";
import { LANGUAGES, demo, dictionaries, expect, signIn, test, tr } from "./fixtures";

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
 * Visible text nodes of the page (or of the element that scope selects, a dialog) that are neither
 * marked (⟦…⟧, from the translations) nor data: a value the server sent, a number, an amount, a
 * date or time, an id or code.
 */
async function unmarkedTexts(page: Page, data: Set<string>, scope = "body"): Promise<string[]> {
  const texts: string[] = await page.evaluate((selector) => {
    const out: string[] = [];
    const root = document.querySelector(selector);
    if (!root) throw new Error(`nothing matches ${selector}`);
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim();
      const el = n.parentElement;
      if (!text || !el || el.closest("script, style, noscript, svg, [aria-hidden=true], .sr-only")) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.display === "none" || el.getClientRects().length === 0) continue;
      out.push(text);
    }
    return out;
  }, scope);
  const isData = (text: string) => {
    if (/[⟦⟧]/.test(text)) return true;
    if (data.has(text)) return true;
    for (const d of data) if (d.length >= 3 && text.includes(d)) return true;
    // Numbers, amounts, percentages, ids, codes and symbols.
    if (/^[\d\s.,:%+\-−–—/#()$×·…*|•]*$/.test(text)) return true;
    if (/^[A-Z0-9][A-Z0-9\-_/.#*]{1,}$/.test(text) || /^v\d+$/.test(text)) return true; // v3: a rule set's version
    if (/^[0-9a-f]{8,}$/.test(text)) return true; // the start of a hash (the audit chain's rows)
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
    paths: ["/", "/transactions", "/compliance", "/compliance/alerts", "/kyc", "/mobile-access-management", "/settings", "/psps", "/mnos", "/banks",
      "/settings/users", "/settings/aml", "/settings/api-keys", "/settings/approvals", "/applications", "/analytics", "/audit", "/sanctions",
      "/switch-feed"],
  },
  psp: {
    login: { email: "psp@kormeer.demo", password: "Psp-demo-2026" },
    paths: ["/", "/transfers", "/transactions", "/compliance", "/compliance/alerts", "/psps", "/analytics", "/settings/api-keys"],
  },
  citizen: { login: { email: "citizen@kormeer.demo", password: "Citizen-demo-2026" }, paths: ["/", "/settings"] },
};

/** Collects every string of the JSON answers of the API into data, as the page receives them. */
function collectData(page: Page): Set<string> {
  const data = new Set<string>();
  page.on("response", async (res) => {
    if (!res.url().includes("/api/") || !(res.headers()["content-type"] ?? "").includes("json")) return;
    try {
      strings(await res.json(), data);
    } catch {
      // A body already gone (a redirect, an aborted request) holds no data to allow.
    }
  });
  return data;
}

for (const [role, { login, paths }] of Object.entries(SCREENS)) {
  test(`pseudo-locale: every text the ${role} sees comes from the translations`, async ({ page }) => {
    test.setTimeout(120_000);
    const data = collectData(page);
    await inLanguage(page, "xx", true);
    if (login) await signIn(page, login.email, login.password);
    const found: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", "xx");
      // The page is drawn: its heading shown (an institution's home is headed by its name, data)
      // and its own texts marked.
      await expect(page.locator("h1").first()).toBeVisible();
      await expect(page.locator("main").first()).toContainText("⟦");
      await page.waitForLoadState("networkidle");
      for (const text of await unmarkedTexts(page, data)) found.push(`${path}: ${text}`);
    }
    expect(found, "texts not from the translations").toEqual([]);
  });
}

/**
 * The main dialogs of a regulator (issue 17, part 1): each is opened on its screen, and where a
 * first press of its action shows the form's own errors, pressed once so those are read too.
 * open answers the dialog's test id.
 */
const DIALOGS: { name: string; path: string; open: (page: Page) => Promise<string> }[] = [
  {
    name: "alert detail",
    path: "/compliance/alerts",
    open: async (page) => {
      await page.getByTestId("compliance-alert").first().getByTestId("alert-details").click();
      return "alert-detail";
    },
  },
  {
    name: "KYC review",
    path: "/kyc",
    open: async (page) => {
      await page.getByTestId("kyc-row").first().getByTestId("kyc-view").click();
      const detail = page.getByTestId("kyc-detail");
      if (await detail.getByTestId("kyc-reject").isVisible()) {
        await detail.getByTestId("kyc-reject").click();
        await expect(detail.getByTestId("kyc-review-error")).toBeVisible();
      }
      return "kyc-detail";
    },
  },
  {
    name: "application detail",
    path: "/applications",
    open: async (page) => {
      await page.getByTestId("application-row").first().getByTestId("view-application").click();
      return "application-detail";
    },
  },
  {
    name: "application review",
    path: "/applications",
    open: async (page) => {
      // Other tests of the same portal decide applications: take the first still pending.
      const pending = page.getByTestId("application-row").filter({ has: page.getByTestId("reject-application") });
      await pending.first().getByTestId("reject-application").click();
      const dialog = page.getByTestId("reject-dialog");
      await dialog.getByTestId("review-confirm").click();
      await expect(dialog.getByTestId("review-error")).toBeVisible();
      return "reject-dialog";
    },
  },
  {
    name: "licence action",
    path: "/psps",
    open: async (page) => {
      const active = page.getByTestId("registry-row").filter({ has: page.getByTestId("license-suspend") });
      await active.first().getByTestId("license-suspend").click();
      const dialog = page.getByTestId("license-dialog");
      await dialog.getByTestId("license-confirm").click();
      await expect(dialog.getByRole("alert")).toBeVisible();
      return "license-dialog";
    },
  },
  {
    name: "user create",
    path: "/settings/users",
    open: async (page) => {
      await page.getByTestId("users-create").click();
      return "user-create-dialog";
    },
  },
  {
    name: "report generate",
    path: "/",
    open: async (page) => {
      await page.getByTestId("generate-report-button").click();
      return "report-dialog";
    },
  },
  {
    name: "access code issue",
    path: "/mobile-access-management",
    open: async (page) => {
      await page.getByTestId("open-generate").click();
      return "generate-dialog";
    },
  },
];

test("pseudo-locale: every text of the main dialogs comes from the translations", async ({ page }) => {
  test.setTimeout(180_000);
  const data = collectData(page);
  await inLanguage(page, "xx", true);
  await signIn(page, demo.admin.email, demo.admin.password);
  const found: string[] = [];
  for (const { name, path, open } of DIALOGS) {
    await page.goto(path);
    await expect(page.locator("main").first()).toContainText("⟦");
    await page.waitForLoadState("networkidle");
    const testId = await open(page);
    const dialog = page.getByTestId(testId);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("⟦");
    await page.waitForLoadState("networkidle");
    for (const text of await unmarkedTexts(page, data, `[data-testid="${testId}"]`)) found.push(`${name}: ${text}`);
  }
  expect(found, "texts of dialogs not from the translations").toEqual([]);
});
