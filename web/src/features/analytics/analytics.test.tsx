import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CurrentUser } from "@/api/types";
import { AnalyticsPage } from "@/features/analytics/AnalyticsPage";
import { addAmounts, checkRange, daysBetween, exportUrl, pivotByDay, presetRange, shares } from "@/features/analytics/analytics";
import type { AnalyticsData } from "@/features/analytics/analytics";
import { renderWithProviders, calledPath } from "@/test/render";
import { makeUser } from "@/test/fixtures";

const fixture: AnalyticsData = {
  from: "2026-11-20",
  to: "2026-11-22",
  daily: [
    { day: "2026-11-20", count: 3, volumeUsd: "100.10" },
    { day: "2026-11-22", count: 2, volumeUsd: "0.95" },
  ],
  byOperator: [
    { day: "2026-11-20", operator: "Zaad", count: 2, volumeUsd: "60.00" },
    { day: "2026-11-20", operator: "E-Dahab", count: 1, volumeUsd: "40.10" },
    { day: "2026-11-22", operator: "E-Dahab", count: 2, volumeUsd: "0.95" },
  ],
  byCurrency: [
    { day: "2026-11-20", currency: "USD", count: 3, volume: "100.10" },
    { day: "2026-11-22", currency: "SHS", count: 2, volume: "8500.00" },
  ],
  modes: [
    { mode: "online", count: 4, volumeUsd: "90.00" },
    { mode: "ussd", count: 1, volumeUsd: "11.05" },
  ],
  flows: [{ flowType: "P2P", count: 5, volumeUsd: "101.05" }],
  risk: [
    { riskLevel: "low", count: 4 },
    { riskLevel: "high", count: 1 },
  ],
  alertsBySeverity: [{ day: "2026-11-22", severity: "high", count: 1 }],
  topInstitutions: [{ institutionId: "p1", name: "Premium-Wallet", count: 5, volumeUsd: "101.05" }],
  licenceExpiries: [{ id: "m1", type: "mno", name: "Telesom", licenseNumber: "CB-MNO-0101", licenseExpiresAt: "2099-01-10T00:00:00Z" }],
};

afterEach(() => vi.unstubAllGlobals());

describe("analytics shaping", () => {
  it("pivots operator rows into one stacked row per day, every day present, biggest series first", () => {
    const days = daysBetween(fixture.from, fixture.to);
    expect(days).toEqual(["2026-11-20", "2026-11-21", "2026-11-22"]);
    const { data, series } = pivotByDay(fixture.byOperator, (r) => r.operator, (r) => r.count, days);
    expect(series).toEqual(["E-Dahab", "Zaad"]);
    expect(data).toEqual([
      { day: "2026-11-20", "E-Dahab": 1, Zaad: 2 },
      { day: "2026-11-21", "E-Dahab": 0, Zaad: 0 },
      { day: "2026-11-22", "E-Dahab": 2, Zaad: 0 },
    ]);
  });

  it("adds money exactly and computes shares", () => {
    expect(addAmounts(["0.10", "0.20", "90071992547409.93"])).toBe("90071992547410.23");
    expect(addAmounts([])).toBe("0.00");
    expect(shares(fixture.modes).map((m) => m.share)).toEqual([80, 20]);
  });

  it("builds periods, checks custom ranges and export links", () => {
    expect(presetRange(7, new Date(2026, 10, 22))).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    expect(checkRange("2026-11-22", "2026-11-01")).toBe("analytics.errors.order");
    expect(checkRange("2025-01-01", "2026-11-01")).toBe("analytics.errors.tooLong");
    expect(checkRange("2026-11-01", "2026-11-22")).toBeNull();
    expect(exportUrl("byOperator", { from: "2026-11-01", to: "2026-11-22", institutionId: "" })).toBe(
      "/api/analytics/export?from=2026-11-01&to=2026-11-22&section=byOperator",
    );
    expect(exportUrl("risk", { from: "2026-11-01", to: "2026-11-22", institutionId: "p1" })).toContain("institutionId=p1");
  });
});

describe("AnalyticsPage", () => {
  it("shows totals, a titled card with a CSV link per chart, hidden data tables and the expiries", async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const url = calledPath([input]);
      if (url.startsWith("/api/analytics?")) return new Response(JSON.stringify(fixture), { status: 200 });
      return new Response("[]", { status: 200 });
    });
    vi.stubGlobal("fetch", fetch);
    const psp: CurrentUser = makeUser({ id: "u2", role: "psp_admin", institution: "p1" });
    renderWithProviders(<AnalyticsPage user={psp} />);
    expect(await screen.findByTestId("expiry-row")).toBeInTheDocument();
    expect(screen.getByTestId("analytics-totals")).toHaveTextContent("Transactions5");
    expect(screen.getByTestId("analytics-totals")).toHaveTextContent("101.05 USD");
    // PSP staff have no institution filter and the server decides their scope.
    expect(screen.queryByTestId("analytics-institution")).not.toBeInTheDocument();
    expect(calledPath(fetch.mock.calls[0])).toMatch(/^\/api\/analytics\?/);
    expect(calledPath(fetch.mock.calls[0])).not.toContain("institutionId");
    for (const section of ["byOperator", "byCurrency", "modes", "flows", "risk", "alertsBySeverity", "topInstitutions", "licenceExpiries"]) {
      const link = screen.getByTestId(`csv-${section}`);
      expect(link.getAttribute("href")).toContain(`section=${section}`);
    }
    const operators = screen.getByTestId("chart-byOperator");
    expect(within(operators).getByRole("heading", { name: "Transactions per day by operator" })).toBeInTheDocument();
    const table = within(operators).getByRole("table");
    expect(within(table).getAllByRole("columnheader").map((c) => c.textContent)).toEqual(["Day", "E-Dahab", "Zaad"]);
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    expect(within(screen.getByTestId("chart-modes")).getByRole("table")).toHaveTextContent("USSD120%11.05 USD");
    expect(screen.getByTestId("expiry-row")).toHaveTextContent("Telesom");
  });

  it("says so honestly when the period is empty", async () => {
    const empty: AnalyticsData = { ...fixture, daily: [], byOperator: [], byCurrency: [], modes: [], flows: [], risk: [], alertsBySeverity: [], topInstitutions: [], licenceExpiries: [] };
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => new Response(calledPath([input]).startsWith("/api/analytics?") ? JSON.stringify(empty) : "[]", { status: 200 })),
    );
    renderWithProviders(<AnalyticsPage user={makeUser({ id: "a", role: "cbsl_admin" })} />);
    expect(await screen.findByTestId("empty-byOperator")).toHaveTextContent("No data for this period.");
    expect(screen.getByText("No licence expires in the next 90 days.")).toBeInTheDocument();
  });
});
