import { readFileSync } from "node:fs";
import { test, expect, demo, en, expectNoSeriousAxe, signIn, tr } from "./fixtures";

const officer = { email: "officer@kormeer.demo", password: "Officer-demo-2026" };
const psp = { email: "psp@kormeer.demo", password: "Psp-demo-2026" };

test("an admin finds this session's sign-in in the audit trail, filters it, exports it as CSV and verifies the chain", async ({ page }) => {
  await signIn(page, demo.admin.email, demo.admin.password);
  await page.getByTestId("nav-audit").click();
  await expect(page).toHaveURL(/\/audit$/);
  await expect(page.getByRole("heading", { level: 1, name: tr(en, "auditTrail.title") })).toBeVisible();

  // The newest sign-in is this one: the admin, from this browser.
  const signInRow = page.locator('[data-testid=audit-row][data-action="auth.login"]').first();
  await expect(signInRow.getByTestId("audit-actor")).toContainText(demo.admin.email);
  await expect(signInRow.getByTestId("audit-address")).toHaveText("127.0.0.1");
  await signInRow.getByTestId("audit-row-toggle").click();
  const userAgent = await page.evaluate(() => navigator.userAgent);
  await expect(page.getByTestId("audit-row-details").getByTestId("audit-user-agent")).toHaveText(userAgent);
  await expectNoSeriousAxe(page);

  // Filter by action: the URL keeps it, and every row shown is a sign-in.
  await page.getByTestId("audit-filter-action").fill("auth.login");
  await page.getByTestId("audit-apply").click();
  await expect(page).toHaveURL(/\/audit\?action=auth\.login$/);
  await expect(page.getByTestId("audit-row").first()).toBeVisible();
  const actions = await page.getByTestId("audit-row").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-action")));
  expect(new Set(actions)).toEqual(new Set(["auth.login"]));

  // A reload keeps the filter.
  await page.reload();
  await expect(page.getByTestId("audit-filter-action")).toHaveValue("auth.login");

  // Export with the current filters: a CSV whose header names the columns and whose rows are sign-ins.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("audit-export").click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const lines = readFileSync((await download.path())!, "utf8").trim().split(/\r?\n/);
  expect(lines[0]).toBe("seq,at,actorEmail,actorRole,actorInstitution,action,resource,resourceId,details,ipAddress,userAgent,id");
  expect(lines.length).toBeGreaterThan(1);
  for (const line of lines.slice(1)) expect(line).toContain(",auth.login,session,");

  // Verify walks the whole chain and finds it intact.
  await page.getByTestId("audit-verify").click();
  const ok = page.getByTestId("audit-verify-ok");
  await expect(ok).toContainText("intact");
  await expect(ok.getByTestId("audit-verify-head")).toHaveText(/^[0-9a-f]{64}$/);
  await expectNoSeriousAxe(page);

  // The export itself is on record.
  await page.getByTestId("audit-clear").click();
  await expect(page).toHaveURL(/\/audit$/);
  await expect(page.locator('[data-testid=audit-row][data-action="audit.export"]').first()).toBeVisible();
});

test("on a phone the filters fold away and stack, and the table scrolls inside its region, not the page", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, demo.admin.email, demo.admin.password);
  await page.goto("/audit");
  await expect(page.getByTestId("audit-row").first()).toBeVisible();
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    region: document.querySelector('[data-testid="audit-table"]')!.parentElement!.scrollWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(375);
  expect(widths.region).toBeGreaterThan(375);
  await expect(page.getByTestId("audit-filter-actor")).toBeHidden();
  await page.getByTestId("audit-filters-toggle").click();
  await expect(page.getByTestId("audit-filter-actor")).toBeVisible();
  const [actor, action] = await Promise.all([
    page.getByTestId("audit-filter-actor").boundingBox(),
    page.getByTestId("audit-filter-action").boundingBox(),
  ]);
  expect(action!.y).toBeGreaterThan(actor!.y);
});

test("an officer reads the trail without Verify; PSP staff neither see nor open it", async ({ page, browser, baseURL }) => {
  await signIn(page, officer.email, officer.password);
  await page.getByTestId("nav-audit").click();
  await expect(page.getByTestId("audit-row").first()).toBeVisible();
  await expect(page.getByTestId("audit-verify")).toHaveCount(0);

  const context = await browser.newContext({ baseURL });
  const staff = await context.newPage();
  await signIn(staff, psp.email, psp.password);
  await expect(staff.getByTestId("nav-audit")).toHaveCount(0);
  await staff.goto("/audit");
  await expect(staff.getByTestId("audit-not-allowed")).toHaveText(tr(en, "auditTrail.notAllowed"));
  // The server refuses too, whatever the screen shows.
  expect((await staff.request.get("/api/audit")).status()).toBe(403);
  await context.close();
});
