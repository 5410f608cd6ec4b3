import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { KycApplication } from "@/api/types";
import { CompliancePage } from "@/features/compliance/CompliancePage";
import { renderWithProviders, routeFetch } from "@/test/render";
import { makeUser } from "@/test/fixtures";

const app = (n: number, status: string): KycApplication => ({
  id: `k${n}`,
  fullName: `Applicant ${n}`,
  nationalId: "****5678",
  phoneNumber: "+252611234567",
  email: `k${n}@example.so`,
  address: "Hargeisa, Somaliland",
  documentType: "national_id",
  documentNumber: "****1234",
  status,
  risk: "low",
  pep: false,
  institutionId: null,
  reviewedBy: null,
  reviewNotes: null,
  reviewedAt: null,
  createdAt: "2026-11-20T09:05:00Z",
});

const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => app(from + i, "under_review"));

afterEach(() => vi.unstubAllGlobals());

describe("the compliance page's KYC applications (issue 16)", () => {
  it("pages with Load more and takes its figures from the server, not from the rows shown", async () => {
    vi.stubGlobal(
      "fetch",
      routeFetch({
        "GET /api/kyc-applications?limit=5": { status: 200, body: page(0, 5), headers: { "X-Next-Cursor": "c1", "X-Total-Count": "600" } },
        "GET /api/kyc-applications?limit=5&cursor=c1": { status: 200, body: page(5, 5), headers: { "X-Next-Cursor": "c2" } },
        "GET /api/kyc-applications?limit=5&cursor=c2": { status: 200, body: page(10, 2) },
        "GET /api/kyc-applications/summary": { status: 200, body: { total: 600, compliant: 150, awaitingReview: 300, complianceRate: 25 } },
        "GET /api/compliance-reports": { status: 200, body: [] },
        "GET /api/alerts?kind=aml": { status: 200, body: [], headers: { "X-Total-Count": "0" } },
      }),
    );
    renderWithProviders(<CompliancePage user={makeUser({ id: "u1", role: "cbsl_officer" })} />);
    expect(await screen.findAllByTestId("kyc-row")).toHaveLength(5);
    expect(screen.getByTestId("kyc-count")).toHaveTextContent("Showing 5 of 600 applications");
    // Every row shown is under review, yet the rate and the counts are the server's over all 600.
    await waitFor(() => expect(screen.getByTestId("compliance-rate")).toHaveTextContent("25%"));
    expect(screen.getByTestId("compliance-rate-caption")).toHaveTextContent("150 of 600 applications compliant");
    expect(screen.getByTestId("compliance-pending")).toHaveTextContent("300");
    fireEvent.click(screen.getByTestId("kyc-load-more"));
    await waitFor(() => expect(screen.getAllByTestId("kyc-row")).toHaveLength(10));
    fireEvent.click(screen.getByTestId("kyc-load-more"));
    await waitFor(() => expect(screen.getAllByTestId("kyc-row")).toHaveLength(12));
    expect(screen.queryByTestId("kyc-load-more")).not.toBeInTheDocument();
    expect(screen.getByTestId("compliance-rate")).toHaveTextContent("25%");
  });

  it("says so when there are no applications", async () => {
    vi.stubGlobal(
      "fetch",
      routeFetch({
        "GET /api/kyc-applications?limit=5": { status: 200, body: [], headers: { "X-Total-Count": "0" } },
        "GET /api/kyc-applications/summary": { status: 200, body: { total: 0, compliant: 0, awaitingReview: 0, complianceRate: 0 } },
        "GET /api/compliance-reports": { status: 200, body: [] },
        "GET /api/alerts?kind=aml": { status: 200, body: [], headers: { "X-Total-Count": "0" } },
      }),
    );
    renderWithProviders(<CompliancePage user={makeUser({ id: "u1", role: "citizen" })} />);
    expect(await screen.findByTestId("kyc-empty")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("compliance-rate")).toHaveTextContent("0%"));
    expect(screen.queryByTestId("kyc-load-more")).not.toBeInTheDocument();
  });
});
