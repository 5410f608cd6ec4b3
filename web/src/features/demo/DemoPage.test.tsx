import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import type { CurrentUser } from "@/api/types";
import { DemoPage } from "@/features/demo/DemoPage";
import i18n from "@/i18n";
import { renderWithProviders, routeFetch } from "@/test/render";

afterEach(() => {
  vi.unstubAllGlobals();
});

const alert = { id: "a1", kind: "aml", title: "High-risk transaction TXN-1", severity: "high", alertType: "aml", createdAt: "2026-11-22T10:00:00Z" };
const tx = {
  id: "01a20338-5b03-7227-8c4d-9e0f1a2b3c4d",
  amount: "1250.00",
  currency: "USD",
  sender: "+252634123456",
  receiver: "ACC12345",
  status: "completed",
  riskLevel: "low",
  amlScore: 0,
  createdAt: "2026-11-22T10:00:00Z",
};

describe("DemoPage", () => {
  it("combines the four sections and switches language live", async () => {
    vi.stubGlobal(
      "fetch",
      routeFetch({
        "GET /api/alerts": { status: 200, body: [alert] },
        "GET /api/transactions?limit=5": { status: 200, body: [tx] },
      }),
    );
    renderWithProviders(<DemoPage user={{ id: "u", role: "cbsl_officer", isGuest: false } as CurrentUser} />);
    expect(screen.getByRole("heading", { level: 1, name: "Multilingual Demo" })).toBeInTheDocument();
    expect(await screen.findByText("High-risk transaction TXN-1")).toBeInTheDocument();
    expect(await screen.findByText("1a2b3c4d")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open the KYC form" })).toHaveAttribute("href", "/compliance#kyc");
    expect(screen.getByRole("button", { name: "Open the tour" })).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Soomaali" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Bandhigga luqadaha badan" })).toBeInTheDocument();
    expect(i18n.language).toBe("so");
    expect(screen.getByRole("button", { name: "Soomaali" })).toHaveAttribute("aria-pressed", "true");
    fireEvent.click(screen.getByRole("button", { name: "English" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Multilingual Demo" })).toBeInTheDocument();
  });

  it("lets guests load transactions on request only", () => {
    const fetch = vi.fn(routeFetch({ "GET /api/transactions?limit=5": { status: 200, body: [] } }));
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<DemoPage user={{ id: "g", role: "citizen", isGuest: true } as CurrentUser} />);
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId("demo-load-transactions"));
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
