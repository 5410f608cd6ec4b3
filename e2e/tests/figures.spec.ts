import { test, expect, demo, en, so, tr, signIn, expectNoSeriousAxe } from "./fixtures";

// Figures from the data (issue 16): the landing page's come from the public summary at run time,
// each with its period; the dashboard's cards carry the server's trends and open the list behind them.

test("the landing page shows the public summary's figures with their periods, in English and Somali", async ({ page }) => {
  const summary = await (await page.request.get("/api/public/summary")).json();
  expect(summary.transactions).toBeGreaterThan(0); // the demo data has transactions in the last 30 days
  await page.goto("/");
  const carousel = page.getByTestId("financial-carousel");
  await expect(page.getByTestId("carousel-value").first()).toHaveText(summary.transactions.toLocaleString("en-US"));
  await expect(carousel).toContainText(`the last ${summary.period.days} days (UTC)`);
  for (const fixed of ["$125.7M", "$58,000", "95%", "+12.5%"]) await expect(carousel).not.toContainText(fixed);
  await page.getByTestId("carousel-dot-3").click();
  await expect(page.getByTestId("carousel-value").first()).toHaveText(String(summary.licensedInstitutions.total));
  await expectNoSeriousAxe(page);

  await page.evaluate(() => localStorage.setItem("kormeer-language", "so"));
  await page.reload();
  await expect(page.getByTestId("financial-carousel")).toContainText(tr(so, "carousel.slides.transactions.title"));
  await expect(page.getByTestId("financial-carousel")).toContainText(`${summary.period.days}-kii maalmood`);
});

test("a dashboard card opens the transactions of its month, and its figure is the list's count", async ({ page }) => {
  await signIn(page, demo.admin.email, demo.admin.password);
  const metrics = await (await page.request.get("/api/metrics")).json(); // the national figures are regulators' only
  const card = page.getByTestId("metric-monthTransactions");
  await expect(card.getByTestId("metric-value")).toHaveText(metrics.month.transactions.toLocaleString("en-US"));
  if (metrics.trends.transactions === null) {
    await expect(card.getByTestId("metric-trend")).toHaveAttribute("data-trend", "none");
  } else {
    await expect(card.getByTestId("metric-trend")).toHaveAttribute("data-trend", String(metrics.trends.transactions));
  }
  await expect(page.getByTestId("metric-kycApprovalRate")).toContainText(tr(en, "dashboard.metrics.kycApprovalRate"));
  await expectNoSeriousAxe(page);
  await page.getByTestId("metric-link-monthTransactions").click();
  await expect(page).toHaveURL(new RegExp(`/transactions\\?dateFrom=${metrics.month.from}&dateTo=${metrics.month.to}$`));
  const n = metrics.month.transactions;
  await expect(page.getByTestId("tx-count")).toHaveText(new RegExp(`^${n > 1000 ? "1,000\\+" : n.toLocaleString("en-US")} `));

  // The card's high-risk count opens the same days' high-risk transactions, as many as it says.
  await page.goto("/");
  await page.getByTestId("metric-highRisk").click();
  await expect(page).toHaveURL(/highRisk=true$/);
  await expect(page.getByTestId("tx-risk")).toHaveValue("true");
  await expect(page.getByTestId("tx-count")).toHaveText(new RegExp(`^${metrics.month.highRisk.toLocaleString("en-US")} `));
});
