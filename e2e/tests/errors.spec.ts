import type { Page } from "@playwright/test";
import { test, expect, demo, en, tr, LANGUAGES, dictionaries } from "./fixtures";

/**
 * A refused transfer's error in the reader's language: the server answers with codes
 * (docs/API.md, Errors) and the web app writes the message from them, so a Somali reader sees
 * Somali even though the officer's account language is English. (The officer, not the
 * administrator: the central bank's administrator does not originate transfers.)
 */

async function signIn(page: Page, lang: string) {
  await page.addInitScript((l) => {
    if (!sessionStorage.getItem("e2e-init")) {
      localStorage.setItem("kormeer-language", l);
      sessionStorage.setItem("e2e-init", "1");
    }
  }, lang);
  await page.goto("/login");
  const dict = dictionaries[lang as keyof typeof dictionaries];
  await page.getByLabel(tr(dict, "login.email")).fill(demo.officer.email);
  await page.getByLabel(tr(dict, "login.password")).fill(demo.officer.password);
  await page.getByRole("button", { name: tr(dict, "login.submit") }).click();
  await expect(page.getByTestId("sidebar")).toBeVisible();
}

/** Suspends or reinstates Waafi's licence through the API, as another regulator would meanwhile. */
async function waafiLicence(page: Page, action: "suspend" | "reinstate") {
  const list = await page.request.get("/api/psps?limit=100");
  expect(list.status()).toBe(200);
  const body = (await list.json()) as { items?: { id: string; name?: string; institutionName?: string }[] } | { id: string; name?: string; institutionName?: string }[];
  const items = Array.isArray(body) ? body : (body.items ?? []);
  const waafi = items.find((i) => (i.name ?? i.institutionName) === "Waafi");
  expect(waafi, "Waafi in the PSP registry").toBeTruthy();
  const res = await page.request.patch(`/api/psps/${waafi!.id}/license`, { data: { action, reason: `E2E ${action}` } });
  expect(res.status(), await res.text()).toBe(200);
}

for (const lang of LANGUAGES) {
  test(`a refused transfer says why in ${lang}, written from the server's code`, async ({ page }) => {
    const dict = dictionaries[lang];
    await signIn(page, lang);
    await page.goto("/transfers");
    await expect(page.getByRole("heading", { level: 1, name: tr(dict, "transfers.title") })).toBeVisible();
    await page.getByTestId("transfer-mode").selectOption("online");
    await page.getByTestId("transfer-currency").selectOption("USD");
    await page.getByTestId("sender-type").selectOption("wallet");
    await page.getByTestId("sender-institution").selectOption("Premium-Wallet");
    await page.getByTestId("sender-number").fill("+252 65 1234567");
    await page.getByTestId("receiver-type").selectOption("wallet");
    await page.getByTestId("receiver-institution").selectOption("Waafi");
    await page.getByTestId("receiver-number").fill("+252 63 7654321");
    await page.getByTestId("transfer-amount").fill("15");

    // While the form is open, Waafi's licence is suspended: the server refuses the transfer.
    await waafiLicence(page, "suspend");
    try {
      await page.getByTestId("transfer-submit").click();
      const answer = page.waitForResponse((r) => r.url().endsWith("/api/transfer") && r.request().method() === "POST");
      await page.getByTestId("confirm-transfer").click();
      const refused = await answer;
      expect(refused.status()).toBe(400);
      expect(refused.request().headers()["accept-language"]).toBe(lang);
      const body = await refused.json();
      expect(body.code).toBe("transfer_invalid");
      expect(body.fields.receiverInstitution).toMatchObject({ code: "not_licensed", params: { name: "Waafi", status: "suspended" } });

      const expected = `${tr(dict, "transfers.prefix.receiverInstitution")}: ${tr(dict, "transfers.errors.notLicensed")
        .replace("{{name}}", "Waafi")
        .replace("{{status}}", tr(dict, "transfers.licenceWord.suspended"))}`;
      await expect(page.getByTestId("failure-message")).toContainText(tr(dict, "transfers.failure.invalidDetails"));
      await expect(page.getByTestId("receiver-fieldset").getByText(expected)).toBeVisible();
      if (lang !== "en") {
        // The account's language is English, so the server wrote English; the reader sees none of it.
        await expect(page.getByText(body.fields.receiverInstitution.message)).toHaveCount(0);
        expect(expected).not.toBe(body.fields.receiverInstitution.message);
      } else {
        expect(expected).toBe(body.fields.receiverInstitution.message);
      }
    } finally {
      await waafiLicence(page, "reinstate");
    }
  });
}

test("the server writes its messages in the language the browser asks for, English for any other", async ({ request }) => {
  for (const [accept, lang] of [["so-SO,so;q=0.9", "so"], ["fr", "fr"], ["tlh", "en"]] as const) {
    const res = await request.post("/api/login", { data: { email: "", password: "" }, headers: { "Accept-Language": accept } });
    expect(res.status()).toBe(400);
    expect(res.headers()["content-language"]).toBe(lang);
    const body = await res.json();
    expect(body.code).toBe("sign_in_fields");
    expect(body.fields.email.code).toBe("required");
    if (lang === "en") expect(body.message).toBe("Please enter your email and password.");
    else expect(body.message).not.toBe("Please enter your email and password.");
  }
  // The English dictionary of the web app has the same text for the code as the server.
  expect(tr(en, "errors.codes.sign_in_required")).toBe("Sign in to continue.");
});
