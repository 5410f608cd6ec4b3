import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TransferInstitution } from "@/features/transfers/engine";
import { TransferForm } from "@/features/transfers/TransferForm";
import { renderWithProviders, routeFetch } from "@/test/render";

/** What GET /api/transfer/institutions answers: Waafi is suspended (left out), Sahal-Pay newly licensed. */
const registry: TransferInstitution[] = [
  { id: "p1", type: "wallet", name: "Premium-Wallet", modes: ["offline", "online"], ussdCode: "*770#", numberPrefixes: ["+252 65"], licenseStatus: "active" },
  { id: "p2", type: "wallet", name: "Zaad", modes: ["offline"], ussdCode: "*712#", numberPrefixes: ["+252 63"], licenseStatus: "active" },
  { id: "p3", type: "wallet", name: "Sahal-Pay", modes: ["offline", "online"], ussdCode: "*220#", numberPrefixes: ["+252 62"], licenseStatus: "active" },
  { id: "b1", type: "bank", name: "Dahabshiil", modes: ["offline", "online"], accountPrefix: "DBI-", licenseStatus: "active" },
];

const receipt = {
  id: "t1", transactionId: "TXN-1", npssReference: "NPSS1", status: "processing", amount: "20.00", fee: "0.40", total: "20.40",
  currency: "USD", flowType: "P2P", settlementMode: "batch", ussdCode: "*220#",
  route: { id: "p2p-internal", name: "P2P internal", routingCode: "NPSS-P2P-INT" }, routes: [],
  bridgeFees: { processingFee: 2, routingFee: 50, settlementFee: 25, totalFee: 77 }, amlScore: 0, riskLevel: "low", amlRules: [],
  createdAt: "2026-11-24T06:00:00Z",
};

const options = (select: HTMLElement) =>
  within(select)
    .getAllByRole("option")
    .map((o) => (o as HTMLOptionElement).value)
    .filter(Boolean);

const choose = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

afterEach(() => vi.unstubAllGlobals());

describe("TransferForm reads the licence registry", () => {
  it("offers the API's operators and banks per mode, fills the USSD code and sends their prefixes", async () => {
    let posted: Record<string, unknown> | null = null;
    const answer = routeFetch({
      "GET /api/transfer/institutions": { status: 200, body: registry },
      "POST /api/transfer": { status: 201, body: receipt },
      "GET /api/transfer/quote?amount=20.00&currency=USD": { status: 200, body: { amount: "20.00", currency: "USD", fee: "0.40", total: "20.40" } },
    });
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (input instanceof Request && input.method === "POST") posted = (await input.clone().json()) as Record<string, unknown>;
      return answer(input, init);
    });
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<TransferForm post={vi.fn()} />);

    choose("sender-type", "wallet");
    await waitFor(() => expect(screen.getByTestId("sender-institution")).toBeEnabled());
    expect(options(screen.getByTestId("sender-institution"))).toEqual(["Premium-Wallet", "Zaad", "Sahal-Pay"]);
    choose("transfer-mode", "online");
    expect(options(screen.getByTestId("sender-institution"))).toEqual(["Premium-Wallet", "Sahal-Pay"]);
    choose("receiver-type", "bank");
    expect(options(screen.getByTestId("receiver-institution"))).toEqual(["Dahabshiil"]);

    choose("transfer-mode", "offline");
    choose("transfer-currency", "USD");
    choose("sender-institution", "Sahal-Pay");
    expect(screen.getByTestId("ussd-code")).toHaveValue("*220#");
    expect(screen.getByText("Numbers start with +252 62")).toBeInTheDocument();
    choose("receiver-type", "wallet");
    choose("receiver-institution", "Premium-Wallet");
    choose("sender-number", "+252 62 1234567");
    choose("receiver-number", "+252 65 7654321");
    choose("transfer-amount", "20");
    // The fee shown is the server's quote, the one the transfer is charged.
    await waitFor(() => expect(screen.getByTestId("fee-value")).toHaveTextContent("0.40 USD"));
    expect(screen.getByTestId("total-value")).toHaveTextContent("20.40 USD");
    fireEvent.click(screen.getByTestId("transfer-submit"));
    fireEvent.click(await screen.findByTestId("confirm-transfer"));
    await waitFor(() => expect(posted).not.toBeNull());
    expect(posted).toMatchObject({ senderInstitution: "Sahal-Pay", senderPrefix: "+252 62", receiverPrefix: "+252 65", ussdCode: "*220#" });
  });

  it("says when the registry cannot be read instead of offering a stale list", async () => {
    vi.stubGlobal("fetch", vi.fn(routeFetch({ "GET /api/transfer/institutions": { status: 500, body: { message: "down" } } })));
    renderWithProviders(<TransferForm post={vi.fn()} />);
    choose("sender-type", "wallet");
    expect(await screen.findAllByText("The licensed operators and banks could not be loaded. Reload the page to try again.")).not.toHaveLength(0);
    expect(options(screen.getByTestId("sender-institution"))).toEqual([]);
  });

});

