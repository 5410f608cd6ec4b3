import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CompactTransactionsTable } from "@/features/transactions/CompactTransactionsTable";
import { formatMoney } from "@/lib/money";

const row = (id: string, status: string, over: Record<string, unknown> = {}) => ({
  id,
  amount: "1234.50",
  currency: "USD",
  sender: "+252651234567",
  receiver: "ACC12345",
  status,
  riskLevel: "high",
  amlScore: 72,
  createdAt: "2026-03-05T10:00:00Z",
  ...over,
});

describe("CompactTransactionsTable", () => {
  it("shows 8-character ids, the status mapping, risk, score and 'MMM dd, yyyy' dates", () => {
    render(
      <CompactTransactionsTable
        transactions={[
          // Time-ordered ids of one minute share their first 8 characters; the last 8 tell them apart.
          row("019ab3c2-7d1e-7a4b-9c3d-5e6f1a2b3c4d", "completed"),
          row("019ab3c2-8f00-7c11-a0b2-77e8d9f0a1b2", "processing"),
          row("019ab3c2-9a9a-7e3e-b4c5-0c1d2e3f4a5b", "cancelled", { currency: "SHS", amount: "397908.50" }),
        ]}
      />,
    );
    const rows = screen.getAllByTestId("compact-row");
    expect(within(rows[0]!).getByText("1a2b3c4d")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("d9f0a1b2")).toBeInTheDocument();
    expect(within(rows[0]!).getByTitle("019ab3c2-7d1e-7a4b-9c3d-5e6f1a2b3c4d")).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent("Completed");
    expect(rows[1]).toHaveTextContent("Pending");
    expect(rows[2]).toHaveTextContent("Cancelled");
    expect(rows[0]).toHaveTextContent("1,234.50");
    expect(rows[2]).toHaveTextContent("397,909");
    expect(rows[0]).toHaveTextContent("High risk");
    expect(rows[0]).toHaveTextContent("72");
    expect(rows[0]).toHaveTextContent("Mar 05, 2026");
  });

  it("formats money without floats: 2 decimals USD, none SHS", () => {
    expect(formatMoney("250.5", "USD")).toBe("250.50 USD");
    expect(formatMoney(172500000, "SHS")).toBe("1,725,000 SHS");
    expect(formatMoney("99999999999.99", "USD")).toBe("99,999,999,999.99 USD");
  });
});
