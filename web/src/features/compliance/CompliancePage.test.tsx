import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { ComplianceReport, CurrentUser } from "@/api/types";
import { CompliancePage } from "@/features/compliance/CompliancePage";
import { monthStart } from "@/features/compliance/compliance";
import { renderWithProviders, routeFetch } from "@/test/render";

afterEach(() => vi.unstubAllGlobals());

const officer = { id: "o1", role: "cbsl_officer", isGuest: false } as CurrentUser;

function report(n: number): ComplianceReport {
  return {
    id: `r${n}`,
    title: `Monthly Compliance Report ${n}`,
    reportType: "monthly_transaction",
    period: "2026-11",
    status: "published",
    createdAt: "2026-11-20T10:00:00Z",
  } as ComplianceReport;
}

describe("CompliancePage reports", () => {
  it("shows the first five, reaches every report with Load more and counts this month's on the server", async () => {
    vi.stubGlobal(
      "fetch",
      routeFetch({
        "GET /api/compliance-reports?limit=5": {
          status: 200,
          body: [1, 2, 3, 4, 5].map(report),
          headers: { "X-Next-Cursor": "r2", "X-Total-Count": "7" },
        },
        "GET /api/compliance-reports?limit=5&cursor=r2": { status: 200, body: [6, 7].map(report) },
        [`GET /api/compliance-reports?createdFrom=${encodeURIComponent(monthStart())}&limit=1`]: {
          status: 200,
          body: [],
          headers: { "X-Total-Count": "42" },
        },
      }),
    );
    renderWithProviders(<CompliancePage user={officer} />);
    await waitFor(() => expect(screen.getAllByTestId("report-row")).toHaveLength(5));
    // This month's reports are the server's count over all of them, not the five rows loaded.
    await waitFor(() => expect(screen.getByTestId("compliance-reports")).toHaveTextContent("42"));
    expect(screen.getByTestId("reports-count")).toHaveTextContent("Showing 5 of 7 reports");
    fireEvent.click(screen.getByTestId("reports-load-more"));
    await waitFor(() => expect(screen.getAllByTestId("report-row")).toHaveLength(7));
    expect(screen.queryByTestId("reports-load-more")).toBeNull();
  });
});
