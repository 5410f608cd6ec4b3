import { screen, waitFor, within, fireEvent } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DashboardPage } from "@/features/dashboard/DashboardPage";
import { renderWithProviders, routeFetch } from "@/test/render";


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
    renderWithProviders(<DashboardPage />);
    expect(screen.getAllByTestId("metric-skeleton")).toHaveLength(4);
    expect(screen.getAllByTestId("alert-skeleton")).toHaveLength(3);
    expect(screen.getAllByTestId("recent-skeleton")).toHaveLength(5);
  });

  it("shows the computed metrics and the empty states", async () => {
    vi.stubGlobal(
      "fetch",
      routeFetch({
        "GET /api/metrics": {
          status: 200,
          body: {
            totalTransactions: 3000,
            transactionVolume: "$2.8M",
            activePsps: 4,
            complianceScore: 43,
            kycApplications: 14,
            kycCompliant: 6,
            month: { from: "2026-11-01", to: "2026-11-24", days: 24, transactions: 1200, volumeUsd: "850000.00", highRisk: 3 },
            previousMonth: { from: "2026-10-01", to: "2026-10-24", days: 24, transactions: 1000, volumeUsd: "900000.00", highRisk: 1 },
            trends: { transactions: 20, transactionVolume: -5.6 },
          },
        },
        "GET /api/alerts?limit=6": { status: 200, body: [], headers: { "X-Total-Count": "0" } },
        "GET /api/alerts?kind=aml&limit=1": { status: 200, body: [], headers: { "X-Total-Count": "0" } },
        "GET /api/transactions?limit=5": { status: 200, body: [] },
      }),
    );
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByText("No alerts at this time")).toBeInTheDocument();
    expect(await screen.findByText("No transactions found")).toBeInTheDocument();
    const total = await screen.findByTestId("metric-monthTransactions");
    expect(total).toHaveTextContent("1,200");
    expect(total).toHaveTextContent("+20% against Oct 1 – 24, 2026");
    expect(screen.getByTestId("metric-monthVolume")).toHaveTextContent("$850K");
    expect(screen.getByTestId("metric-monthVolume")).toHaveTextContent("-5.6% against Oct 1 – 24, 2026");
    expect(screen.getByTestId("metric-kycApprovalRate")).toHaveTextContent("43%6 of 14 KYC applications found compliant");
    for (const fixed of ["+12.5%", "+8.3%", "+2.1%", "No change"]) expect(screen.getByRole("list", { name: "Key figures" })).not.toHaveTextContent(fixed);
    expect(screen.queryByRole("link", { name: /Compliance alerts/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId("generate-report-button"));
    const dialog = await screen.findByTestId("report-dialog");
    expect(dialog).toHaveAttribute("data-report-type", "monthly_transaction");
    expect(within(dialog).getByText("Generate monthly report")).toBeInTheDocument();
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
    renderWithProviders(<DashboardPage />);
    const items = await screen.findAllByTestId("dashboard-alert");
    expect(items.map((i) => i.getAttribute("data-level"))).toEqual(["critical", "warning", "info"]);
    expect(within(items[0]!).getByTestId("alert-dismiss")).toBeInTheDocument();
    expect(within(items[1]!).queryByTestId("alert-dismiss")).not.toBeInTheDocument();
    expect(items[0]).toHaveTextContent("Message a1");
    expect(screen.queryByRole("link", { name: /Compliance alerts/ })).not.toBeInTheDocument();
    fireEvent.click(within(items[0]!).getByTestId("alert-dismiss"));
    await waitFor(() => expect(read).toHaveBeenCalled());
    await waitFor(() => expect(within(screen.getAllByTestId("dashboard-alert")[0]!).queryByTestId("alert-dismiss")).not.toBeInTheDocument());

    const rows = await screen.findAllByTestId("recent-row");
    expect(rows[0]).toHaveTextContent("N/A");
    expect(within(rows[0]!).getByTestId("recent-status").className).toContain("bg-destructive");
    expect(within(rows[1]!).getByTestId("recent-status").className).not.toContain("bg-");
    expect(within(rows[1]!).getByRole("link", { name: /TXN-2/ })).toHaveAttribute("href", "/transactions?id=t2");
  });

  it("reads only the alerts it shows; its link counts the AML alerts the queue shows, and the overdue count comes from the server", async () => {
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
        "GET /api/alerts?kind=aml&limit=1": { status: 200, body: six.slice(0, 1), headers: { "X-Next-Cursor": "c2", "X-Total-Count": "18" } },
        "GET /api/transactions?limit=5": { status: 200, body: [] },
      }),
    );
    renderWithProviders(<DashboardPage />);
    expect(await screen.findAllByTestId("dashboard-alert")).toHaveLength(6);
    // The panel holds system notices too; the link counts what the queue shows by default: AML alerts.
    expect(await screen.findByRole("link", { name: "Compliance alerts (18)" })).toHaveAttribute("href", "/compliance/alerts?status=all&sort=newest");
    expect(await screen.findByRole("link", { name: "7 overdue cases" })).toHaveAttribute("href", "/compliance/alerts?overdue=true");
  });
});
