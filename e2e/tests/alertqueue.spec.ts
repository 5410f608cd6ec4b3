import { test, expect, en, tr, signIn, expectNoSeriousAxe } from "./fixtures";

const officer = { email: "officer@kormeer.demo", password: "Officer-demo-2026" };

type Summary = { byStatus: Record<string, number>; total: number; overdue: number };

// The investigators' queue (issue 16, part 3): reached from the sidebar, it shows the server's
// counts per status, filters on the server with the view kept in the address, takes a case with
// "Assign to me" from the list, and opens the case with its history and handling deadline.
test("an officer filters the alert queue, assigns a case to herself and opens its history", async ({ page, context }) => {
  await context.grantPermissions(["notifications"]);
  await signIn(page, officer.email, officer.password);
  await page.getByRole("link", { name: tr(en, "nav.alertQueue") }).first().click();
  await expect(page).toHaveURL(/\/compliance\/alerts$/);
  await expect(page.getByRole("heading", { level: 1, name: tr(en, "alerts.queue.title") })).toBeVisible();
  // Notifications are already allowed in this browser, so the header says so instead of asking.
  await expect(page.getByTestId("desktop-alerts-state")).toContainText("Desktop alerts are on");

  const summary = async (query: string): Promise<Summary> => {
    const res = await page.request.get(`/api/alerts/summary?${query}`);
    expect(res.status()).toBe(200);
    return res.json();
  };
  const all = await summary("kind=aml");
  expect(all.byStatus.open).toBeGreaterThan(0);
  await expect(page.getByTestId("queue-status-open")).toContainText(`(${all.byStatus.open})`);
  await expect(page.getByTestId("queue-status-all")).toContainText(`(${all.total})`);
  await expect(page.getByTestId("queue-overdue")).toContainText(`(${all.overdue})`);

  // Severity on the server: the critical open cases only, each with its clock.
  const critical = await summary("kind=aml&severity=critical");
  expect(critical.byStatus.open).toBeGreaterThan(0);
  await page.getByTestId("queue-severity").selectOption("critical");
  await expect(page).toHaveURL(/severity=critical/);
  const rows = page.getByTestId("compliance-alert");
  await expect(rows).toHaveCount(Math.min(critical.byStatus.open, 50));
  for (const badge of await rows.getByTestId("alert-severity").all()) await expect(badge).toHaveText("Critical");
  await expect(rows.first().getByTestId("case-clock")).toContainText(/left to handle|overdue by/);

  // Assign to me from the list; the "Me" filter then finds it, and survives a reload.
  const first = rows.first();
  const id = await first.getAttribute("data-alert-id");
  await first.getByTestId("alert-assign").click();
  await expect(page.getByText(tr(en, "alerts.case.done.assign")).first()).toBeVisible();
  const mine = page.locator(`[data-testid="compliance-alert"][data-alert-id="${id}"]`);
  await expect(mine.getByTestId("alert-mine")).toBeVisible();
  await expect(mine.getByTestId("alert-assign")).toHaveCount(0);
  await page.getByTestId("queue-assignee").selectOption("me");
  await expect(page).toHaveURL(/assignee=me/);
  await page.reload();
  await expect(page.getByTestId("queue-assignee")).toHaveValue("me");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-alert-id", id!);

  // The case: its deadline and the assignment in its history; the address names it.
  await rows.first().getByTestId("alert-details").click();
  const dialog = page.getByTestId("alert-detail");
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`alert=${id}`));
  await expect(dialog).toContainText(tr(en, "alerts.case.fields.dueAt"));
  await expect(dialog.getByTestId("alert-history")).toContainText(tr(en, "alerts.case.actions.assign"));
  await expectNoSeriousAxe(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/alert=/);

  // Back to every status: the tabs still add up to the server's total.
  await page.getByTestId("queue-status-all").click();
  await expect(page).toHaveURL(/status=all/);
  await expectNoSeriousAxe(page);
});
