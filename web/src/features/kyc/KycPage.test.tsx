import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { KycApplication, KycSummary } from "@/api/types";
import { KycPage } from "@/features/kyc/KycPage";
import { renderWithProviders, routeFetch, calledPath } from "@/test/render";
import { makeUser } from "@/test/fixtures";

const ALPHA = "11111111-1111-4111-8111-111111111111";
const BRAVO = "22222222-2222-4222-8222-222222222222";

const app = (n: number, over: Partial<KycApplication> = {}): KycApplication => ({
  id: `k${n}`,
  fullName: `Applicant ${n}`,
  nationalId: "SL10000001",
  phoneNumber: "+252634000001",
  email: `k${n}@example.so`,
  address: "Jigjiga Yar, Hargeisa",
  documentType: "passport",
  documentNumber: "D1234567",
  status: "under_review",
  risk: "low",
  pep: false,
  institutionId: ALPHA,
  reviewedBy: null,
  reviewNotes: null,
  reviewedAt: null,
  createdAt: "2026-11-20T09:05:00Z",
  ...over,
});

const summary = (over: Partial<KycSummary> = {}): KycSummary => ({
  total: 40,
  compliant: 10,
  awaitingReview: 20,
  complianceRate: 25,
  byStatus: { under_review: 15, pending: 5, compliant: 10, non_compliant: 10 },
  decided: 20,
  approvalRate: 50,
  ...over,
});

const psps = [
  { id: ALPHA, name: "Alpha Pay" },
  { id: BRAVO, name: "Bravo Wallet" },
];

afterEach(() => vi.unstubAllGlobals());

