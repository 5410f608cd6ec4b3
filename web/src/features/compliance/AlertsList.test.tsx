import { useState } from "react";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Alert } from "@/api/types";
import { AlertsList } from "@/features/compliance/AlertsList";
import type { AlertFilter } from "@/features/compliance/AlertsList";
import { useAlertsQueue } from "@/features/compliance/alertsQueue";
import { renderWithProviders, routeFetch } from "@/test/render";

const alert = (id: string, status: string): Alert => ({
  id,
  kind: "aml",
  title: `Alert ${id}`,
  description: `Description ${id}`,
  message: "",
  severity: "high",
  status,
  alertType: "aml",
  triggerRule: "large_value",
  amount: "9000.00",
  currency: "USD",
  institutionId: null,
  relatedTransactionId: `tx-${id}`,
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
  createdAt: "2026-11-20T09:05:00Z",
  dueAt: null,
  overdue: false,
});

afterEach(() => vi.unstubAllGlobals());

/** The list as the compliance page wires it: its status filter drives the server query. */
function Queue({ canAct }: { canAct: boolean }) {
  const [filter, setFilter] = useState<AlertFilter>("all");
  const query = useAlertsQueue({ kind: "aml", status: filter });
  return <AlertsList query={query} filter={filter} onFilter={setFilter} canAct={canAct} />;
}

describe("AlertsList", () => {
  const alerts = [alert("a1", "open"), alert("a2", "investigating"), alert("a3", "resolved"), alert("a4", "false_positive")];
  const firstPage = { status: 200, body: alerts, headers: { "X-Total-Count": "4" } };

  it("offers resolve only on open alerts and shows every field", async () => {
    vi.stubGlobal("fetch", routeFetch({ "GET /api/alerts?kind=aml": firstPage }));
    renderWithProviders(<Queue canAct />);
    const rows = await screen.findAllByTestId("compliance-alert");
    expect(rows.map((r) => within(r).queryByTestId("alert-resolve") !== null)).toEqual([true, false, false, false]);
    expect(rows[0]).toHaveTextContent("Description a1");
    expect(rows[0]).toHaveTextContent("High");
    expect(rows[0]).toHaveTextContent("Open");
    expect(rows[0]).toHaveTextContent("AML");
    expect(rows[0]).toHaveTextContent("tx-a1");
    // HH:mm, 24-hour clock, in local time
    const d = new Date("2026-11-20T09:05:00Z");
    const hhmm = `${String(d.getHours()).padStart(2, "0")}:${String(d.getMinutes()).padStart(2, "0")}`;
    expect(rows[0]).toHaveTextContent(hhmm);
    expect(screen.getByTestId("alerts-count")).toHaveTextContent("Showing 4 of 4 alerts");
    expect(screen.queryByTestId("alerts-load-more")).not.toBeInTheDocument();
  });

  it("says an alert from its code and params, with its TXN number and institution name as links", async () => {
    const coded: Alert = {
      ...alert("c1", "open"),
      code: "large_value",
      params: {
        amountMinor: 1_479_100,
        currency: "USD",
        rules: [
          { code: "large_value", params: { amountMinor: 1_479_100, currency: "USD", thresholdMinor: 1_000_000 } },
          { code: "new_wallet_volume", params: { amountMinor: 1_479_100, currency: "USD", windowSeconds: 86_400, ageSeconds: 12_000 } },
        ],
      },
      institutionId: "inst-1",
      institutionName: "Premium-Wallet",
      institutionKind: "psp",
      relatedTransactionNumber: "TXN-20261124-000042",
    };
    vi.stubGlobal("fetch", routeFetch({ "GET /api/alerts?kind=aml": { status: 200, body: [coded], headers: { "X-Total-Count": "1" } } }));
    renderWithProviders(<Queue canAct />);
    const row = await screen.findByTestId("compliance-alert");
    expect(within(row).getByTestId("alert-title")).toHaveTextContent("Large transfer: 14,791.00 USD from a wallet first seen 3 hours before");
    expect(within(row).getByTestId("alert-description")).toHaveTextContent("at or above the 10,000.00 USD large-value threshold");
    const txn = within(row).getByTestId("alert-related");
    expect(txn).toHaveTextContent("TXN-20261124-000042");
    expect(txn).toHaveAttribute("href", "/transactions?id=tx-c1");
    expect(within(row).getByTestId("institution-link")).toHaveAttribute("href", "/psps?q=Premium-Wallet");
  });

  it("offers no resolve to non-regulators", async () => {
    vi.stubGlobal("fetch", routeFetch({ "GET /api/alerts?kind=aml": firstPage }));
    renderWithProviders(<Queue canAct={false} />);
    expect(await screen.findAllByTestId("compliance-alert")).toHaveLength(4);
    expect(screen.queryByTestId("alert-resolve")).not.toBeInTheDocument();
  });

  it("resolves through PATCH /api/alerts/{id}/resolve", async () => {
    const resolve = vi.fn(() => ({ status: 200, body: { ...alert("a1", "resolved") } }));
    vi.stubGlobal("fetch", routeFetch({ "PATCH /api/alerts/a1/resolve": resolve, "GET /api/alerts?kind=aml": firstPage }));
    renderWithProviders(<Queue canAct />);
    fireEvent.click(await screen.findByTestId("alert-resolve"));
    await waitFor(() => expect(resolve).toHaveBeenCalled());
    expect(await screen.findByText("The alert was resolved.")).toBeInTheDocument();
  });

  it("filters by status on the server", async () => {
    const resolved = vi.fn(() => ({ status: 200, body: [alert("r1", "resolved")], headers: { "X-Total-Count": "1" } }));
    vi.stubGlobal("fetch", routeFetch({ "GET /api/alerts?kind=aml": firstPage, "GET /api/alerts?kind=aml&status=resolved": resolved }));
    renderWithProviders(<Queue canAct />);
    await screen.findAllByTestId("compliance-alert");
    fireEvent.click(screen.getByTestId("alert-filter-resolved"));
    await waitFor(() => expect(resolved).toHaveBeenCalled());
    await waitFor(() => expect(screen.getAllByTestId("compliance-alert").map((r) => r.dataset.alertId)).toEqual(["r1"]));
  });

  it("pages with Load more until the server has no next page", async () => {
    const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => alert(`p${from + i}`, "open"));
    vi.stubGlobal(
      "fetch",
      routeFetch({
        "GET /api/alerts?kind=aml": { status: 200, body: page(0, 50), headers: { "X-Next-Cursor": "c1", "X-Total-Count": "1000+" } },
        "GET /api/alerts?kind=aml&cursor=c1": { status: 200, body: page(50, 50), headers: { "X-Next-Cursor": "c2" } },
        "GET /api/alerts?kind=aml&cursor=c2": { status: 200, body: page(100, 3) },
      }),
    );
    renderWithProviders(<Queue canAct />);
    expect(await screen.findAllByTestId("compliance-alert")).toHaveLength(50);
    expect(screen.getByTestId("alerts-count")).toHaveTextContent("Showing 50 of 1000+ alerts");
    fireEvent.click(screen.getByTestId("alerts-load-more"));
    await waitFor(() => expect(screen.getAllByTestId("compliance-alert")).toHaveLength(100));
    fireEvent.click(screen.getByTestId("alerts-load-more"));
    await waitFor(() => expect(screen.getAllByTestId("compliance-alert")).toHaveLength(103));
    expect(screen.queryByTestId("alerts-load-more")).not.toBeInTheDocument();
  });
});
