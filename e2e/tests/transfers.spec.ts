import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { test, expect, demo, en, tr } from "./fixtures";

const officer = { email: "officer@kormeer.demo", password: "Officer-demo-2026" };

async function signIn(page: Page, who: { email: string; password: string } = officer) {
  await page.goto("/login");
  await page.getByLabel(tr(en, "login.email")).fill(who.email);
  await page.getByLabel(tr(en, "login.password")).fill(who.password);
  await page.getByRole("button", { name: tr(en, "login.submit") }).click();
  await expect(page.getByTestId("sidebar")).toBeVisible();
}

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const step = (page: Page) => page.getByTestId("step-counter");

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("e2e-init")) {
      localStorage.setItem("kormeer-language", "en");
      sessionStorage.setItem("e2e-init", "1");
    }
  });
});

test("a wallet-to-bank USD transfer through the guided flow, then found in search", async ({ page }) => {
  await signIn(page);
  await page.goto("/transfers");
  await expect(page.getByRole("heading", { level: 1, name: tr(en, "transfers.title") })).toBeVisible();
  await expect(step(page)).toHaveAttribute("data-step", "1");

  // The counter follows the form's sections: mode and currency, sender, receiver, amount.
  await page.getByTestId("transfer-mode").selectOption("online");
  await expect(step(page)).toHaveAttribute("data-step", "1");
  await page.getByTestId("transfer-currency").selectOption("USD");
  await expect(step(page)).toHaveAttribute("data-step", "2");
  await page.getByTestId("sender-type").selectOption("wallet");
  await page.getByTestId("sender-institution").selectOption("Premium-Wallet");
  await expect(page.getByTestId("sender-number")).toHaveAttribute("placeholder", "+252 65 1234567");
  await page.getByTestId("sender-number").fill("+252 65 1234567");
  await expect(step(page)).toHaveAttribute("data-step", "3");
  await page.getByTestId("receiver-type").selectOption("bank");
  await expect(step(page)).toHaveAttribute("data-step", "3");
  await page.getByTestId("receiver-institution").selectOption("Dahabshiil");
  await page.getByTestId("receiver-number").fill("12345");
  // A five-digit account is a complete bank account.
  await expect(step(page)).toHaveAttribute("data-step", "4");
  await page.getByTestId("transfer-amount").fill("00250.50");
  await expect(page.getByTestId("transfer-amount")).toHaveValue("250.50");

  // Fees: 2 % of 250.50 = 5.01, total 255.51; the route analysis settles on P2B direct (score 88, yellow).
  await expect(page.getByTestId("fee-value")).toHaveText("5.01 USD");
  await expect(page.getByTestId("total-value")).toHaveText("255.51 USD");
  await expect(page.getByTestId("route-analysing")).toBeVisible();
  const route = page.getByTestId("route-option").first();
  await expect(route).toHaveAttribute("data-route", "p2b-direct");
  await expect(route.locator("[data-band]")).toHaveAttribute("data-band", "yellow");
  // The recommended route shows the fee the transfer is charged: the server's one quote.
  await expect(route.getByTestId("route-fee")).toHaveText("5.01 USD");
  await expectNoSeriousA11yViolations(page);

  await page.getByTestId("transfer-submit").click();
  const confirm = page.getByTestId("confirm-dialog");
  await expect(confirm).toBeVisible();
  await expect(step(page)).toHaveAttribute("data-step", "5");
  await expect(confirm.getByTestId("confirm-total")).toHaveText("255.51 USD");
  const posted = page.waitForRequest((r) => r.url().endsWith("/api/transfer") && r.method() === "POST");
  await confirm.getByTestId("confirm-transfer").click();
  const request = await posted;
  expect(request.headers()["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
  expect(request.postDataJSON()).toMatchObject({ amount: "250.50", currency: "USD", senderType: "wallet", receiverType: "bank" });

  const receipt = page.getByTestId("transfer-receipt");
  await expect(receipt).toBeVisible();
  await expect(receipt).toContainText("5.01 USD");
  await expect(page.getByText(tr(en, "transfers.success.title")).first()).toBeVisible();
  await expect(step(page)).toHaveAttribute("data-step", "6");
  await expect(receipt.getByTestId("receipt-total")).toHaveText("255.51 USD");
  const npss = (await receipt.getByTestId("receipt-npss").textContent())?.trim() ?? "";
  const txId = (await receipt.getByTestId("receipt-transaction-id").textContent())?.trim() ?? "";
  expect(npss).toMatch(/^NPSS\d+/);
  // The form was reset.
  await expect(page.getByTestId("transfer-amount")).toHaveValue("");

  // Find it on /transactions by its NPSS reference and open its detail.
  await page.goto("/transactions");
  await expect(page.getByRole("heading", { level: 1, name: tr(en, "transactions.title") })).toBeVisible();
  await page.getByTestId("tx-advanced-toggle").click();
  await page.getByTestId("tx-npss").fill(npss);
  await expect(page.getByTestId("tx-count")).toHaveText("1 transaction");
  const row = page.getByTestId("tx-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(txId);
  await expect(row).toContainText("250.50 USD");
  await expectNoSeriousA11yViolations(page);
  await row.click();
  const detail = page.getByTestId("tx-detail");
  await expect(detail).toBeVisible();
  await expect(detail.getByTestId("tx-detail-npss")).toHaveText(npss);
  await expect(detail.getByTestId("tx-detail-amount")).toHaveText("250.50 USD");
  await expect(detail.getByTestId("tx-detail-aml-score")).toBeVisible();
  await expect(detail.getByTestId("tx-detail-log")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");

  // The search box matches the start of the reference too; nonsense shows the empty state.
  await page.getByTestId("tx-clear").click();
  await page.getByTestId("tx-search").fill("ZZZ-NOTHING");
  await expect(page.getByText(tr(en, "transactions.emptyTitle"))).toBeVisible();
  await expect(page.getByText(tr(en, "transactions.emptyHint"))).toBeVisible();
});

test("each invalid input shows the specification's message", async ({ page }) => {
  await signIn(page);
  await page.goto("/transfers");
  const submit = page.getByTestId("transfer-submit");
  await page.getByTestId("transfer-mode").selectOption("online");
  await page.getByTestId("transfer-currency").selectOption("USD");
  await page.getByTestId("sender-type").selectOption("wallet");
  await page.getByTestId("sender-institution").selectOption("Premium-Wallet");
  await page.getByTestId("sender-number").fill("12345");
  await page.getByTestId("receiver-type").selectOption("bank");
  await page.getByTestId("receiver-institution").selectOption("Dahabshiil");
  await page.getByTestId("receiver-number").fill("1234");

  // Zero amount: Submit stays disabled.
  await page.getByTestId("transfer-amount").fill("0");
  await expect(submit).toBeDisabled();
  await page.getByTestId("transfer-amount").fill("10");
  await expect(submit).toBeEnabled();
  await submit.click();

  const toast = page.getByTestId("validation-toast");
  await expect(page.getByText(tr(en, "transfers.validationError"), { exact: true })).toBeVisible();
  const wallet = "Sender Number: Invalid wallet format. Use 1234567, +252 65 1234567, or G1234567";
  const bank = "Receiver Number: Invalid bank account format. Use exactly 5 digits (e.g., 12345)";
  await expect(toast).toContainText(wallet);
  await expect(toast).toContainText(bank);
  // The messages also sit next to their fields.
  await expect(page.getByTestId("sender-fieldset")).toContainText(wallet);
  await expect(page.getByTestId("receiver-fieldset")).toContainText(bank);
  await expect(page.getByTestId("confirm-dialog")).toHaveCount(0);

  // The server says the same (it validates independently of the browser).
  const res = await page.request.post("/api/transfer", {
    data: {
      senderNumber: "12345", receiverNumber: "1234", amount: "0", currency: "USD", mode: "online",
      senderInstitution: "Premium-Wallet", receiverInstitution: "Dahabshiil", senderType: "wallet", receiverType: "bank",
    },
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).fields).toEqual({
    senderNumber: { code: "wallet_format", message: wallet },
    receiverNumber: { code: "bank_format", message: bank },
    amount: { code: "amount_not_positive", message: tr(en, "transfers.errors.amount") },
  });
  expect(tr(en, "transfers.errors.amount")).toBe("Amount must be greater than 0");

  // A failure from the server opens the error dialog, which closes itself after 5 seconds.
  await page.route("**/api/transfer", (route) => route.fulfill({ status: 500, body: "boom" }));
  await page.getByTestId("sender-number").fill("+252 65 1234567");
  await page.getByTestId("receiver-number").fill("12345");
  await submit.click();
  await page.getByTestId("confirm-transfer").click();
  const failure = page.getByTestId("failure-dialog");
  await expect(failure).toBeVisible();
  await expect(failure).toContainText(tr(en, "transfers.failure.serverError"));
  await expect(failure).toContainText(tr(en, "transfers.failure.autoClose"));
  await expect(page.getByText(tr(en, "transfers.failure.toastTitle"), { exact: true })).toBeVisible();
  await expect(failure).toBeHidden({ timeout: 7_000 });
});

test("the transfer form offers what the licence registry allows: suspended leaves, reinstated and newly routed come back", async ({ page, browser, baseURL }) => {
  // The administrator changes the registry; an officer, who may originate transfers (the
  // administrator may not), uses the form in a browser context of their own.
  await signIn(page, demo.admin);
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(() => localStorage.setItem("kormeer-language", "en"));
  const desk = await context.newPage();
  await signIn(desk);
  const senderOptions = async () => {
    await desk.goto("/transfers");
    await desk.getByTestId("transfer-mode").selectOption("online");
    await desk.getByTestId("sender-type").selectOption("wallet");
    await expect(desk.getByTestId("sender-institution")).toBeEnabled();
    return desk.getByTestId("sender-institution").locator("option").allTextContents();
  };
  expect(await senderOptions()).toEqual([tr(en, "transfers.choose"), "E-Dahab", "Premium-Wallet", "Waafi"]);

  // Suspend Waafi on the registry: the form no longer offers it and the server refuses it by name.
  await page.goto("/psps");
  const waafi = page.getByTestId("registry-row").filter({ hasText: "Waafi" });
  await expect(waafi.getByTestId("routing-cell")).toContainText("*63#");
  await expect(waafi.getByTestId("routing-cell")).toContainText("+252 63");
  await waafi.getByTestId("license-suspend").click();
  await page.getByTestId("license-reason").fill("Settlement shortfall");
  await page.getByTestId("license-confirm").click();
  await expect(waafi.getByTestId("license-status")).toHaveText(tr(en, "registry.licenseStatus.suspended"));
  expect(await senderOptions()).toEqual([tr(en, "transfers.choose"), "E-Dahab", "Premium-Wallet"]);
  const body = {
    senderNumber: "+252 63 1234567", receiverNumber: "+252 65 7654321", amount: "15", currency: "USD", mode: "online",
    senderInstitution: "Waafi", receiverInstitution: "Premium-Wallet", senderType: "wallet", receiverType: "wallet",
  };
  expect((await page.request.post("/api/transfer", { data: body })).status()).toBe(403); // not the administrator's to make
  const refused = await desk.request.post("/api/transfer", { data: body });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).fields).toEqual({
    senderInstitution: {
      code: "not_licensed",
      message: "Sender Institution: Waafi may not move money: its licence is suspended",
      params: { name: "Waafi", status: "suspended" },
    },
  });

  // Reinstate it: usable at once.
  await page.goto("/psps");
  await waafi.getByTestId("license-reinstate").click();
  await page.getByTestId("license-reason").fill("Shortfall covered");
  await page.getByTestId("license-confirm").click();
  await expect(waafi.getByTestId("license-status")).toHaveText(tr(en, "registry.licenseStatus.active"));
  expect((await desk.request.post("/api/transfer", { data: body })).status()).toBe(201);

  // Zaad also serves online once an administrator says so; its routing shows on the registry.
  const zaad = page.getByTestId("registry-row").filter({ hasText: "Zaad" });
  await zaad.getByTestId("routing-edit").click();
  const dialog = page.getByTestId("routing-dialog");
  await expect(dialog.getByTestId("routing-mode-offline")).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByTestId("routing-mode-online").check();
  await dialog.getByTestId("routing-save").click();
  await expect(dialog).toBeHidden();
  await expect(zaad.getByTestId("routing-cell")).toContainText(tr(en, "registry.routing.online"));
  expect(await senderOptions()).toEqual([tr(en, "transfers.choose"), "E-Dahab", "Premium-Wallet", "Waafi", "Zaad"]);
  await context.close();
});
