import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { test, expect, demo, en, tr } from "./fixtures";

const officer = { email: "officer@kormeer.demo", password: "Officer-demo-2026" };
const kycVectors = JSON.parse(
  readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../testdata/kyc.json"), "utf8"),
) as { valid: Record<string, string> };

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.locator("#login-email").fill(email);
  await page.locator("#login-password").fill(password);
  await page.locator("#login-password").press("Enter");
  await expect(page.getByTestId("logout-button")).toBeVisible();
}

async function expectNoSeriousAxe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("KYC form: each invalid field shows its message; a valid application appears in the list", async ({ page }) => {
  await signIn(page, demo.admin.email, demo.admin.password);
  await page.goto("/compliance");
  await expect(page.getByRole("heading", { level: 1, name: tr(en, "pages.compliance.title") })).toBeVisible();
  await expect(page.getByTestId("kyc-row").first()).toBeVisible();
  await expectNoSeriousAxe(page);

  await page.getByTestId("kyc-open-form").click();
  const form = page.getByTestId("kyc-form");
  await expect(form).toBeVisible();
  // Everything empty: every field's message at once, and no request sent.
  let posted = 0;
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/api/kyc")) posted++;
  });
  await page.getByTestId("kyc-submit").click();
  for (const field of ["fullName", "nationalId", "phoneNumber", "email", "address", "documentType", "documentNumber"]) {
    await expect(page.getByTestId(`kyc-error-${field}`)).toHaveText(tr(en, `kyc.validation.${field}`));
  }
  expect(posted).toBe(0);
  await expectNoSeriousAxe(page);

  // One wrong value at a time, the rest valid: only that field's message.
  const valid = { ...kycVectors.valid, nationalId: `SL${Date.now() % 100_000_000}`, fullName: `Hodan Test ${Date.now() % 10_000}` };
  const fill = async (values: Record<string, string>) => {
    for (const [field, value] of Object.entries(values)) {
      if (field === "documentType") await form.locator(`[name=${field}]`).selectOption(value);
      else await form.locator(`[name=${field}]`).fill(value);
    }
  };
  for (const [field, bad] of [
    ["fullName", "F"],
    ["nationalId", "1234"],
    ["phoneNumber", "call me maybe"],
    ["email", "fadumo@"],
    ["address", "Hargeisa"],
    ["documentNumber", "D12"],
  ] as const) {
    await fill({ ...valid, [field]: bad });
    await page.getByTestId("kyc-submit").click();
    await expect(page.getByTestId(`kyc-error-${field}`)).toHaveText(tr(en, `kyc.validation.${field}`));
    await expect(form.locator("[data-testid^=kyc-error-]")).toHaveCount(1);
    await expect(form.locator(`[name=${field}]`)).toBeFocused();
  }
  expect(posted).toBe(0);

  await fill(valid);
  await page.getByTestId("kyc-submit").click();
  await expect(page.getByTestId("kyc-dialog")).toBeHidden();
  const row = page.locator(`[data-testid=kyc-row][data-name="${valid.fullName}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId("kyc-status")).toHaveText(tr(en, "kyc.status.under_review"));
  expect(posted).toBe(1);
});

test("Generate Report on the dashboard goes to /compliance and its PDF carries the month's transaction count", async ({ page }) => {
  await signIn(page, demo.admin.email, demo.admin.password);
  await expect(page.getByTestId("metric-monthTransactions")).toBeVisible();
  await expect(page.getByTestId("recent-row")).toHaveCount(5);
  await expectNoSeriousAxe(page);
  // A recent transaction's view opens it on /transactions.
  const firstId = (await page.getByTestId("recent-row").first().locator("th").innerText()).trim();
  await page.getByTestId("recent-row").first().getByRole("link").click();
  await expect(page).toHaveURL(/\/transactions\?id=/);
  await expect(page.getByTestId("tx-detail")).toContainText(firstId);
  await page.goto("/");
  const created = page.waitForResponse((r) => r.url().endsWith("/api/compliance-reports") && r.request().method() === "POST");
  await page.getByTestId("generate-report-button").click();
  // The report dialog opens on this month; generating takes the page to /compliance.
  await expect(page.getByTestId("report-dialog")).toHaveAttribute("data-report-type", "monthly_transaction");
  await page.getByTestId("report-generate").click();
  const report = await (await created).json();
  expect(report.title).toMatch(/^Monthly Compliance Report - \d{4}-\d{2}$/);
  await expect(page).toHaveURL(/\/compliance$/);
  await expect(page.getByText(tr(en, "reports.generatedTitle")).first()).toBeVisible();

  // The figure the server computed, read back through the API.
  const list = await (await page.request.get("/api/compliance-reports")).json();
  const stored = list.find((r: { id: string }) => r.id === report.id);
  const count = stored.reportData.transactionCount as number;
  expect(count).toBeGreaterThan(0);

  const row = page.locator(`[data-testid=report-row][data-report-id="${report.id}"]`);
  await expect(row).toBeVisible();
  await expect(row).toContainText(`${tr(en, "reports.types.monthly_transaction")} - ${report.period}`);
  const [download] = await Promise.all([page.waitForEvent("download"), row.getByTestId("report-pdf").click()]);
  const file = path.join(mkdtempSync(path.join(tmpdir(), "kormeer-pdf-")), "report.pdf");
  await download.saveAs(file);
  const text = execFileSync("/usr/bin/pdftotext", [file, "-"], { encoding: "utf8" });
  expect(text).toContain(report.title);
  expect(text).toMatch(new RegExp(`(^|\\D)${count}(\\D|$)`));
});

test("an officer resolves an open alert from the compliance alerts list", async ({ page, playwright, portal }) => {
  // Raise an alert as an institution feed would: three offline 9000.00 USD transfers from one new sender.
  const api = await playwright.request.newContext({ baseURL: portal.url });
  const login = await api.post("/api/auth/login", { data: { email: demo.admin.email, password: demo.admin.password } });
  const { access_token: token } = await login.json();
  const headers = { Authorization: `Bearer ${token}` };
  const psps = await (await api.get("/api/psps", { headers })).json();
  const now = Date.now();
  const sender = `+252 65 ${String((now + 17) % 10_000_000).padStart(7, "0")}`;
  const items = [3, 2, 1].map((hoursAgo, i) => ({
    externalId: `E2E-RES-${now}-${i}`,
    amount: "9000.00",
    currency: "USD",
    transferMode: "offline",
    senderNumber: sender,
    receiverNumber: "+252 64 7654321",
    createdAt: new Date(now - hoursAgo * 3_600_000).toISOString().replace(/\.\d+Z$/, "Z"),
    institutionId: psps[0].id as string,
  }));
  const res = await api.post("/api/transactions/batch", { headers, data: items });
  expect(res.status()).toBe(200);
  const { id: txId, transactionId: txNumber } = (await res.json()).results[2] as { id: string; transactionId: string };
  const open = await (await api.get("/api/alerts?status=open", { headers })).json();
  const alert = open.find((a: { relatedTransactionId: string }) => a.relatedTransactionId === txId);
  expect(alert).toBeTruthy();
  await api.dispose();

  await signIn(page, officer.email, officer.password);
  await page.goto("/compliance#alerts");
  const row = page.locator(`[data-testid=compliance-alert][data-alert-id="${alert.id}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId("alert-status")).toHaveText(tr(en, "alerts.status.open"));
  await expect(row).toContainText(alert.title);
  await expect(row.getByTestId("alert-related")).toHaveText(txNumber); // its TXN number, not its id
  await row.getByTestId("alert-resolve").click();
  await expect(row.getByTestId("alert-status")).toHaveText(tr(en, "alerts.status.resolved"));
  await expect(row.getByTestId("alert-resolve")).toHaveCount(0);
  await expect(page.getByText(tr(en, "alerts.resolved")).first()).toBeVisible();
  await expectNoSeriousAxe(page);
});

