import { screen, waitFor, within, fireEvent } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CurrentUser } from "@/api/types";
import { DashboardPage } from "@/features/dashboard/DashboardPage";
import { renderWithProviders, routeFetch } from "@/test/render";

const admin: CurrentUser = { id: "u1", role: "cbsl_admin", firstName: "Amina", lastName: "Warsame" };
const guest: CurrentUser = { id: "g1", role: "citizen", isGuest: true, guestUnitsRemaining: 10 };

const alert = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  kind: "system",
  title: `Alert ${id}`,
  description: null,
  message: `Message ${id}`,
  severity: "medium",
  status: "open",
  alertType: "info",
  isRead: false,
  createdAt: "2026-11-20T09:30:00Z",
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe("DashboardPage", () => {
  it("shows 4 metric, 3 alert and 5 transaction skeletons while loading", () => {
    vi.stubGlobal("fetch", vi.fn(() => new Promise(() => {})));
    renderWithProviders(<DashboardPage user={admin} />);
    expect(screen.getAllByTestId("metric-skeleton")).toHaveLength(4);
    expect(screen.getAllByTestId("alert-skeleton")).toHaveLength(3);
    expect(screen.getAllByTestId("recent-skeleton")).toHaveLength(5);
  });

  it("shows the metrics with their fixed captions and the empty states", async () => {
    vi.stubGlobal(
      "fetch",
      routeFetch({
        "GET /api/metrics": { status: 200, body: { totalTransactions: 3000, transactionVolume: "$2.8M", activePsps: 4, complianceScore: 43 } },
        "GET /api/alerts?limit=6": { status: 200, body: [], headers: { "X-Total-Count": "0" } },
        "GET /api/transactions?limit=5": { status: 200, body: [] },
      }),
    );
    renderWithProviders(<DashboardPage user={admin} />);
    expect(await screen.findByText("No alerts at this time")).toBeInTheDocument();
    expect(await screen.findByText("No transactions found")).toBeInTheDocument();
    const total = await screen.findByTestId("metric-totalTransactions");
    expect(total).toHaveTextContent("3,000");
    expect(total).toHaveTextContent("+12.5% from last month");
    expect(screen.getByTestId("metric-transactionVolume")).toHaveTextContent("$2.8M+8.3% from last month");
    expect(screen.getByTestId("metric-activePsps")).toHaveTextContent("4No change");
    expect(screen.getByTestId("metric-complianceScore")).toHaveTextContent("43%+2.1% from last month");
    expect(screen.getByTestId("generate-report-button")).toBeInTheDocument();
  });

  it("lists alerts by level with dismiss only for unread ones, and transactions with badges", async () => {
    const read = vi.fn(() => ({ status: 204 }));
    vi.stubGlobal(
      "fetch",
      routeFetch({
        "GET /api/metrics": { status: 200, body: {} },
        "GET /api/alerts?limit=6": {
          status: 200,
          body: [alert("a1", { alertType: "critical" }), alert("a2", { alertType: "warning", isRead: true }), alert("a3")],
          headers: { "X-Total-Count": "3" },
        },
        "PATCH /api/alerts/a1/read": read,
        "GET /api/transactions?limit=5": {
          status: 200,
          body: [
            { id: "t1", transactionId: "TXN-1", senderInstitution: null, amount: "10.00", currency: "USD", status: "rejected", createdAt: "2026-11-20T09:30:00Z" },
            { id: "t2", transactionId: "TXN-2", senderInstitution: "Zaad", amount: "20.00", currency: "USD", status: "completed", createdAt: "2026-11-20T09:30:00Z" },
          ],
        },
      }),
    );
    renderWithProviders(<DashboardPage user={admin} />);
    const items = await screen.findAllByTestId("dashboard-alert");
    expect(items.map((i) => i.getAttribute("data-level"))).toEqual(["critical", "warning", "info"]);
    expect(within(items[0]!).getByTestId("alert-dismiss")).toBeInTheDocument();
    expect(within(items[1]!).queryByTestId("alert-dismiss")).not.toBeInTheDocument();
    expect(items[0]).toHaveTextContent("Message a1");
    expect(screen.queryByRole("link", { name: /View all/ })).not.toBeInTheDocument();
    fireEvent.click(within(items[0]!).getByTestId("alert-dismiss"));
    await waitFor(() => expect(read).toHaveBeenCalled());
    await waitFor(() => expect(within(screen.getAllByTestId("dashboard-alert")[0]!).queryByTestId("alert-dismiss")).not.toBeInTheDocument());

    const rows = await screen.findAllByTestId("recent-row");
    expect(rows[0]).toHaveTextContent("N/A");
    expect(within(rows[0]!).getByTestId("recent-status").className).toContain("bg-destructive");
    expect(within(rows[1]!).getByTestId("recent-status").className).not.toContain("bg-");
    expect(within(rows[1]!).getByRole("link", { name: /TXN-2/ })).toHaveAttribute("href", "/transactions?id=t2");
  });

  it("guests: no Generate Report, no alerts, transactions only on request", async () => {
    const fetch = vi.fn(routeFetch({ "GET /api/metrics": { status: 200, body: {} }, "GET /api/transactions?limit=5": { status: 200, body: [] } }));
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<DashboardPage user={guest} />);
    expect(await screen.findByTestId("guest-load-recent")).toBeInTheDocument();
    expect(screen.queryByTestId("generate-report-button")).not.toBeInTheDocument();
    expect(screen.queryByTestId("alerts-panel")).not.toBeInTheDocument();
    const urls = () => fetch.mock.calls.map((c) => String(c[0]));
    expect(urls()).not.toContain("/api/transactions?limit=5");
    fireEvent.click(screen.getByTestId("guest-load-recent"));
    expect(await screen.findByText("No transactions found")).toBeInTheDocument();
    expect(urls().filter((u) => u.startsWith("/api/alerts"))).toEqual([]);
  });

  it("reads only the alerts it shows and takes View all's and the overdue count from the server", async () => {
    const six = Array.from({ length: 6 }, (_, i) => alert(`a${i}`));
    vi.stubGlobal(
      "fetch",
      routeFetch({
        "GET /api/metrics": { status: 200, body: {} },
        "GET /api/alerts?limit=6": { status: 200, body: six, headers: { "X-Next-Cursor": "c1", "X-Total-Count": "1000+" } },
        "GET /api/alerts/summary?kind=aml": {
          status: 200,
          body: { byStatus: { open: 9, investigating: 2, resolved: 1, false_positive: 0 }, total: 12, overdue: 7, deadlineHours: {} },
        },
        "GET /api/transactions?limit=5": { status: 200, body: [] },
      }),
    );
    renderWithProviders(<DashboardPage user={admin} />);
    expect(await screen.findAllByTestId("dashboard-alert")).toHaveLength(6);
    expect(screen.getByRole("link", { name: "View all (1000+)" })).toHaveAttribute(
      "href",
      "/compliance/alerts?status=all&sort=newest&kind=all",
    );
    expect(await screen.findByRole("link", { name: "7 overdue cases" })).toHaveAttribute("href", "/compliance/alerts?overdue=true");
  });
});
