import { test, expect, demo, en, so, tr, signIn, expectNoSeriousAxe } from "./fixtures";

test("an institution's administrator creates an API key, its system submits with it, and revoking it stops it", async ({ page, playwright, baseURL }) => {
  await signIn(page, demo.psp.email, demo.psp.password);
  await page.goto("/settings/api-keys");
  await expect(page.getByRole("heading", { level: 1, name: tr(en, "settings.apiKeys.title") })).toBeVisible();
  await page.getByTestId("api-key-new").click();
  await page.getByTestId("api-key-name").fill("Core banking feed");
  await page.getByTestId("api-key-scope-transactions:submit").check();
  await page.getByTestId("api-key-create").click();
  const value = page.getByTestId("api-key-value");
  await expect(value).toHaveValue(/^kmr_/);
  const key = await value.inputValue();
  await expectNoSeriousAxe(page);
  await page.getByTestId("api-key-done").click();
  const row = page.getByTestId("api-key-row").filter({ hasText: "Core banking feed" });
  await expect(row.getByTestId("api-key-status")).toHaveText(tr(en, "settings.apiKeys.status.active"));
  await expect(row).toContainText(tr(en, "settings.apiKeys.neverUsed"));

  // The institution's system, without the browser's session.
  const api = await playwright.request.newContext({ baseURL });
  const feed = (externalId: string) =>
    api.post("/api/transactions/batch", {
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/x-ndjson" },
      data: JSON.stringify({ externalId, amount: "42.00", currency: "USD", senderNumber: "+252 65 1112233", receiverNumber: "+252 64 3322110" }),
    });
  const first = await feed("E2E-1");
  expect(first.status()).toBe(200);
  expect((await first.json()).summary.created).toBe(1);
  expect((await api.get("/api/transactions", { headers: { Authorization: `Bearer ${key}` } })).status()).toBe(403);
  await page.reload();
  await expect(row).toContainText(/last used/);

  await row.getByTestId("api-key-revoke").click();
  await page.getByTestId("api-key-revoke-confirm").click();
  await expect(row.getByTestId("api-key-status")).toHaveText(tr(en, "settings.apiKeys.status.revoked"));
  expect((await feed("E2E-2")).status()).toBe(401);
  await api.dispose();
});

test("the API keys screen in Somali on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.addInitScript(() => localStorage.setItem("kormeer-language", "so"));
  await signIn(page, demo.psp.email, demo.psp.password);
  await page.goto("/settings/api-keys");
  await expect(page.getByRole("heading", { level: 1, name: tr(so, "settings.apiKeys.title") })).toBeVisible();
  await page.getByTestId("api-key-new").click();
  await expect(page.getByTestId("api-key-dialog").getByText(tr(so, "settings.apiKeys.scope.transactions_submit.label"))).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