describe("/kyc (issue 16, part 4)", () => {
  it("filters and pages on the server and shows the selected institution's standing from the server", async () => {
    const fetch = vi.fn(
      routeFetch({
        "GET /api/psps?limit=200": { status: 200, body: psps },
        "GET /api/kyc-applications?limit=25": {
          status: 200,
          body: [app(1, { risk: "high" }), app(2, { institutionId: BRAVO, risk: "medium" })],
          headers: { "X-Total-Count": "40", "X-Next-Cursor": "c1" },
        },
        "GET /api/kyc-applications?limit=25&cursor=c1": { status: 200, body: [app(3)] },
        "GET /api/kyc-applications/summary": { status: 200, body: summary() },
        "GET /api/kyc-applications?risk=high&limit=25": { status: 200, body: [app(1, { risk: "high" })], headers: { "X-Total-Count": "1" } },
        [`GET /api/kyc-applications?risk=high&institution=${BRAVO}&limit=25`]: { status: 200, body: [], headers: { "X-Total-Count": "0" } },
        [`GET /api/kyc-applications/summary?institution=${BRAVO}`]: {
          status: 200,
          body: summary({ total: 3, compliant: 0, awaitingReview: 3, complianceRate: 0, decided: 0, approvalRate: 0, byStatus: { under_review: 3, pending: 0, compliant: 0, non_compliant: 0 } }),
        },
      }),
    );
    vi.stubGlobal("fetch", fetch);
    const { location } = renderWithProviders(<KycPage user={makeUser({ id: "u1", role: "cbsl_officer" })} />, { path: "/kyc" });

    const rows = await screen.findAllByTestId("kyc-row");
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId("kyc-risk")).toHaveTextContent("High risk");
    await waitFor(() => expect(within(rows[1]!).getByTestId("kyc-row-meta")).toHaveTextContent("Bravo Wallet"));
    expect(screen.getByTestId("kyc-count")).toHaveTextContent("Showing 2 of 40 applications");
    // The standing is the server's: 10 approved of 20 decided, although no row shown is decided.
    await waitFor(() => expect(screen.getByTestId("kyc-standing-approval")).toHaveTextContent("50%"));
    expect(screen.getByTestId("kyc-standing-approval-caption")).toHaveTextContent("10 approved of 20 decided");
    expect(screen.getByTestId("kyc-standing-non_compliant")).toHaveTextContent("10");
    expect(screen.getByTestId("kyc-standing-scope")).toHaveTextContent("All institutions");

    fireEvent.click(screen.getByTestId("kyc-load-more"));
    await waitFor(() => expect(screen.getAllByTestId("kyc-row")).toHaveLength(3));

    fireEvent.change(screen.getByTestId("kyc-filter-risk"), { target: { value: "high" } });
    await waitFor(() => expect(screen.getAllByTestId("kyc-row")).toHaveLength(1));
    expect(location.history?.at(-1)).toBe("/kyc?risk=high");

    fireEvent.change(screen.getByTestId("kyc-filter-institution"), { target: { value: BRAVO } });
    expect(await screen.findByText("No KYC application matches these filters.")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("kyc-standing-scope")).toHaveTextContent("Bravo Wallet"));
    await waitFor(() => expect(screen.getByTestId("kyc-standing-approval")).toHaveTextContent("—"));
    expect(screen.getByTestId("kyc-standing-approval-caption")).toHaveTextContent("No application decided yet");
    expect(screen.getByTestId("kyc-standing-under_review")).toHaveTextContent("3");
    expect(fetch.mock.calls.map(calledPath)).toContain(`/api/kyc-applications/summary?institution=${BRAVO}`);
  });

  it("searches once typing pauses and a status count filters the list", async () => {
    vi.stubGlobal(
      "fetch",
      routeFetch({
        "GET /api/psps?limit=200": { status: 200, body: psps },
        "GET /api/kyc-applications?limit=25": { status: 200, body: [app(1), app(2)], headers: { "X-Total-Count": "2" } },
        "GET /api/kyc-applications/summary": { status: 200, body: summary() },
        "GET /api/kyc-applications?q=Hodan&limit=25": { status: 200, body: [app(7, { fullName: "Hodan Ali" })], headers: { "X-Total-Count": "1" } },
        "GET /api/kyc-applications?status=non_compliant&q=Hodan&limit=25": { status: 200, body: [], headers: { "X-Total-Count": "0" } },
      }),
    );
    const { location } = renderWithProviders(<KycPage user={makeUser({ id: "u1", role: "cbsl_admin" })} />, { path: "/kyc" });
    expect(await screen.findAllByTestId("kyc-row")).toHaveLength(2);
    fireEvent.change(screen.getByTestId("kyc-search"), { target: { value: "Hodan " } });
    await waitFor(() => expect(screen.getAllByTestId("kyc-row")).toHaveLength(1));
    expect(location.history?.at(-1)).toBe("/kyc?q=Hodan");
    // The space still being typed stays in the box.
    expect(screen.getByTestId("kyc-search")).toHaveValue("Hodan ");
    fireEvent.click(screen.getByTestId("kyc-standing-non_compliant"));
    await waitFor(() => expect(location.history?.at(-1)).toBe("/kyc?q=Hodan&status=non_compliant"));
    expect(await screen.findByText("No KYC application matches these filters.")).toBeInTheDocument();
    fireEvent.click(screen.getByTestId("kyc-clear"));
    await waitFor(() => expect(screen.getAllByTestId("kyc-row")).toHaveLength(2));
    expect(screen.getByTestId("kyc-search")).toHaveValue("");
  });

  it("rejects only with a reason and shows the decision", async () => {
    const patches: unknown[] = [];
    let decided = false;
    const rejected = app(1, { status: "non_compliant", reviewedBy: "Amina Warsame", reviewNotes: "ID reused", reviewedAt: "2026-11-21T10:00:00Z" });
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      if (input instanceof Request && input.method === "PATCH") {
        patches.push(await input.json());
        decided = true;
        return new Response(JSON.stringify(rejected), { status: 200, headers: { "Content-Type": "application/json" } });
      }
      return routeFetch({
        "GET /api/psps?limit=200": { status: 200, body: psps },
        "GET /api/kyc-applications?limit=25": { status: 200, body: [decided ? rejected : app(1, { risk: "high", pep: true })] },
        "GET /api/kyc-applications/summary": { status: 200, body: summary() },
      })(input, init);
    });
    renderWithProviders(<KycPage user={makeUser({ id: "u1", role: "cbsl_officer" })} />, { path: "/kyc" });
    fireEvent.click(await screen.findByTestId("kyc-view"));
    const dialog = await screen.findByTestId("kyc-detail");
    expect(within(dialog).getByTestId("kyc-detail-risk")).toHaveTextContent("High risk");
    expect(dialog).toHaveTextContent("Politically exposed personYes");
    await waitFor(() => expect(dialog).toHaveTextContent("Submitted throughAlpha Pay"));
    fireEvent.click(within(dialog).getByTestId("kyc-reject"));
    expect(within(dialog).getByTestId("kyc-review-error")).toHaveTextContent("Give a reason for the rejection.");
    expect(patches).toHaveLength(0);
    fireEvent.change(within(dialog).getByTestId("kyc-review-notes"), { target: { value: "  ID reused " } });
    fireEvent.click(within(dialog).getByTestId("kyc-reject"));
    await waitFor(() => expect(screen.queryByTestId("kyc-detail")).not.toBeInTheDocument());
    expect(patches).toEqual([{ decision: "reject", notes: "ID reused" }]);
    await waitFor(() => expect(screen.getByTestId("kyc-row")).toHaveTextContent("Non-compliant"));
    fireEvent.click(screen.getByTestId("kyc-view"));
    const after = await screen.findByTestId("kyc-detail");
    expect(after).toHaveTextContent("Reviewed byAmina Warsame");
    expect(within(after).queryByTestId("kyc-reject")).not.toBeInTheDocument();
  });

  it("shows institution staff their own applications read-only", async () => {
    const fetch = vi.fn(
      routeFetch({
        "GET /api/psps?limit=200": { status: 200, body: [psps[0]] },
        "GET /api/kyc-applications?limit=25": { status: 200, body: [app(1, { nationalId: "••••••0001" })], headers: { "X-Total-Count": "1" } },
        "GET /api/kyc-applications/summary": { status: 200, body: summary({ total: 1 }) },
      }),
    );
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<KycPage user={makeUser({ id: "u2", role: "psp_admin", institution: ALPHA })} />, { path: "/kyc" });
    fireEvent.click(await screen.findByTestId("kyc-view"));
    const dialog = await screen.findByTestId("kyc-detail");
    expect(dialog).toHaveTextContent("••••••0001");
    expect(within(dialog).queryByTestId("kyc-approve")).not.toBeInTheDocument();
    expect(screen.queryByTestId("kyc-filter-institution")).not.toBeInTheDocument();
    expect(screen.getByTestId("kyc-standing-scope")).toHaveTextContent("Alpha Pay");
    expect(screen.getByTestId("kyc-row-meta")).toHaveTextContent("Alpha Pay");
    // The standing is the server's figures of the staff's scope: no institution is asked for.
    expect(fetch.mock.calls.map(calledPath)).toContain("/api/kyc-applications/summary");
  });
});