describe("TransferForm sends the parties' names for sanctions screening", () => {
  const citizen = { id: "u1", role: "citizen", firstName: "Hodan", lastName: "Warsame Ali" };

  /** Fills a valid online wallet-to-wallet transfer of 20 USD. */
  async function fillTransfer() {
    choose("transfer-mode", "online");
    choose("transfer-currency", "USD");
    choose("sender-type", "wallet");
    await waitFor(() => expect(screen.getByTestId("sender-institution")).toBeEnabled());
    choose("sender-institution", "Sahal-Pay");
    choose("receiver-type", "wallet");
    choose("receiver-institution", "Premium-Wallet");
    choose("sender-number", "+252 62 1234567");
    choose("receiver-number", "+252 65 7654321");
    choose("transfer-amount", "20");
    await waitFor(() => expect(screen.getByTestId("fee-value")).toHaveTextContent("0.40 USD"));
  }

  function stub(status: string, user: unknown) {
    const bodies: Record<string, unknown>[] = [];
    const answer = routeFetch({
      "GET /api/auth/user": { status: 200, body: user },
      "GET /api/transfer/institutions": { status: 200, body: registry },
      "POST /api/transfer": { status: 201, body: { ...receipt, status } },
      "GET /api/transfer/quote?amount=20.00&currency=USD": { status: 200, body: { amount: "20.00", currency: "USD", fee: "0.40", total: "20.40" } },
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (input instanceof Request && input.method === "POST") bodies.push((await input.clone().json()) as Record<string, unknown>);
        return answer(input, init);
      }),
    );
    return bodies;
  }

  it("prefills a citizen's own name as the sender's, sends both names trimmed and says a held transfer is pending review", async () => {
    const bodies = stub("pending", citizen);
    renderWithProviders(<TransferForm post={vi.fn()} />);
    await waitFor(() => expect(screen.getByTestId("sender-name")).toHaveValue("Hodan Warsame Ali"));
    await fillTransfer();
    choose("recipient-name", "  Abdirahman Mohamud Farah ");
    fireEvent.click(screen.getByTestId("transfer-submit"));
    const dialog = await screen.findByTestId("confirm-dialog");
    expect(within(dialog).getByText("Abdirahman Mohamud Farah")).toBeInTheDocument();
    fireEvent.click(within(dialog).getByTestId("confirm-transfer"));
    const receiptPanel = await screen.findByTestId("transfer-receipt");
    expect(bodies[0]).toMatchObject({ senderName: "Hodan Warsame Ali", recipientName: "Abdirahman Mohamud Farah" });
    expect(within(receiptPanel).getByRole("heading", { name: "Transfer pending review" })).toBeInTheDocument();
    expect(within(receiptPanel).getByTestId("receipt-outcome")).toHaveTextContent("held for a compliance review");
    // The next transfer starts again from the citizen's own name.
    expect(screen.getByTestId("sender-name")).toHaveValue("Hodan Warsame Ali");
  });

  it("leaves staff's sender name empty, sends no empty names and calls a completed transfer a success", async () => {
    const bodies = stub("completed", { id: "u2", role: "psp_admin", firstName: "Amina", lastName: "Yusuf" });
    renderWithProviders(<TransferForm post={vi.fn()} />);
    await fillTransfer();
    expect(screen.getByTestId("sender-name")).toHaveValue("");
    fireEvent.click(screen.getByTestId("transfer-submit"));
    fireEvent.click(await screen.findByTestId("confirm-transfer"));
    const receiptPanel = await screen.findByTestId("transfer-receipt");
    expect(bodies[0]).not.toHaveProperty("senderName");
    expect(bodies[0]).not.toHaveProperty("recipientName");
    expect(within(receiptPanel).getByRole("heading", { name: "Transfer receipt" })).toBeInTheDocument();
  });

  it("refuses a name over 200 bytes as the server does, before the confirmation", async () => {
    const bodies = stub("completed", citizen);
    renderWithProviders(<TransferForm post={vi.fn()} />);
    await fillTransfer();
    // 101 two-byte letters: 101 characters, 202 bytes, which the server refuses.
    choose("recipient-name", "é".repeat(101));
    fireEvent.click(screen.getByTestId("transfer-submit"));
    expect(await screen.findAllByText("A name may have at most 200 characters")).not.toHaveLength(0);
    expect(screen.getByTestId("recipient-name")).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByTestId("confirm-dialog")).not.toBeInTheDocument();
    choose("recipient-name", "x".repeat(200));
    expect(screen.getByTestId("recipient-name")).not.toHaveAttribute("aria-invalid");
    fireEvent.click(screen.getByTestId("transfer-submit"));
    expect(await screen.findByTestId("confirm-dialog")).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });
});
