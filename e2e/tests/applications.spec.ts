import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { deflateSync } from "node:zlib";
import { test, expect, demo, en, tr } from "./fixtures";

/** A valid w×h RGB PNG, built here so the test needs no fixture file. */
function png(w = 8, h = 8): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(w * 3, 0x0f)]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function signIn(page: Page, email: string, password: string, next = "/") {
  await page.goto(`/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel(tr(en, "login.email")).fill(email);
  await page.getByLabel(tr(en, "login.password")).fill(password);
  await page.getByRole("button", { name: tr(en, "login.submit") }).click();
  await expect(page.getByTestId("logout-button")).toBeVisible();
}

/** A page in its own browser context (its own cookies), in English. */
async function freshPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(() => localStorage.setItem("kormeer-language", "en"));
  return context.newPage();
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("e2e-init")) {
      localStorage.setItem("kormeer-language", "en");
      sessionStorage.setItem("e2e-init", "1");
    }
  });
});

test("a new applicant applies with a logo, an admin approves, the licence is issued", async ({ page, browser, baseURL, portal }) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const name = `Hodan Pay ${stamp}`;
  const license = `E2E-${stamp}`;

  // Signed out: the landing page's Apply for License leads to /apply, which first asks for an account.
  await page.goto("/");
  await page.getByTestId("apply-button").click();
  await expect(page).toHaveURL(/\/apply$/);
  await expect(page.getByRole("heading", { name: tr(en, "apply.account.title") })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel(tr(en, "apply.account.firstName")).fill("Hodan");
  await page.getByLabel(tr(en, "apply.account.lastName")).fill("Jama");
  const email = `hodan.${stamp.toLowerCase()}@example.so`;
  await page.getByLabel(tr(en, "apply.account.email")).fill(email);
  await page.getByLabel(tr(en, "apply.account.password")).fill("short");
  await page.getByTestId("account-submit").click();
  await expect(page.getByText(tr(en, "apply.account.passwordShort"))).toBeVisible();
  await page.getByLabel(tr(en, "apply.account.password")).fill("Hodan-applies-2026");
  await page.getByTestId("account-submit").click();

  // Registration creates nothing yet: the address must be confirmed through the e-mailed link.
  await expect(page.getByTestId("account-check-email")).toContainText(email);
  const [link] = await portal.mailbox.find(email, /http:\/\/\S+\/confirm-email#token=[\w-]+/);
  await page.goto(link);
  await expect(page.getByTestId("confirm-email")).toHaveAttribute("data-state", "done");
  await expectNoSeriousA11yViolations(page);
  await page.getByTestId("confirm-sign-in").click();
  await page.getByLabel(tr(en, "login.email")).fill(email);
  await page.getByLabel(tr(en, "login.password")).fill("Hodan-applies-2026");
  await page.getByRole("button", { name: tr(en, "login.submit") }).click();

  // Now signed in as a citizen, on the same page: the story wizard.
  await expect(page.getByTestId("user-role")).toHaveText(tr(en, "roles.citizen"));
  const tour = page.getByTestId("onboarding-tour");
  await expect(tour.getByTestId("tour-step-counter")).toHaveText("Step 1 of 8");
  await expect(tour.getByTestId("tour-previous")).toBeDisabled();
  for (let i = 0; i < 3; i++) await tour.getByTestId("tour-next").click();
  await expect(tour.getByTestId("tour-step-counter")).toHaveText("Step 4 of 8");
  await expect(tour.getByTestId("tour-next")).toHaveCount(0);
  await tour.getByTestId("tour-role-psp").click();
  await expect(tour.getByTestId("tour-step-counter")).toHaveText("Step 5 of 8");
  await tour.getByTestId("tour-dot-7").click();
  await tour.getByTestId("tour-begin").click();

  // The form, prefilled from the wizard, with the welcome message and the next steps.
  await expect(page.getByTestId("apply-welcome")).toHaveText("Welcome, Payment Service Provider! Complete your institution application below.");
  await expect(page.getByTestId("next-steps")).toContainText("5–10 business days");
  await expect(page.getByTestId("type-psp")).toBeChecked();

  // Required fields are checked in the browser.
  await page.getByTestId("application-submit").click();
  await expect(page.getByText(tr(en, "validation.institutionName.required"))).toBeVisible();
  await expect(page.getByText(tr(en, "validation.contactEmail.required"))).toBeVisible();

  await page.getByLabel(tr(en, "apply.form.institutionName")).fill(name);
  await page.getByLabel(tr(en, "apply.form.licenseNumber")).fill(license);
  await page.getByLabel(tr(en, "apply.form.contactPerson")).fill("Hodan Jama");
  await page.getByLabel(tr(en, "apply.form.contactEmail")).fill("licensing@hodanpay.so");
  await page.getByLabel(tr(en, "apply.form.contactPhone")).fill("+252 63 4123456");
  await page.getByLabel(tr(en, "apply.form.address")).fill("Road 26 June, Hargeisa");
  await page.getByLabel(tr(en, "apply.form.website")).fill("https://hodanpay.so");
  await page.getByLabel(tr(en, "apply.form.description")).fill("Merchant QR payments.");
  await page.getByTestId("logo-input").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png(32, 32) });
  await expect(page.getByTestId("logo-success")).toHaveText(tr(en, "apply.logo.uploaded"));
  await expect(page.getByTestId("logo-preview")).toHaveAttribute("src", /^\/objects\/logos\//);
  await expectNoSeriousA11yViolations(page);

  const submitted = page.waitForRequest((r) => r.url().endsWith("/api/institution-applications") && r.method() === "POST");
  await page.getByTestId("application-submit").click();
  const body = (await submitted).postDataJSON();
  expect(body).not.toHaveProperty("website");
  expect(body).toMatchObject({ institutionType: "psp", status: "pending", businessDescription: "Merchant QR payments." });
  await expect(page.getByText(tr(en, "apply.submitted")).first()).toBeVisible();
  // The form is reset and the logo cleared.
  await expect(page.getByLabel(tr(en, "apply.form.institutionName"))).toHaveValue("");
  await expect(page.getByTestId("logo-preview")).toHaveCount(0);

  // My applications: pending, with the promised review time.
  await page.getByRole("link", { name: tr(en, "apply.viewMine") }).click();
  const mine = page.getByTestId("my-application").filter({ hasText: name });
  await expect(mine.getByTestId("status-badge")).toHaveText("Pending");
  await expect(mine).toContainText(tr(en, "applications.mine.reviewTime"));
  await expectNoSeriousA11yViolations(page);

  // A regulator approves it, in another browser context.
  const admin = await freshPage(browser, baseURL);
  await signIn(admin, demo.admin.email, demo.admin.password, "/applications");
  const row = admin.getByTestId("application-row").filter({ hasText: name });
  await expect(row.getByTestId("status-badge")).toHaveText("Pending");
  await expectNoSeriousA11yViolations(admin);
  await row.getByTestId("view-application").click();
  const detail = admin.getByTestId("application-detail");
  await expect(detail).toContainText(license);
  await expect(detail.getByTestId("detail-logo")).toBeVisible();
  await admin.keyboard.press("Escape");
  await row.getByTestId("approve-application").click();
  await admin.getByTestId("review-notes").fill("  Documents verified.  ");
  await admin.getByTestId("review-confirm").click();
  await expect(admin.getByText(tr(en, "applications.approved")).first()).toBeVisible();
  await expect(row.getByTestId("status-badge")).toHaveText("Approved");
  await expect(row.getByTestId("approve-application")).toHaveCount(0);

  // The applicant's account now administers the new PSP.
  await page.reload();
  await expect(page.getByTestId("user-role")).toHaveText(tr(en, "roles.psp_admin"));
  await expect(mine.getByTestId("status-badge")).toHaveText("Approved");
  await expect(mine).toContainText("Documents verified.");

  // The institution is in the PSP registry (as the admin sees it) ...
  await admin.getByTestId("nav-psp-registry").click();
  await admin.getByTestId("registry-search").fill(stamp);
  const entry = admin.getByTestId("registry-row").filter({ hasText: name });
  await expect(entry).toContainText(license);
  await expect(entry.getByTestId("license-status")).toHaveText("Active");
  await expectNoSeriousA11yViolations(admin);

  // ... and on the landing page's public register, for anyone.
  const visitor = await freshPage(browser, baseURL);
  await visitor.goto("/");
  await expect(visitor.getByTestId("public-register-row").filter({ hasText: name })).toContainText(license);
  await admin.context().close();
  await visitor.context().close();
});

test("rejecting without a reason is refused in the dialog and by the API", async ({ page }) => {
  await signIn(page, demo.admin.email, demo.admin.password, "/applications");
  const list = (await (await page.request.get("/api/institution-applications")).json()) as { id: string; institutionName: string; status: string }[];
  const pending = list.find((a) => a.status === "pending");
  expect(pending).toBeTruthy();
  const row = page.getByTestId("application-row").filter({ hasText: pending!.institutionName });
  await row.getByTestId("reject-application").click();
  const dialog = page.getByTestId("reject-dialog");
  await dialog.getByTestId("review-notes").fill("   ");
  await dialog.getByTestId("review-confirm").click();
  await expect(dialog.getByTestId("review-error")).toHaveText(tr(en, "applications.rejectDialog.reasonRequired"));
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const res = await page.request.post(`/api/institution-applications/${pending!.id}/reject`, { data: {} });
  expect(res.status()).toBe(400);
  expect((await res.json()).message).toBe("A reason must be provided to reject an application.");
  await page.keyboard.press("Escape");
  await expect(row.getByTestId("status-badge")).toHaveText("Pending");
});

test("an SVG logo and a 6 MB file are refused with a message", async ({ page }) => {
  await signIn(page, "citizen@kormeer.demo", "Citizen-demo-2026", "/apply");
  await page.getByTestId("tour-skip").click();
  await expect(page.getByTestId("apply-welcome")).toHaveText(tr(en, "apply.letsStart"));

  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  await page.getByTestId("logo-input").setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: svg });
  await expect(page.getByTestId("logo-error")).toContainText(tr(en, "apply.logo.badType"));
  await expect(page.getByTestId("logo-preview")).toHaveCount(0);

  const big = Buffer.concat([png(), Buffer.alloc(6 * 1024 * 1024)]);
  await page.getByTestId("logo-input").setInputFiles({ name: "big.png", mimeType: "image/png", buffer: big });
  await expect(page.getByTestId("logo-error")).toContainText(tr(en, "apply.logo.tooLarge"));
  await expect(page.getByTestId("logo-preview")).toHaveCount(0);

  // The server refuses the same, whatever the browser claims.
  const upload = await (await page.request.post("/api/objects/upload")).json();
  const put = await page.request.put(upload.uploadURL, { data: svg, headers: { "Content-Type": "image/png" } });
  expect(put.status()).toBe(415);
  expect((await put.json()).message).toMatch(/SVG is not accepted/);
});

test("the tour: full screen at /onboarding leads to /apply, and the dashboard overlay ends with a welcome", async ({ page }) => {
  await page.goto("/");
  await page.getByTestId("tour-button").click();
  await expect(page).toHaveURL(/\/onboarding$/);
  const tour = page.getByTestId("onboarding-tour");
  await expect(tour.getByTestId("tour-step-counter")).toHaveText("Step 1 of 8");
  await expect(tour.getByTestId("tour-previous")).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await tour.getByTestId("tour-dot-3").click();
  await tour.getByTestId("tour-role-mno").click();
  await expect(tour.getByTestId("tour-step-counter")).toHaveText("Step 5 of 8");
  await tour.getByTestId("tour-dot-7").click();
  await tour.getByTestId("tour-begin").click();
  await expect(page).toHaveURL(/\/apply\?type=mno$/);
  await expect(page.getByTestId("account-card")).toBeVisible();

  await signIn(page, demo.admin.email, demo.admin.password);
  await page.getByTestId("platform-tour-button").click();
  const overlay = page.getByTestId("tour-overlay");
  await expect(overlay.getByTestId("tour-step-counter")).toHaveText("Step 1 of 8");
  await expectNoSeriousA11yViolations(page);
  await overlay.getByTestId("tour-dot-7").click();
  await overlay.getByTestId("tour-begin").click();
  await expect(overlay).toHaveCount(0);
  await expect(page.getByText(tr(en, "tour.completeDescription"), { exact: true })).toBeVisible();
  await expect(page.getByText(tr(en, "tour.completeTitle"), { exact: true })).toBeVisible();
});

test("a regulator suspends and reinstates a licence, giving a reason", async ({ page }) => {
  await signIn(page, demo.admin.email, demo.admin.password, "/psps");
  const row = page.getByTestId("registry-row").first();
  const name = (await row.getAttribute("data-name"))!;
  const target = page.getByTestId("registry-row").filter({ hasText: name });
  await expect(target.getByTestId("license-status")).toHaveText("Active");
  await expect(target.getByTestId("license-reinstate")).toHaveCount(0);
  await target.getByTestId("license-suspend").click();
  const dialog = page.getByTestId("license-dialog");
  await dialog.getByTestId("license-confirm").click();
  await expect(dialog.getByRole("alert")).toHaveText(tr(en, "registry.dialog.reasonRequired"));
  await dialog.getByTestId("license-reason").fill("Late AML/CFT report");
  await dialog.getByTestId("license-confirm").click();
  await expect(page.getByText(tr(en, "registry.done.suspend")).first()).toBeVisible();
  await expect(target.getByTestId("license-status")).toHaveText("Suspended");
  await expect(target).toContainText("Late AML/CFT report");

  await page.getByTestId("registry-status").selectOption("suspended");
  await expect(page.getByTestId("registry-row")).toHaveCount(1);
  await target.getByTestId("license-reinstate").click();
  await dialog.getByTestId("license-reason").fill("Report received");
  await dialog.getByTestId("license-confirm").click();
  await expect(page.getByText(tr(en, "registry.done.reinstate")).first()).toBeVisible();
  await expect(page.getByTestId("registry-table")).toContainText(tr(en, "registry.empty"));
  await page.getByTestId("registry-status").selectOption("");
  await expect(target.getByTestId("license-status")).toHaveText("Active");
  await expectNoSeriousA11yViolations(page);
});
