import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CompactTransactionsTable } from "@/features/transactions/CompactTransactionsTable";
import { formatMoney } from "@/features/transactions/money";

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
          row("01a2031d-aaaa", "completed"),
          row("02b2031d-bbbb", "processing"),
          row("03c2031d-cccc", "cancelled", { currency: "SHS", amount: "397908.50" }),
        ]}
      />,
    );
    const rows = screen.getAllByTestId("compact-row");
    expect(within(rows[0]!).getByText("01a2031d")).toBeInTheDocument();
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
