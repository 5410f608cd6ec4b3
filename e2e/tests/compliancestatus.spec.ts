import { test, expect, en, tr, signIn, expectNoSeriousAxe } from "./fixtures";

const officer = { email: "officer@kormeer.demo", password: "Officer-demo-2026" };

// A regulator changes a PSP's compliance status with a reason (refused without one), sees the
// status, reason and history on the registry, the public register shows the new status (never
// the reason), and the PSP's staff are e-mailed.
test("a regulator changes an institution's compliance status with a reason", async ({ page, browser, portal }) => {
  await signIn(page, officer.email, officer.password);
  await page.goto("/psps");
  const row = page.locator('[data-testid="registry-row"][data-name="Premium-Wallet"]');
  await expect(row.getByTestId("compliance-status")).toHaveText(tr(en, "registry.compliance.compliant"));
  await expect(page.getByTestId("registry-count")).toBeVisible();

  await row.getByTestId("compliance-open").click();
  const dialog = page.getByTestId("compliance-dialog");
  await expect(dialog).toBeVisible();
  await expectNoSeriousAxe(page);

  // No reason: refused in the form, and nothing reaches the server.
  let patched = 0;
  page.on("request", (r) => {
    if (r.method() === "PATCH" && r.url().includes("/compliance")) patched++;
  });
  await dialog.getByTestId("compliance-status-select").selectOption("non_compliant");
  await dialog.getByTestId("compliance-submit").click();
  await expect(dialog.getByText(tr(en, "registry.dialog.reasonRequired"))).toBeVisible();
  expect(patched).toBe(0);

  const reason = `Critical alerts left unhandled ${Date.now() % 100_000}`;
  await dialog.getByTestId("compliance-reason").fill(reason);
  await dialog.getByTestId("compliance-submit").click();
  await expect(dialog.getByTestId("compliance-history-item").first()).toContainText(reason);
  await expect(dialog.getByTestId("compliance-current")).toContainText(tr(en, "registry.compliance.non_compliant"));
  await page.keyboard.press("Escape");

  await expect(row.getByTestId("compliance-status")).toHaveText(tr(en, "registry.compliance.non_compliant"));
  await expect(row.getByTestId("compliance-reason-text")).toHaveText(reason);

  // The public register, read by someone not signed in.
  const visitor = await browser.newPage({ baseURL: portal.url });
  await visitor.goto("/");
  const pub = visitor.locator('[data-testid="public-register-row"][data-name="Premium-Wallet"]');
  await expect(pub.getByTestId("public-register-compliance").filter({ visible: true })).toHaveText(
    tr(en, "registry.compliance.non_compliant"),
  );
  await expect(visitor.getByTestId("public-register")).not.toContainText(reason);
  await visitor.close();

  // The PSP's staff hear of it.
  await portal.mailbox.find("psp@kormeer.demo", new RegExp(`Reason: ${reason}`));
});
