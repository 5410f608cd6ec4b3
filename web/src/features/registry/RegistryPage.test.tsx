import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CurrentUser, RegistryEntry } from "@/api/types";
import { parsePrefixes, routingParts } from "@/features/registry/registry";
import { RegistryPage } from "@/features/registry/RegistryPage";
import { renderWithProviders, routeFetch, calledPath } from "@/test/render";
import { makeUser } from "@/test/fixtures";

const admin: CurrentUser = makeUser({ id: "a1", role: "cbsl_admin", firstName: "Amina", lastName: "Warsame" });
const officer: CurrentUser = makeUser({ id: "o1", role: "cbsl_officer", firstName: "Abdi", lastName: "Yusuf" });

const entry = (over: Partial<RegistryEntry>): RegistryEntry => ({
  id: "p1", type: "psp", name: "Premium-Wallet", code: "PREMIUM-WALLET", licenseNumber: "CB-PSP-0001", contactEmail: null,
  contactPhone: null, address: null, logoUrl: null, complianceStatus: "under_review", licenseStatus: "active",
  licenseStatusReason: null, isActive: true, licenseIssuedAt: null, licenseExpiresAt: null, transactions30d: 0, volumeUsd30d: "0.00",
  complianceReason: null, complianceSince: null, createdAt: "2026-01-01T00:00:00Z",
  routing: { modes: ["offline", "online"], ussdCode: "*770#", numberPrefixes: ["+252 65"], accountPrefix: "" },
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe("routing in the registry", () => {
  it("summarizes routing and reads the prefixes typed", () => {
    expect(routingParts(entry({}).routing)).toEqual(["*770#", "+252 65"]);
    expect(routingParts({ modes: [], ussdCode: "*1#", numberPrefixes: [], accountPrefix: "" })).toBeNull();
    expect(routingParts(undefined)).toBeNull();
    expect(parsePrefixes(" +252 65, ,+252 66 ")).toEqual(["+252 65", "+252 66"]);
  });

  it("lets an administrator edit a PSP's routing and shows the server's field errors", async () => {
    const bodies: unknown[] = [];
    const answers = [
      { status: 400, body: { message: "Please correct the routing details.", fields: { ussdCode: "Write the USSD code as *, digits and #, such as *770#" } } },
      { status: 200, body: entry({}) },
    ];
    const list = routeFetch({ "GET /api/psps": { status: 200, body: [entry({}), entry({ id: "p2", name: "Hawl-Pay", routing: { modes: [], ussdCode: "", numberPrefixes: [], accountPrefix: "" } })] } });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (input instanceof Request && input.method === "PATCH") {
          expect(calledPath([input])).toBe("/api/psps/p1/routing");
          bodies.push(await input.json());
          const a = answers.shift();
          return new Response(JSON.stringify(a?.body), { status: a?.status ?? 500, headers: { "Content-Type": "application/json", "Content-Language": "en" } });
        }
        return list(input, init);
      }),
    );
    renderWithProviders(<RegistryPage kind="psp" user={admin} />);
    const rows = await screen.findAllByTestId("registry-row");
    expect(within(rows[1] as HTMLElement).getByTestId("routing-cell")).toHaveTextContent("Not in transfers");
    const cell = within(rows[0] as HTMLElement).getByTestId("routing-cell");
    expect(within(cell).getByText("*770#")).toBeInTheDocument();
    expect(within(cell).getByText("+252 65")).toBeInTheDocument();
    expect(within(cell).getByText("Offline")).toBeInTheDocument();
    fireEvent.click(within(rows[0] as HTMLElement).getByTestId("routing-edit"));
    const dialog = await screen.findByTestId("routing-dialog");
    expect(within(dialog).getByTestId("routing-mode-offline")).toBeChecked();
    fireEvent.click(within(dialog).getByTestId("routing-mode-offline"));
    fireEvent.change(within(dialog).getByTestId("routing-ussd"), { target: { value: "770" } });
    fireEvent.change(within(dialog).getByTestId("routing-prefixes"), { target: { value: "+252 65, +252 66" } });
    fireEvent.click(within(dialog).getByTestId("routing-save"));
    expect(await within(dialog).findByText("Write the USSD code as *, digits and #, such as *770#")).toBeInTheDocument();
    expect(bodies[0]).toEqual({ modes: ["online"], ussdCode: "770", numberPrefixes: ["+252 65", "+252 66"] });
    fireEvent.change(within(dialog).getByTestId("routing-ussd"), { target: { value: "*770#" } });
    fireEvent.click(within(dialog).getByTestId("routing-save"));
    await waitFor(() => expect(screen.queryByTestId("routing-dialog")).not.toBeInTheDocument());
    expect(bodies).toHaveLength(2);
  });

  it("shows a bank's account prefix to an officer, who may not edit routing", async () => {
    const bank = entry({ id: "b1", type: "bank", name: "Dahabshiil", code: "DBI-", routing: { modes: ["online"], ussdCode: "", numberPrefixes: [], accountPrefix: "DBI-" } });
    vi.stubGlobal("fetch", vi.fn(routeFetch({ "GET /api/banks": { status: 200, body: [bank] } })));
    renderWithProviders(<RegistryPage kind="bank" user={officer} />);
    const [row] = await screen.findAllByTestId("registry-row");
    expect(within(row as HTMLElement).getByTestId("routing-cell")).toHaveTextContent("DBI-");
    expect(within(row as HTMLElement).queryByTestId("routing-edit")).not.toBeInTheDocument();
    expect(within(row as HTMLElement).getByTestId("license-suspend")).toBeInTheDocument();
  });
});
