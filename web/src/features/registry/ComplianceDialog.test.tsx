import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { ComplianceDetail, RegistryEntry } from "@/api/types";
import { ComplianceDialog } from "@/features/registry/ComplianceDialog";
import { RegistryPage } from "@/features/registry/RegistryPage";
import { renderWithProviders, routeFetch, sentRequest } from "@/test/render";

afterEach(() => vi.unstubAllGlobals());

const entry: RegistryEntry = {
  id: "p1", type: "psp", name: "Zaad Pay", code: null, licenseNumber: "CB-PSP-1", contactEmail: null, contactPhone: null,
  address: null, logoUrl: null, complianceStatus: "compliant", complianceReason: "Annual review passed",
  complianceSince: "2026-11-01T10:00:00Z", licenseStatus: "active", licenseStatusReason: null, isActive: true,
  licenseIssuedAt: null, licenseExpiresAt: null, transactions30d: 0, volumeUsd30d: "0.00", createdAt: "2026-01-01T00:00:00Z",
  proposal: null,
};

const detail: ComplianceDetail = {
  institution: entry,
  history: [
    { id: "h1", from: "under_review", to: "compliant", reason: "Annual review passed", source: "manual", changedBy: "u1",
      changedByName: "Amina Officer", createdAt: "2026-11-01T10:00:00Z" },
  ],
  proposal: {
    status: "non_compliant", current: "compliant", reason: "Proposed from the facts", auditFindings: ["Late SAR filings"],
    kycRejections: 0, overdueCriticalAlerts: 2, factsSince: "2026-11-01T10:00:00Z",
  },
};

function renderDialog(regulator = true) {
  return renderWithProviders(<ComplianceDialog kind="psp" entry={entry} regulator={regulator} onOpenChange={() => {}} />);
}

describe("ComplianceDialog", () => {
  it("shows the status with its reason, the proposal's facts and the history", async () => {
    vi.stubGlobal("fetch", vi.fn(routeFetch({ "GET /api/psps/p1/compliance": { status: 200, body: detail } })));
    renderDialog();
    expect(await screen.findByText("Proposed: Non-compliant")).toBeInTheDocument();
    expect(screen.getByText("2 critical alerts open for more than 24 hours")).toBeInTheDocument();
    expect(screen.getByText("Audit finding: Late SAR filings")).toBeInTheDocument();
    expect(screen.getAllByText("Annual review passed")).toHaveLength(2);
    expect(screen.getByTestId("compliance-history-item")).toHaveTextContent("from Under review");
  });

  it("refuses a change without a reason or a status and sends nothing", async () => {
    const fetchFn = vi.fn(routeFetch({ "GET /api/psps/p1/compliance": { status: 200, body: detail } }));
    vi.stubGlobal("fetch", fetchFn);
    renderDialog();
    await screen.findByTestId("compliance-history-item");
    fireEvent.click(screen.getByTestId("compliance-submit"));
    expect(await screen.findByText("Choose the new status.")).toBeInTheDocument();
    expect(screen.getByText("A reason is required.")).toBeInTheDocument();
    expect(fetchFn.mock.calls.every(([input]) => input instanceof Request && input.method === "GET")).toBe(true);
  });

  it("offers every status but the current and sends the change with its trimmed reason", async () => {
    const fetchFn = vi.fn(routeFetch({
      "GET /api/psps/p1/compliance": { status: 200, body: detail },
      "PATCH /api/psps/p1/compliance": { status: 200, body: { ...entry, complianceStatus: "under_review" } },
    }));
    vi.stubGlobal("fetch", fetchFn);
    renderDialog();
    const select = await screen.findByTestId("compliance-status-select");
    const options = Array.from((select as HTMLSelectElement).options).map((o) => o.value);
    expect(options).toEqual(["", "under_review", "non_compliant"]);
    fireEvent.change(select, { target: { value: "under_review" } });
    fireEvent.change(screen.getByTestId("compliance-reason"), { target: { value: "  Late reports  " } });
    fireEvent.click(screen.getByTestId("compliance-submit"));
    await waitFor(() => expect(fetchFn.mock.calls.some(([input]) => input instanceof Request && input.method === "PATCH")).toBe(true));
    const patch = fetchFn.mock.calls.find(([input]) => input instanceof Request && input.method === "PATCH");
    expect((await sentRequest(patch)).body).toEqual({ status: "under_review", reason: "Late reports" });
  });

  it("dismisses a proposal only with a reason, naming the proposed status", async () => {
    const fetchFn = vi.fn(routeFetch({
      "GET /api/psps/p1/compliance": { status: 200, body: detail },
      "POST /api/psps/p1/compliance/proposal/dismiss": { status: 204 },
    }));
    vi.stubGlobal("fetch", fetchFn);
    renderDialog();
    fireEvent.click(await screen.findByTestId("proposal-dismiss"));
    fireEvent.click(screen.getByTestId("proposal-dismiss-submit"));
    expect(await screen.findByText("A reason is required.")).toBeInTheDocument();
    fireEvent.change(screen.getByTestId("proposal-dismiss-reason"), { target: { value: "Known false positives" } });
    fireEvent.click(screen.getByTestId("proposal-dismiss-submit"));
    await waitFor(() => expect(fetchFn.mock.calls.some(([input]) => input instanceof Request && input.method === "POST")).toBe(true));
    const post = fetchFn.mock.calls.find(([input]) => input instanceof Request && input.method === "POST");
    expect((await sentRequest(post)).body).toEqual({ status: "non_compliant", reason: "Known false positives" });
  });

  it("lets staff read the history but neither change the status nor see proposals", async () => {
    vi.stubGlobal("fetch", vi.fn(routeFetch({ "GET /api/psps/p1/compliance": { status: 200, body: { ...detail, proposal: null } } })));
    renderDialog(false);
    await screen.findByTestId("compliance-history-item");
    expect(screen.queryByTestId("compliance-submit")).toBeNull();
    expect(screen.queryByTestId("compliance-proposal")).toBeNull();
  });
});

describe("RegistryPage paging", () => {
  it("reads the first page, says how many there are and loads the next with the cursor", async () => {
    const second = { ...entry, id: "p2", name: "Hormuud Pay", proposal: detail.proposal };
    vi.stubGlobal("fetch", vi.fn(routeFetch({
      "GET /api/psps": { status: 200, body: [entry], headers: { "X-Next-Cursor": "abc", "X-Total-Count": "2" } },
      "GET /api/psps?cursor=abc": { status: 200, body: [second] },
    })));
    renderWithProviders(<RegistryPage kind="psp" user={{ id: "u", role: "cbsl_officer" } as never} />);
    expect(await screen.findByTestId("registry-count")).toHaveTextContent("Showing 1 of 2 institutions");
    fireEvent.click(screen.getByTestId("registry-load-more"));
    expect(await screen.findByText("Hormuud Pay")).toBeInTheDocument();
    expect(screen.getByTestId("registry-count")).toHaveTextContent("Showing 2 of 2 institutions");
    expect(screen.queryByTestId("registry-load-more")).toBeNull();
    expect(screen.getByTestId("compliance-proposal-chip")).toHaveTextContent("Proposed: Non-compliant");
  });
});