test("an officer works an alert case and reviews KYC applications", async ({ page }) => {
  await signIn(page, officer.email, officer.password);
  await page.goto("/compliance");
  // The case workflow on an open alert: assign, investigate, note, close as false positive.
  const row = page.locator("[data-testid=compliance-alert][data-status=open]").first();
  const alertId = await row.getAttribute("data-alert-id");
  await row.getByTestId("alert-details").click();
  const dialog = page.getByTestId("alert-detail");
  await expect(dialog.getByTestId("alert-detail-status")).toHaveText(tr(en, "alerts.status.open"));
  await dialog.getByTestId("case-assign").click();
  await expect(dialog.getByTestId("alert-history")).toContainText(tr(en, "alerts.case.actions.assign"));
  await dialog.getByTestId("case-investigate").click();
  await expect(dialog.getByTestId("alert-detail-status")).toHaveText(tr(en, "alerts.status.investigating"));
  await dialog.getByTestId("case-note").click();
  await expect(dialog.getByTestId("alert-case-error")).toHaveText(tr(en, "alerts.case.noteRequired"));
  await dialog.getByTestId("alert-case-note").fill("Customer confirmed the transfers are salary payments.");
  await dialog.getByTestId("case-note").click();
  await expect(dialog.getByTestId("alert-history")).toContainText("salary payments");
  await dialog.getByTestId("alert-case-note").fill("Documented payroll; no suspicion.");
  await dialog.getByTestId("case-outcome").selectOption("false_positive");
  await dialog.getByTestId("case-close").click();
  await expect(dialog.getByTestId("alert-detail-status")).toHaveText(tr(en, "alerts.status.false_positive"));
  await expect(dialog.getByTestId("alert-history").locator("li")).toHaveCount(4);
  await expectNoSeriousAxe(page);
  await dialog.getByRole("button", { name: tr(en, "common.close") }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator(`[data-testid=compliance-alert][data-alert-id="${alertId}"]`)).toHaveAttribute("data-status", "false_positive");

  // KYC review: a rejection needs a reason; approval makes the application compliant.
  const pending = page.locator("[data-testid=kyc-row]").filter({ hasText: tr(en, "kyc.status.under_review") });
  const name = await pending.first().getAttribute("data-name");
  await pending.first().getByTestId("kyc-view").click();
  const kyc = page.getByTestId("kyc-detail");
  await kyc.getByTestId("kyc-reject").click();
  await expect(kyc.getByTestId("kyc-review-error")).toHaveText(tr(en, "kyc.review.reasonRequired"));
  await kyc.getByTestId("kyc-approve").click();
  await expect(kyc).toBeHidden();
  await expect(page.locator(`[data-testid=kyc-row][data-name="${name}"]`).getByTestId("kyc-status")).toHaveText(tr(en, "kyc.status.compliant"));
});
