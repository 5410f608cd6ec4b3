import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SanctionsMatch, TransactionDetail } from "@/api/types";
import { TransactionSanctions } from "@/features/transactions/TransactionSanctions";
import { renderWithProviders, routeFetch, calledPath } from "@/test/render";

/** The fields of a held transaction the section reads (the rest of the detail does not matter here). */
const held = {
  id: "tx-1",
  transactionId: "TXN-1",
  status: "pending",
  logs: [{ action: "created", newStatus: "pending", reasonCode: "sanctions_hold", reasonParams: {}, createdAt: "2026-11-24T06:00:00Z" }],
} as unknown as TransactionDetail;

const match: SanctionsMatch = {
  id: "m1", subjectType: "transaction", subjectId: "tx-1", subjectRef: "TXN-1", subjectStatus: "pending", institutionId: "psp-1",
  party: "recipient", screenedName: "Abdirahman Mohamud Farah", ref: "CBS-2024-001", entryName: "Abdirahman Mohamud Farah",
  alias: "Cabdiraxmaan Maxamuud Faarax", score: 0.97, strength: "strong",
  explanation: { ref: "CBS-2024-001", entryName: "Abdirahman Mohamud Farah", alias: "Cabdiraxmaan Maxamuud Faarax", aliasQuality: "good", score: 0.97, tokens: [], reasons: [], strength: "strong" },
  held: true, alertId: "a1", status: "open", reason: "", decidedAt: null, createdAt: "2026-11-24T06:00:00Z",
};

afterEach(() => vi.unstubAllGlobals());

describe("TransactionSanctions", () => {
  it("shows a regulator the match's entry, alias, score, strength and review status, with a link to /sanctions", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        routeFetch({
          "GET /api/auth/user": { status: 200, body: { id: "o1", role: "cbsl_officer" } },
          "GET /api/transactions/tx-1/sanctions": { status: 200, body: { items: [match] } },
        }),
      ),
    );
    renderWithProviders(<TransactionSanctions tx={held} />);
    const item = await screen.findByTestId("tx-sanctions-match");
    expect(item).toHaveTextContent("Abdirahman Mohamud Farah");
    expect(item).toHaveTextContent("CBS-2024-001");
    expect(item).toHaveTextContent("Cabdiraxmaan Maxamuud Faarax");
    expect(item).toHaveTextContent("0.97");
    expect(item).toHaveTextContent("Strong match");
    expect(screen.getByTestId("tx-sanctions-status")).toHaveTextContent("Open");
    expect(screen.getByTestId("tx-sanctions-link")).toHaveAttribute("href", "/sanctions");
    expect(screen.queryByTestId("tx-sanctions-held")).not.toBeInTheDocument();
  });

  it("tells an institution only that the transaction is held, without asking for the matches", async () => {
    const fetch = vi.fn(routeFetch({ "GET /api/auth/user": { status: 200, body: { id: "p1", role: "psp_admin", institution: "psp-1" } } }));
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<TransactionSanctions tx={held} />);
    expect(await screen.findByTestId("tx-sanctions-held")).toHaveTextContent("Held for a sanctions review by the central bank");
    expect(screen.queryByText(/CBS-2024-001/)).not.toBeInTheDocument();
    const asked = fetch.mock.calls.map(calledPath);
    expect(asked.some((u) => u.includes("/sanctions"))).toBe(false);
  });

  it("says nothing to an institution once the hold is released", async () => {
    vi.stubGlobal("fetch", vi.fn(routeFetch({ "GET /api/auth/user": { status: 200, body: { id: "p1", role: "psp_admin" } } })));
    const released = { ...held, status: "completed" } as TransactionDetail;
    // Beside a held one, whose notice shows that the signed-in person is known.
    renderWithProviders(
      <>
        <TransactionSanctions tx={released} />
        <TransactionSanctions tx={held} />
      </>,
    );
    await screen.findByTestId("tx-sanctions-held");
    expect(screen.getAllByTestId("tx-sanctions-held")).toHaveLength(1);
  });
});
