import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CurrentUser, SanctionsMatch } from "@/api/types";
import { SanctionsPage } from "@/features/sanctions/SanctionsPage";
import { renderWithProviders } from "@/test/render";
import { makeUser } from "@/test/fixtures";

const admin: CurrentUser = makeUser({ id: "a1", role: "cbsl_admin" });
const officer: CurrentUser = makeUser({ id: "o1", role: "cbsl_officer" });
const psp: CurrentUser = makeUser({ id: "p1", role: "psp_admin", institution: "psp-1" });

const match: SanctionsMatch = {
  id: "m1",
  subjectType: "transaction",
  subjectId: "t1",
  subjectRef: "TXN-20261124-ABC",
  subjectStatus: "pending",
  institutionId: "",
  party: "recipient",
  screenedName: "Abdirahman Mohamud Farah",
  ref: "CBS-2024-001",
  entryName: "Cabdiraxmaan Maxamuud Faarax",
  alias: "Cabdiraxmaan Maxamuud Faarax",
  score: 1,
  strength: "strong",
  explanation: {
    ref: "CBS-2024-001",
    entryName: "Cabdiraxmaan Maxamuud Faarax",
    alias: "Cabdiraxmaan Maxamuud Faarax",
    aliasQuality: "primary",
    score: 1,
    tokens: [{ query: "abdrahman", entry: "abdrahman", similarity: 1 }],
    reasons: ["order_swapped"],
    strength: "strong",
  },
  held: true,
  alertId: "al1",
  status: "open",
  reason: "",
  decidedAt: null,
  createdAt: "2026-11-24T10:00:00Z",
};

/** A fetch stub for the sanctions API that records the decisions posted. */
function sanctionsFetch() {
  const posted: unknown[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const u = new URL(url, "http://portal.test");
    let body: unknown = { message: "Not Found" };
    let status = 404;
    if (u.pathname === "/api/sanctions/matches") [status, body] = [200, { items: posted.length > 0 ? [] : [match] }];
    if (u.pathname === "/api/sanctions/versions") [status, body] = [200, { items: [] }];
    if (u.pathname === "/api/sanctions/matches/m1/decision") {
      posted.push(input instanceof Request ? await input.json() : JSON.parse(String(init?.body)));
      [status, body] = [200, { ...match, status: "false_positive" }];
    }
    return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  });
  return { fetch, posted };
}

afterEach(() => vi.unstubAllGlobals());

describe("SanctionsPage", () => {
  it("is refused to institutions", () => {
    const stub = sanctionsFetch();
    vi.stubGlobal("fetch", stub.fetch);
    renderWithProviders(<SanctionsPage user={psp} />, { path: "/sanctions" });
    expect(screen.getByRole("alert")).toHaveTextContent("Only central bank administrators and officers");
    expect(stub.fetch).not.toHaveBeenCalled();
  });

  it("explains a match and dismisses it only with a reason", async () => {
    const stub = sanctionsFetch();
    vi.stubGlobal("fetch", stub.fetch);
    renderWithProviders(<SanctionsPage user={officer} />, { path: "/sanctions" });
    const card = await screen.findByTestId("sanctions-match");
    expect(card).toHaveTextContent("Strong match");
    expect(card).toHaveTextContent("Transfer held");
    expect(card).toHaveTextContent("Matches list entry CBS-2024-001");
    expect(card).toHaveTextContent("Parts in another order");
    expect(within(card).getByRole("table")).toHaveTextContent("abdrahman");
    // Officers do not upload; the list is empty and says what that means.
    expect(screen.queryByTestId("sanctions-upload")).toBeNull();
    expect(await screen.findByText(/No list has been loaded yet/)).toBeInTheDocument();

    fireEvent.click(within(card).getByTestId("sanctions-dismiss"));
    expect(card).toHaveTextContent("Say why before deciding.");
    expect(stub.posted).toEqual([]);
    fireEvent.change(within(card).getByTestId("sanctions-reason"), { target: { value: "Different father" } });
    fireEvent.click(within(card).getByTestId("sanctions-dismiss"));
    await waitFor(() => expect(stub.posted).toEqual([{ decision: "false_positive", reason: "Different father" }]));
    expect(await screen.findByTestId("sanctions-queue-empty")).toBeInTheDocument();
  });

  it("offers the upload to administrators", async () => {
    vi.stubGlobal("fetch", sanctionsFetch().fetch);
    renderWithProviders(<SanctionsPage user={admin} />, { path: "/sanctions" });
    expect(await screen.findByTestId("sanctions-upload")).toBeInTheDocument();
    expect(screen.getByTestId("sanctions-upload-submit")).toBeDisabled();
  });
});
