import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import type { CurrentUser } from "@/api/types";
import { IsoPanel } from "@/features/switchfeed/IsoPanel";
import { SwitchFeedPage } from "@/features/switchfeed/SwitchFeedPage";
import type { DeadLetter, IsoDetail } from "@/features/switchfeed/types";
import { renderWithProviders, routeFetch } from "@/test/render";

afterEach(() => {
  vi.unstubAllGlobals();
});

const officer = { id: "u1", role: "cbsl_officer" } as CurrentUser;

const letter: DeadLetter = {
  id: "d1",
  stream: "SWITCH",
  subject: "switch.iso20022.in",
  streamSeq: 42,
  payload: "<Document/>",
  reason: "/Document/FIToFICstmrCdtTrf/CdtTrfTxInf[1]/CdtrAgt/FinInstnId: Unknown institution CB-BNK-0999",
  faults: [{ path: "/Document/FIToFICstmrCdtTrf/CdtTrfTxInf[1]/CdtrAgt/FinInstnId", message: "Unknown institution CB-BNK-0999" }],
  status: "open",
  attempts: 0,
  createdAt: "2026-11-24T10:00:00Z",
  updatedAt: "2026-11-24T10:00:00Z",
};

describe("SwitchFeedPage", () => {
  it("lists the open dead letters with their reason, and shows why a retry failed", async () => {
    const fetch = routeFetch({
      "GET /api/switch-feed/dead-letters?status=open": { status: 200, body: [letter] },
      "POST /api/switch-feed/dead-letters/d1/retry": {
        status: 400,
        body: {
          code: "invalid",
          message: "The ISO 20022 document is not valid: /Document/FIToFICstmrCdtTrf/CdtTrfTxInf[1]/CdtrAgt/FinInstnId: Unknown institution CB-BNK-0999",
          fields: { "/Document/FIToFICstmrCdtTrf/CdtTrfTxInf[1]/CdtrAgt/FinInstnId": { code: "invalid", message: "Unknown institution CB-BNK-0999" } },
        },
      },
    });
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<SwitchFeedPage user={officer} />);
    const card = await screen.findByTestId("dead-letter");
    expect(within(card).getByTestId("dead-letter-reason")).toHaveTextContent("Unknown institution CB-BNK-0999");
    expect(card).toHaveTextContent("switch.iso20022.in");
    fireEvent.click(within(card).getByTestId("dead-letter-retry"));
    expect(await within(card).findByTestId("dead-letter-error")).toHaveTextContent(
      "Still not valid: /Document/FIToFICstmrCdtTrf/CdtTrfTxInf[1]/CdtrAgt/FinInstnId: Unknown institution CB-BNK-0999",
    );
  });

  it("says when nothing waits", async () => {
    vi.stubGlobal("fetch", routeFetch({ "GET /api/switch-feed/dead-letters?status=open": { status: 200, body: [] } }));
    renderWithProviders(<SwitchFeedPage user={officer} />);
    expect(await screen.findByTestId("dead-letters-empty")).toHaveTextContent("every message from the switch was stored");
  });

  it("tells institution staff the dead letters are not theirs to see", () => {
    renderWithProviders(<SwitchFeedPage user={{ id: "u2", role: "psp_admin" } as CurrentUser} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Only the central bank's staff");
  });
});

describe("IsoPanel", () => {
  it("shows the identifiers and the status history, marking a report that came late", async () => {
    const detail: IsoDetail = {
      messageType: "pacs.008.001.08",
      msgId: "MSG-1",
      endToEndId: "E2E-1",
      uetr: "eb6305c9-1f7f-49de-aed0-16487c27b42d",
      debtorAgent: "PREMIUM-WALLET",
      history: [
        { msgId: "STS-1", statusCode: "ACSC", outcome: "settled", applied: true, reportedAt: "2026-11-24T10:00:00Z", receivedAt: "2026-11-24T10:00:01Z" },
        { msgId: "STS-2", statusCode: "ACCP", outcome: "accepted", applied: false, reportedAt: "2026-11-24T10:00:02Z", receivedAt: "2026-11-24T10:00:03Z" },
      ],
    };
    vi.stubGlobal("fetch", routeFetch({ "GET /api/transactions/t1/iso20022": { status: 200, body: detail } }));
    renderWithProviders(<IsoPanel id="t1" />);
    const panel = await screen.findByTestId("tx-detail-iso");
    expect(panel).toHaveTextContent("eb6305c9-1f7f-49de-aed0-16487c27b42d");
    expect(panel).toHaveTextContent("E2E-1");
    const entries = within(panel).getAllByTestId("tx-iso-status");
    expect(entries[0]).toHaveTextContent("Settled");
    expect(entries[1]).toHaveTextContent("came late: status unchanged");
  });

  it("shows nothing for a transaction that did not come from the switch", async () => {
    const fetch = vi.fn(routeFetch({ "GET /api/transactions/t2/iso20022": { status: 404, body: { message: "ISO 20022 payment not found." } } }));
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<IsoPanel id="t2" />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50)); // the 404 answer has been read
    expect(screen.queryByTestId("tx-detail-iso")).toBeNull();
    expect(screen.queryByText("ISO 20022 (national switch)")).toBeNull();
  });
});
