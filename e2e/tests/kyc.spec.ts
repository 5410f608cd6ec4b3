import { test, expect, demo, en, so, tr, signIn, expectNoSeriousAxe } from "./fixtures";

// /kyc (issue 16, part 4): a regulator filters the KYC applications on the server, opens one,
// rejects it with a reason and finds it under the rejected filter with the reviewer's name.
test("KYC management: filter, open, reject with a reason, find it among the rejected", async ({ page }) => {
  await signIn(page, demo.admin.email, demo.admin.password);
  // A fresh applicant who declares PEP status: high risk by the rule (docs/DECISIONS.md, "KYC risk").
  const name = `Hodan Kyc ${Date.now() % 100_000}`;
  const created = await page.request.post("/api/kyc", {
    data: {
      fullName: name, nationalId: `SL${Date.now() % 100_000_000}`, phoneNumber: "+252 63 4999001", email: "hodan.kyc@mail.so",
      address: "Jigjiga Yar, Hargeisa", documentType: "passport", documentNumber: `P${Date.now() % 10_000_000}`, pep: true,
    },
  });
  expect(created.status()).toBe(201);
  expect((await created.json()).risk).toBe("high");

  await page.getByRole("link", { name: tr(en, "nav.kyc") }).first().click();
  await expect(page).toHaveURL(/\/kyc$/);
  await expect(page.getByRole("heading", { level: 1, name: tr(en, "nav.kyc") })).toBeVisible();
  await expect(page.getByTestId("kyc-row").first()).toBeVisible();
  await expect(page.getByTestId("kyc-standing-scope")).toHaveText(tr(en, "kycPage.standing.all"));
  await expectNoSeriousAxe(page);

  // Server filters: high risk, under review, and the name; every row shown is high risk.
  await page.getByTestId("kyc-filter-risk").selectOption("high");
  await page.getByTestId("kyc-filter-status").selectOption("under_review");
  await expect(page).toHaveURL(/risk=high/);
  await expect(page.getByTestId("kyc-risk").first()).toBeVisible();
  for (const badge of await page.getByTestId("kyc-risk").all()) await expect(badge).toHaveText(tr(en, "kyc.risk.high"));
  await page.getByTestId("kyc-search").fill(name);
  const row = page.locator(`[data-testid=kyc-row][data-name="${name}"]`);
  await expect(page.getByTestId("kyc-row")).toHaveCount(1);
  await expect(row.getByTestId("kyc-status")).toHaveText(tr(en, "kyc.status.under_review"));

  // The detail; rejecting without a reason is refused in the dialog, with one it is recorded.
  await row.getByTestId("kyc-view").click();
  const detail = page.getByTestId("kyc-detail");
  await expect(detail.getByTestId("kyc-detail-risk")).toHaveText(tr(en, "kyc.risk.high"));
  await expect(detail).toContainText(tr(en, "kyc.detail.yes"));
  await detail.getByTestId("kyc-reject").click();
  await expect(detail.getByTestId("kyc-review-error")).toHaveText(tr(en, "kyc.review.reasonRequired"));
  await expect(detail).toBeVisible();
  await detail.getByTestId("kyc-review-notes").fill("Declared PEP without a source of funds.");
  await detail.getByTestId("kyc-reject").click();
  await expect(detail).toBeHidden();
  // Still filtered on "under review", it has left the list.
  await expect(page.getByTestId("kyc-row")).toHaveCount(0);

  // Under the rejected filter, with who decided and why.
  await page.getByTestId("kyc-filter-status").selectOption("non_compliant");
  await expect(row.getByTestId("kyc-status")).toHaveText(tr(en, "kyc.status.non_compliant"));
  await row.getByTestId("kyc-view").click();
  await expect(detail).toContainText(demo.admin.name);
  await expect(detail).toContainText("Declared PEP without a source of funds.");
  await expect(detail.getByTestId("kyc-reject")).toHaveCount(0);
  await detail.getByRole("button", { name: tr(en, "common.close") }).click();
  await expect(detail).toBeHidden();

  // One institution's standing comes from the server and names the institution.
  await page.getByTestId("kyc-clear").click();
  await expect(page).toHaveURL(/\/kyc$/);
  const institution = page.getByTestId("kyc-filter-institution");
  const option = institution.locator("option").nth(1);
  const label = (await option.textContent()) ?? "";
  await institution.selectOption({ index: 1 });
  await expect(page.getByTestId("kyc-standing-scope")).toHaveText(label);
  await expect(page).toHaveURL(/institution=/);
  await expectNoSeriousAxe(page);
});

test("KYC management in Somali on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.addInitScript(() => localStorage.setItem("kormeer-language", "so"));
  await signIn(page, demo.admin.email, demo.admin.password);
  await page.goto("/kyc");
  await expect(page.getByRole("heading", { level: 1, name: tr(so, "nav.kyc") })).toBeVisible();
  await expect(page.getByTestId("kyc-row").first()).toBeVisible();
  await expect(page.getByTestId("kyc-standing")).toContainText(tr(so, "kycPage.standing.title"));
  // Nothing runs past the screen's edge.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousAxe(page);
});
