import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Alert, AlertSummary, CurrentUser } from "@/api/types";
import { AlertQueuePage } from "@/features/compliance/AlertQueuePage";
import { caseClock } from "@/features/compliance/alertDisplay";
import { spanParts } from "@/lib/format";
import { DEFAULT_QUEUE_VIEW, queueSearch, queueViewFromSearch } from "@/features/compliance/alertsQueue";
import { renderWithProviders, routeFetch, sentRequest, calledPath } from "@/test/render";
import { makeUser } from "@/test/fixtures";

const officer: CurrentUser = makeUser({ id: "o1", role: "cbsl_officer" });
const pspAdmin: CurrentUser = makeUser({ id: "p1", role: "psp_admin", institution: "psp-1" });
const HOUR = 3_600_000;

const alert = (id: string, over: Partial<Alert> = {}): Alert => ({
  id,
  kind: "aml",
  title: `Alert ${id}`,
  description: `Description ${id}`,
  message: "",
  severity: "critical",
  status: "open",
  alertType: "aml",
  triggerRule: "large_value",
  amount: "9000.00",
  currency: "USD",
  institutionId: "psp-1",
  relatedTransactionId: null,
  relatedTransactionNumber: null,
  code: null,
  params: null,
  institutionName: null,
  institutionKind: null,
  isRead: false,
  assignedTo: null,
  resolvedBy: null,
  resolution: null,
  resolvedAt: null,
  createdAt: new Date(Date.now() - 30 * HOUR).toISOString(),
  dueAt: new Date(Date.now() - 6 * HOUR).toISOString(),
  overdue: true,
  ...over,
});

const summary: AlertSummary = {
  byStatus: { open: 12, investigating: 3, resolved: 40, false_positive: 5 },
  total: 60,
  overdue: 4,
  deadlineHours: { critical: 24, high: 72, medium: 168, low: 720 },
};

afterEach(() => vi.unstubAllGlobals());

describe("the queue's view in the address", () => {
  it("opens on the open cases, most severe first, and writes only what differs", () => {
    expect(queueViewFromSearch(new URLSearchParams(""))).toEqual(DEFAULT_QUEUE_VIEW);
    const view = queueViewFromSearch(new URLSearchParams("status=all&severity=high&assignee=me&age=7d&sort=oldest&overdue=true&kind=all"));
    expect(view).toEqual({ ...DEFAULT_QUEUE_VIEW, status: "all", severity: "high", assignee: "me", age: "7d", sort: "oldest", overdue: true, kind: "all" });
    expect(queueSearch(view, "a-9").toString()).toBe("status=all&severity=high&assignee=me&age=7d&sort=oldest&kind=all&overdue=true&alert=a-9");
    expect(queueViewFromSearch(new URLSearchParams("status=closed&sort=random&age=2y&assignee=x"))).toEqual(DEFAULT_QUEUE_VIEW);
  });

  it("measures an open case against its deadline and leaves closed ones alone", () => {
    const now = Date.parse("2026-11-24T12:00:00Z");
    const base = { createdAt: "2026-11-24T00:00:00Z", dueAt: "2026-11-25T00:00:00Z", overdue: false };
    expect(caseClock({ ...base, status: "open" }, now)).toEqual({ age: 12 * HOUR, left: 12 * HOUR, used: 0.5, overdue: false });
    expect(caseClock({ ...base, status: "investigating" }, now + 18 * HOUR)).toMatchObject({ overdue: true, used: 1, left: -6 * HOUR });
    expect(caseClock({ ...base, status: "open", overdue: true }, now)?.overdue).toBe(true);
    expect(caseClock({ ...base, status: "resolved" }, now)).toBeNull();
    expect(caseClock({ ...base, status: "open", dueAt: null }, now)).toBeNull();
    expect(spanParts(59 * 60_000)).toEqual({ unit: "minutes", count: 59 });
    expect(spanParts(-47 * HOUR)).toEqual({ unit: "hours", count: 47 });
    expect(spanParts(49 * HOUR)).toEqual({ unit: "days", count: 2 });
  });
});

