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

test("sanctions: upload a list, a transfer to a listed name is held and explained, dismiss it", async ({ page }) => {
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

  // A transfer to a listed name, spelled otherwise than on the list, is held. Administrators
  // do not enter transfers (transferRoles): the officer does, and works the case from here on.
  await page.context().clearCookies();
  await signIn(page, "officer@kormeer.demo", "Officer-demo-2026");
  const res = await page.request.post("/api/transfer", {
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

// Issue 20 on the screens: names entered on /transfers are screened; the held transfer's receipt
// says it is pending review, and its detail panel shows the officer the match. Another listed
// person than above, whose pair the first test may have dismissed (a remembered false positive).
test("a transfer entered on /transfers to a listed name is held; the officer sees the match in its detail", async ({ page }) => {
  const other = "Yasin Hirsi Ahmed";
  await signIn(page, demo.admin.email, demo.admin.password);
  const upload = await page.request.post("/api/sanctions/lists/domestic?fileName=domestic.csv", {
    data: domesticCSV,
    headers: { "Content-Type": "text/csv" },
  });
  expect(upload.status()).toBe(201);
  await page.context().clearCookies();

  await signIn(page, "officer@kormeer.demo", "Officer-demo-2026");
  await page.goto("/transfers");
  await page.getByTestId("transfer-mode").selectOption("online");
  await page.getByTestId("transfer-currency").selectOption("USD");
  await page.getByTestId("sender-type").selectOption("wallet");
  await page.getByTestId("sender-institution").selectOption("Premium-Wallet");
  await page.getByTestId("sender-number").fill("+252 65 1234567");
  await page.getByTestId("sender-name").fill("Sahra Jaamac Nuur");
  await page.getByTestId("receiver-type").selectOption("bank");
  await page.getByTestId("receiver-institution").selectOption("Dahabshiil");
  await page.getByTestId("receiver-number").fill("12345");
  await page.getByTestId("recipient-name").fill(other);
  await page.getByTestId("transfer-amount").fill("40");
  // The quote still comes from the server.
  await expect(page.getByTestId("total-value")).not.toBeEmpty();
  await page.getByTestId("transfer-submit").click();
  const confirm = page.getByTestId("confirm-dialog");
  await expect(confirm).toContainText(other);
  const posted = page.waitForResponse((r) => r.url().endsWith("/api/transfer") && r.request().method() === "POST");
  await confirm.getByTestId("confirm-transfer").click();
  const transfer = (await (await posted).json()) as { id: string; transactionId: string; status: string };
  expect(transfer.status).toBe("pending");

  const receipt = page.getByTestId("transfer-receipt");
  await expect(receipt.getByRole("heading", { name: tr(en, "transfers.held.title") })).toBeVisible();
  await expect(receipt.getByTestId("receipt-outcome")).toHaveText(tr(en, "transfers.held.description"));
  await expect(receipt).toContainText(tr(en, "transactions.status.pending"));

  await page.goto(`/transactions?id=${encodeURIComponent(transfer.id)}`);
  const detail = page.getByTestId("tx-detail");
  const match = detail.getByTestId("tx-sanctions-match");
  await expect(match).toContainText("CBS-2025-004");
  await expect(match).toContainText(other);
  await expect(match).toContainText(tr(en, "sanctions.strength.strong"));
  await expect(detail.getByTestId("tx-sanctions-status")).toHaveText(tr(en, "sanctions.status.open"));
  await expectNoSeriousAxe(page);
  // The section reads in every language.
  for (const lang of LANGUAGES) {
    const dict = dictionaries[lang];
    await page.evaluate((l) => localStorage.setItem("kormeer-language", l), lang);
    await page.goto(`/transactions?id=${encodeURIComponent(transfer.id)}`);
    const section = page.getByTestId("tx-sanctions");
    await expect(section.getByRole("heading", { name: tr(dict, "transactions.detail.sanctions.title") })).toBeVisible();
    await expect(section.getByTestId("tx-sanctions-match")).toContainText(tr(dict, "sanctions.strength.strong"));
    await expect(section.getByTestId("tx-sanctions-link")).toHaveText(tr(dict, "transactions.detail.sanctions.review"));
  }
  await page.evaluate(() => localStorage.setItem("kormeer-language", "en"));
  await page.goto(`/transactions?id=${encodeURIComponent(transfer.id)}`);
  await detail.getByTestId("tx-sanctions-link").click();
  await expect(page).toHaveURL(/\/sanctions$/);
  await expect(page.getByTestId("sanctions-match").filter({ hasText: transfer.transactionId })).toContainText("CBS-2025-004");
});
