import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CurrentUser } from "@/api/types";
import { HomePage } from "@/features/home/HomePage";
import { renderWithProviders, routeFetch, calledPath } from "@/test/render";
import { makeUser } from "@/test/fixtures";

afterEach(() => vi.unstubAllGlobals());

const urls = (fetch: ReturnType<typeof vi.fn>) => fetch.mock.calls.map(calledPath);

/** Actions only regulators may take: none of them is offered to another role. */
const REGULATOR_ACTIONS = ["quick-register-psp", "quick-maintenance", "generate-report-button", "quick-kyc-review"];

function expectNoRegulatorActions() {
  for (const id of REGULATOR_ACTIONS) expect(screen.queryByTestId(id)).not.toBeInTheDocument();
}

describe("HomePage", () => {
  it("a regulator lands on national oversight, with the national figures", async () => {
    const fetch = vi.fn(routeFetch({ "GET /api/metrics": { status: 200, body: {} } }));
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<HomePage user={makeUser({ id: "o1", role: "cbsl_officer" })} />);
    expect(await screen.findByTestId("home-regulator")).toBeInTheDocument();
    expect(screen.getByTestId("quick-maintenance")).toBeInTheDocument();
    expect(urls(fetch)).toContain("/api/metrics");
  });

  it("institution staff land on their institution: its figures, licence and compliance, no national figures", async () => {
    const entry = {
      id: "p1", type: "psp", name: "Zaad", licenseNumber: "CB-PSP-0004", licenseStatus: "suspended", licenseExpiresAt: "2027-03-01T00:00:00Z",
      complianceStatus: "non_compliant", transactions30d: 1234, volumeUsd30d: "56789.50",
    };
    const fetch = vi.fn(routeFetch({ "GET /api/psps?limit=1": { status: 200, body: [entry] }, "GET /api/transactions?limit=5": { status: 200, body: [] } }));
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<HomePage user={makeUser({ id: "s1", role: "psp_admin", institution: "p1" })} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Zaad" })).toBeInTheDocument();
    expect(screen.getByTestId("home-transactions30d")).toHaveTextContent("1,234");
    expect(screen.getByTestId("home-volume30d")).toHaveTextContent("56,789.50 USD");
    expect(screen.getByTestId("home-licence")).toHaveTextContent("Suspended");
    expect(screen.getByTestId("home-licence")).toHaveTextContent("CB-PSP-0004");
    expect(screen.getByTestId("home-compliance")).toHaveTextContent("Non-compliant");
    expect(screen.getByTestId("home-action-transfers")).toHaveAttribute("href", "/transfers");
    expectNoRegulatorActions();
    expect(urls(fetch)).not.toContain("/api/metrics");
  });

  it("a citizen lands on their identity check and applications, with no regulator's action", async () => {
    const fetch = vi.fn(
      routeFetch({
        "GET /api/kyc-applications?limit=1": { status: 200, body: [{ id: "k1", status: "under_review", createdAt: "2026-11-20T09:30:00Z" }] },
        "GET /api/institution-applications?limit=5": { status: 200, body: [] },
        "GET /api/transactions?limit=5": { status: 200, body: [] },
      }),
    );
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<HomePage user={makeUser({ id: "c1", role: "citizen", firstName: "Hodan" })} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome, Hodan" })).toBeInTheDocument();
    expect(await screen.findByTestId("home-kyc-status")).toHaveTextContent("Under review");
    expect(await screen.findByTestId("home-applications-none")).toBeInTheDocument();
    expectNoRegulatorActions();
    expect(urls(fetch)).not.toContain("/api/metrics");
  });

  it("a guest sees the units left and what they buy; the recent transactions cost a unit, so they load on request", async () => {
    const fetch = vi.fn(routeFetch({ "GET /api/transactions?limit=5": { status: 200, body: [] } }));
    vi.stubGlobal("fetch", fetch);
    const guest: CurrentUser = makeUser({ id: "g1", role: "citizen", isGuest: true, guestUnitsRemaining: 7 });
    renderWithProviders(<HomePage user={guest} />);
    expect(screen.getByTestId("home-guest-units")).toHaveTextContent("7");
    expect(screen.getByTestId("home-guest-buys")).toHaveTextContent("The details of one transaction");
    expect(screen.queryByTestId("home-action-transfers")).not.toBeInTheDocument();
    expectNoRegulatorActions();
    expect(urls(fetch)).toEqual([]);
    fireEvent.click(screen.getByTestId("guest-load-recent"));
    expect(await screen.findByText("No transactions found")).toBeInTheDocument();
    expect(urls(fetch)).toEqual(["/api/transactions?limit=5"]);
  });
});