describe("AlertQueuePage", () => {
  it("shows the server's counts, highlights overdue cases, filters on the server and assigns to me", async () => {
    const late = alert("late");
    const fresh = alert("fresh", {
      severity: "high",
      createdAt: new Date(Date.now() - 2 * HOUR).toISOString(),
      dueAt: new Date(Date.now() + 70 * HOUR).toISOString(),
      overdue: false,
    });
    const assigned = { ...late, assignedTo: "o1", history: [{ action: "assign", userId: "o1", fromStatus: "open", toStatus: "open", note: null, createdAt: late.createdAt }] };
    const assign = vi.fn(() => ({ status: 200, body: assigned }));
    const fetch = vi.fn(
      routeFetch({
        "GET /api/alerts?kind=aml&status=open&sort=severity": { status: 200, body: [late, fresh], headers: { "X-Total-Count": "2" } },
        "GET /api/alerts/summary?kind=aml": { status: 200, body: summary },
        "GET /api/alerts?kind=aml&status=open&severity=critical&sort=severity": { status: 200, body: [late], headers: { "X-Total-Count": "1" } },
        "GET /api/alerts/summary?kind=aml&severity=critical": { status: 200, body: { ...summary, total: 7 } },
        "POST /api/alerts/late/actions": assign,
        "GET /api/psps": { status: 200, body: [] },
        "GET /api/mnos": { status: 200, body: [] },
      }),
    );
    vi.stubGlobal("fetch", fetch);
    const { location } = renderWithProviders(<AlertQueuePage user={officer} />, { path: "/compliance/alerts" });

    const rows = await screen.findAllByTestId("compliance-alert");
    expect(rows.map((r) => r.dataset.overdue)).toEqual(["true", "false"]);
    expect(within(rows[0]!).getByTestId("case-clock")).toHaveTextContent("Raised 30 hours ago · overdue by 6 hours");
    expect(within(rows[1]!).getByTestId("case-clock")).toHaveTextContent("Raised 2 hours ago · 2 days left to handle");
    expect(await screen.findByTestId("queue-status-open")).toHaveTextContent("Open (12)");
    expect(screen.getByTestId("queue-status-all")).toHaveTextContent("All (60)");
    expect(screen.getByTestId("queue-overdue")).toHaveTextContent("Overdue (4)");

    fireEvent.change(screen.getByTestId("queue-severity"), { target: { value: "critical" } });
    await waitFor(() => expect(location.history?.at(-1)).toBe("/compliance/alerts?severity=critical"));
    await waitFor(() => expect(screen.getAllByTestId("compliance-alert")).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId("queue-status-all")).toHaveTextContent("All (7)"));

    fireEvent.click(within(screen.getByTestId("compliance-alert")).getByTestId("alert-assign"));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect((await sentRequest(fetch.mock.calls.find((c) => calledPath(c) === "/api/alerts/late/actions"))).body).toEqual({ action: "assign" });
  });

  it("gives institution staff their alerts read-only, without institution or assignee filters", async () => {
    vi.stubGlobal(
      "fetch",
      routeFetch({
        "GET /api/alerts?kind=aml&status=open&sort=severity": { status: 200, body: [alert("mine")], headers: { "X-Total-Count": "1" } },
        "GET /api/alerts/summary?kind=aml": { status: 200, body: summary },
        "GET /api/psps": { status: 200, body: [] },
        "GET /api/mnos": { status: 200, body: [] },
      }),
    );
    renderWithProviders(<AlertQueuePage user={pspAdmin} />, { path: "/compliance/alerts" });
    const row = await screen.findByTestId("compliance-alert");
    expect(within(row).queryByTestId("alert-assign")).not.toBeInTheDocument();
    expect(within(row).queryByTestId("alert-resolve")).not.toBeInTheDocument();
    expect(screen.queryByTestId("queue-institution")).not.toBeInTheDocument();
    expect(screen.queryByTestId("queue-assignee")).not.toBeInTheDocument();
    expect(screen.getByTestId("queue-age")).toBeInTheDocument();
  });
});
