import { test, expect } from "./fixtures";

// Mobile access end to end (issue 6): a mobile user registers through the API, an officer approves
// it and issues a one-time code on the screen in French (the specification's texts), the code is delivered (the outbox logs it,
// no SMTP being configured) and redeemed exactly once; then the metrics screen follows live traffic.
const officer = { email: "officer@kormeer.demo", password: "Officer-demo-2026" };

test("an officer approves a mobile user, issues a code that redeems once, and metrics follow traffic", async ({ page }) => {
  const stamp = String(Date.now() % 10_000_000).padStart(7, "0");
  const phone = `+252 63 ${stamp}`;
  const normalised = `+25263${stamp}`;
  const reg = await page.request.post("/api/mobile/users", {
    data: { fullName: `Hodan E2E ${stamp}`, phoneNumber: phone, nationalId: `E2E-${stamp}`, platform: "android" },
  });
  expect(reg.status()).toBe(201);
  const mobileUser = await reg.json();
  expect(mobileUser.status).toBe("pending");

  await page.addInitScript(() => localStorage.setItem("kormeer-language", "fr"));
  await page.goto("/login");
  await page.locator("#login-email").fill(officer.email);
  await page.locator("#login-password").fill(officer.password);
  await page.locator("#login-password").press("Enter");
  await expect(page.getByRole("navigation").first()).toBeVisible();

  // The sidebar offers the screen to regulators, under Configuration.
  await page.getByRole("link", { name: "Accès mobiles" }).first().click();
  await expect(page).toHaveURL(/\/mobile-access-management$/);
  await expect(page.getByRole("heading", { level: 1, name: "Gestion des accès mobiles" })).toBeVisible();

  // Approve the pending user.
  const row = page.locator(`[data-testid=mobile-user-row][data-phone="${normalised}"]`);
  await expect(row.getByTestId("mobile-user-status")).toHaveText("En attente");
  await row.getByTestId("user-approve").click();
  await page.getByTestId("user-status-confirm").click();
  await expect(row.getByTestId("mobile-user-status")).toHaveText("Approuvé");

  // Generate: the button stays disabled until the user is chosen; the full code is shown once.
  await page.getByTestId("open-generate").click();
  const dialog = page.getByTestId("generate-dialog");
  await expect(dialog.getByTestId("generate-submit")).toBeDisabled();
  await expect(dialog.getByTestId("generate-email")).toHaveValue("supervision@kormeer.so");
  await dialog.getByTestId("generate-user").selectOption(mobileUser.id);
  await expect(dialog.getByTestId("generate-submit")).toBeEnabled();
  await dialog.getByTestId("generate-submit").click();
  const fullCode = page.getByTestId("full-code");
  await expect(fullCode).toHaveText(/^[A-Z0-9]{8}$/);
  const code = (await fullCode.textContent())!.trim();
  await expect(page.getByTestId("code-reveal")).toContainText("il ne sera plus jamais affiché");
  await page.getByTestId("reveal-close").click();
  await expect(fullCode).toHaveCount(0);

  // The list shows no character of the code (the server keeps none): how and when it was sent,
  // active, 0/1; revoke is offered on it.
  const codeRow = page.getByTestId("code-row").filter({ hasText: mobileUser.fullName }).first();
  await expect(codeRow.getByTestId("code-delivery")).toContainText("Envoyé par SMS et e-mail");
  await expect(codeRow.getByTestId("code-status")).toHaveText("Actif");
  await expect(codeRow).toContainText("0/1");
  await expect(codeRow.getByTestId("revoke-code")).toBeVisible();
  await expect(page.getByText(code, { exact: true })).toHaveCount(0);

  // Deliveries: an SMS to the user, logged (no SMS gateway locally), and an e-mail to the admin
  // address, sent to the test's mailbox (fixtures.ts).
  const sms = page.locator(`[data-testid=outbox-row][data-channel=sms]`).filter({ hasText: normalised });
  await expect(sms.first()).toHaveAttribute("data-status", "logged", { timeout: 15_000 });
  await expect(sms.first().getByTestId("outbox-status")).toHaveText("Journalisé");
  const email = page.locator(`[data-testid=outbox-row][data-channel=email]`).filter({ hasText: "supervision@kormeer.so" });
  await expect(email.first()).toHaveAttribute("data-status", "sent", { timeout: 15_000 });

  // The mobile app redeems the code once; a second try fails like any wrong code.
  const redeem = () =>
    page.request.post("/api/mobile/access/redeem", {
      data: { phoneNumber: phone, code, deviceId: `e2e-device-${stamp}`, platform: "android" },
    });
  const first = await redeem();
  expect(first.status()).toBe(200);
  const session = await first.json();
  expect(session.sessionToken).toBeTruthy();
  expect(session.expiresAt).toBeTruthy();
  const second = await redeem();
  expect(second.status()).toBe(401);
  // The answer is read by its code: its message is in the reader's language.
  expect((await second.json()).code).toBe("access_code_invalid");

  await page.reload();
  const usedRow = page.getByTestId("code-row").filter({ hasText: mobileUser.fullName }).first();
  await expect(usedRow.getByTestId("code-status")).toHaveText("Utilisé");
  await expect(usedRow).toContainText("1/1");
  await expect(usedRow.getByTestId("revoke-code")).toHaveCount(0);

  // Metrics, read in English: the requests figure grows with traffic (auto refresh every 5 s).
  await page.getByTestId("language-switcher").selectOption("en");
  await page.getByRole("link", { name: "Metrics" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "System Performance Metrics" })).toBeVisible();
  await expect(page.getByTestId("health-badge")).toHaveText(/healthy/i);
  await expect(page.getByRole("button", { name: /Auto Refresh ON/ })).toBeVisible();
  const total = page.getByTestId("total-requests");
  await expect(total).toHaveAttribute("data-requests", /\d+/);
  const before = Number(await total.getAttribute("data-requests"));
  for (let i = 0; i < 10; i++) expect((await page.request.get("/api/metrics")).ok()).toBe(true);
  await expect.poll(async () => Number(await total.getAttribute("data-requests")), { timeout: 12_000 }).toBeGreaterThanOrEqual(before + 10);
  await expect(page.getByTestId("last-updated")).not.toContainText("N/A");
});
