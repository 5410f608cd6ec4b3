import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { test, expect, demo, en, signIn, tr, LANGUAGES, dictionaries, expectNoSeriousAxe } from "./fixtures";

// Issue 20: an administrator uploads the domestic sanctions list on /sanctions; a transfer to a
// listed name is held and its alert explains the match; the officer dismisses the review item as
// a false positive with a reason, which releases the transfer. The page reads in every language,
// on a desktop and on a 375 px phone.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const domesticCSV = readFileSync(path.join(root, "internal/sanctions/testdata/domestic.csv"));
const listed = "Abdirahman Mohamud Farah";

test("sanctions: upload a list, a transfer to a listed name is held and explained, dismiss it", async ({ page, playwright, portal }) => {
  await signIn(page, demo.admin.email, demo.admin.password);
  await page.getByRole("link", { name: tr(en, "nav.sanctions") }).first().click();
  await expect(page).toHaveURL(/\/sanctions$/);
  await expect(page.getByRole("heading", { level: 1, name: tr(en, "sanctions.title") })).toBeVisible();

  // Upload the domestic list: version 1, in force.
  await page.getByTestId("sanctions-file").setInputFiles({ name: "domestic.csv", mimeType: "text/csv", buffer: domesticCSV });
  await page.getByTestId("sanctions-upload-submit").click();
  await expect(page.getByTestId("sanctions-upload-done")).toContainText("4");
  const versions = page.getByTestId("sanctions-versions");
  await expect(versions).toContainText(tr(en, "sanctions.list.domestic"));
  await expect(versions).toContainText(tr(en, "sanctions.lists.inForce"));
  await versions.getByRole("button").first().click();
  await expect(page.getByTestId("sanctions-changes")).toContainText("CBS-2024-001");

  // A transfer to a listed name, spelled otherwise than on the list, is held.
  // An officer sends it (the administrator does not originate transfers), through the API.
  const officer = await playwright.request.newContext({ baseURL: portal.url });
  const login = await officer.post("/api/auth/login", { data: { email: demo.officer.email, password: demo.officer.password } });
  expect(login.status()).toBe(200);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const res = await officer.post("/api/transfer", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      senderNumber: "+252 65 1234567", receiverNumber: "12345", amount: "40.00", currency: "USD", mode: "online",
      senderInstitution: "Premium-Wallet", receiverInstitution: "Dahabshiil", senderType: "wallet", receiverType: "bank",
      senderName: "Sahra Jaamac Nuur", recipientName: listed,
    },
  });
  expect(res.status()).toBe(201);
  const transfer = (await res.json()) as { id: string; transactionId: string; status: string };
  expect(transfer.status).toBe("pending");

  // Its critical alert names the list entry, the alias matched and the score.
  await page.goto("/compliance/alerts");
  const alert = page.getByTestId("compliance-alert").filter({ hasText: transfer.transactionId }).first();
  await expect(alert).toContainText(listed);
  await expect(alert).toContainText("CBS-2024-001");

  // The review item explains the match: entry, alias, paired name parts.
  await page.goto("/sanctions");
  const item = page.getByTestId("sanctions-match").filter({ hasText: transfer.transactionId });
  await expect(item).toContainText(tr(en, "sanctions.strength.strong"));
  await expect(item).toContainText(tr(en, "sanctions.match.held"));
  await expect(item).toContainText("CBS-2024-001");
  await expect(item).toContainText("Cabdiraxmaan Maxamuud Faarax");
  await expect(item.getByRole("table")).toContainText("mahmud");
  await expectNoSeriousAxe(page);

  // A decision needs a reason; dismissing releases the transfer.
  await item.getByTestId("sanctions-dismiss").click();
  await expect(item).toContainText(tr(en, "sanctions.decision.reasonRequired"));
  await item.getByTestId("sanctions-reason").fill("Different person: customer born 2001, father's name differs.");
  await item.getByTestId("sanctions-dismiss").click();
  await expect(page.getByTestId("sanctions-match").filter({ hasText: transfer.transactionId })).toHaveCount(0);
  const after = await page.request.get(`/api/transactions/${transfer.id}`);
  expect((await after.json()).status).toBe("completed");
});

test("the sanctions page in every language, on a phone", async ({ page }) => {
  await signIn(page, demo.admin.email, demo.admin.password);
  for (const lang of LANGUAGES) {
    const dict = dictionaries[lang];
    await page.evaluate((l) => localStorage.setItem("kormeer-language", l), lang);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/sanctions");
      await expect(page.getByRole("heading", { level: 1, name: tr(dict, "sanctions.title") })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: tr(dict, "sanctions.queue.title") })).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: tr(dict, "sanctions.lists.title") })).toBeVisible();
      await expect(page.getByRole("button", { name: tr(dict, "sanctions.upload.submit"), exact: true })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
  }
  await expectNoSeriousAxe(page);
  await page.evaluate(() => localStorage.setItem("kormeer-language", "en"));
});
