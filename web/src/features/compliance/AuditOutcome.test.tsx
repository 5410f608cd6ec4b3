import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { ComplianceAudit } from "@/api/types";
import { AuditOutcome } from "@/features/compliance/AuditOutcome";
import { renderWithProviders, routeFetch, sentRequest } from "@/test/render";

afterEach(() => vi.unstubAllGlobals());

const audit: ComplianceAudit = {
  id: "a1", institutionId: "p1", institutionType: "psp", institutionName: "Zaad", scheduledFor: "2026-12-01", findings: null, completedAt: null,
  scope: "AML controls", status: "scheduled", createdAt: "2026-11-01T00:00:00Z",
};

describe("AuditOutcome", () => {
  it("completes a scheduled audit with its trimmed findings", async () => {
    const fetchFn = vi.fn(routeFetch({ "POST /api/compliance-audits/a1/complete": { status: 200, body: { ...audit, status: "completed" } } }));
    vi.stubGlobal("fetch", fetchFn);
    renderWithProviders(<AuditOutcome audit={audit} />);
    fireEvent.click(screen.getByTestId("audit-record-outcome"));
    fireEvent.change(screen.getByTestId("audit-findings-input"), { target: { value: "  Late SAR filings " } });
    fireEvent.click(screen.getByTestId("audit-complete"));
    await waitFor(() => expect(fetchFn).toHaveBeenCalled());
    expect((await sentRequest(fetchFn.mock.calls[0])).body).toEqual({ findings: "Late SAR filings" });
    expect(await screen.findByText("Audit completed")).toBeInTheDocument();
  });

  it("shows what a completed audit found, or that it found nothing", () => {
    const { rerender } = renderWithProviders(<AuditOutcome audit={{ ...audit, status: "completed", findings: "Late SAR filings" }} />);
    expect(screen.getByTestId("audit-findings")).toHaveTextContent("Findings: Late SAR filings");
    rerender(<AuditOutcome audit={{ ...audit, status: "completed", findings: null }} />);
    expect(screen.getByTestId("audit-findings")).toHaveTextContent("Completed without findings.");
    rerender(<AuditOutcome audit={{ ...audit, status: "cancelled" }} />);
    expect(screen.queryByTestId("audit-record-outcome")).toBeNull();
  });
});
