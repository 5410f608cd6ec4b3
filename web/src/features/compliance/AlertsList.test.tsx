import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Alert } from "@/api/types";
import { AlertsList } from "@/features/compliance/AlertsList";
import { renderWithProviders, routeFetch } from "@/test/render";

const alert = (id: string, status: string): Alert => ({
  id,
  kind: "aml",
  title: `Alert ${id}`,
  description: `Description ${id}`,
  message: null,
  severity: "high",
  status,
  alertType: "aml",
  triggerRule: "large_value",
  amount: "9000.00",
  currency: "USD",
  institutionId: null,
  relatedTransactionId: `tx-${id}`,
  isRead: false,
  assignedTo: null,
  resolvedBy: null,
  resolution: null,
  resolvedAt: null,
  createdAt: "2026-11-20T09:05:00Z",
});

afterEach(() => vi.unstubAllGlobals());

describe("AlertsList", () => {
  const alerts = [alert("a1", "open"), alert("a2", "investigating"), alert("a3", "resolved"), alert("a4", "false_positive")];

  it("offers resolve only on open alerts and shows every field", () => {
    renderWithProviders(<AlertsList alerts={alerts} loading={false} canAct />);
    const rows = screen.getAllByTestId("compliance-alert");
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
  });

  it("offers no resolve to non-regulators", () => {
    renderWithProviders(<AlertsList alerts={alerts} loading={false} canAct={false} />);
    expect(screen.queryByTestId("alert-resolve")).not.toBeInTheDocument();
  });

  it("resolves through PATCH /api/alerts/{id}/resolve", async () => {
    const resolve = vi.fn(() => ({ status: 200, body: { ...alert("a1", "resolved") } }));
    vi.stubGlobal("fetch", routeFetch({ "PATCH /api/alerts/a1/resolve": resolve, "GET /api/alerts": { status: 200, body: [] } }));
    renderWithProviders(<AlertsList alerts={alerts} loading={false} canAct />);
    fireEvent.click(screen.getByTestId("alert-resolve"));
    await waitFor(() => expect(resolve).toHaveBeenCalled());
    expect(await screen.findByText("The alert was resolved.")).toBeInTheDocument();
  });

  it("filters by status", () => {
    renderWithProviders(<AlertsList alerts={alerts} loading={false} canAct />);
    fireEvent.click(screen.getByTestId("alert-filter-resolved"));
    expect(screen.getAllByTestId("compliance-alert")).toHaveLength(1);
    fireEvent.click(screen.getByTestId("alert-filter-open"));
    expect(screen.getAllByTestId("compliance-alert")).toHaveLength(1);
  });
});
