import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { MonthFigures, SummaryMetrics } from "@/api/types";
import { MetricCards } from "@/features/dashboard/MetricCards";
import { renderWithProviders } from "@/test/render";

const month = (over: Partial<MonthFigures> = {}): MonthFigures => ({
  from: "2026-11-01",
  to: "2026-11-24",
  days: 24,
  transactions: 0,
  volumeUsd: "0.00",
  highRisk: 0,
  ...over,
});
const previous = (over: Partial<MonthFigures> = {}) => month({ from: "2026-10-01", to: "2026-10-24", ...over });

/** /api/metrics on an empty database on 24 November 2026. */
const empty: SummaryMetrics = {
  totalTransactions: 0,
  transactionVolume: "$0",
  activePsps: 0,
  complianceScore: 0,
  kycApplications: 0,
  kycCompliant: 0,
  month: month(),
  previousMonth: previous(),
  trends: { transactions: null, transactionVolume: null },
};

const regulatorLinks = { transactions: true, registry: true, kyc: true };
const card = (key: string) => screen.getByTestId(`metric-${key}`);

describe("MetricCards", () => {
  it("shows no trend without last month's figures, and says why", () => {
    renderWithProviders(
      <MetricCards
        metrics={{ ...empty, month: month({ transactions: 5, volumeUsd: "120.00" }) }}
        loading={false}
        links={regulatorLinks}
      />,
    );
    expect(card("monthTransactions")).toHaveTextContent("5");
    expect(card("monthTransactions")).toHaveTextContent("Nov 1 – 24, 2026 (UTC)");
    for (const key of ["monthTransactions", "monthVolume"]) {
      const trend = within(card(key)).getByTestId("metric-trend");
      expect(trend).toHaveAttribute("data-trend", "none");
      expect(trend).toHaveTextContent("No change shown: no transactions on Oct 1 – 24, 2026 to compare with");
      expect(trend).not.toHaveTextContent("%");
    }
  });

  it("shows the server's trend against the same days of last month", () => {
    renderWithProviders(
      <MetricCards
        metrics={{
          ...empty,
          month: month({ transactions: 30, volumeUsd: "1500.00" }),
          previousMonth: previous({ transactions: 40, volumeUsd: "1000.00" }),
          trends: { transactions: -25, transactionVolume: 50 },
        }}
        loading={false}
        links={regulatorLinks}
      />,
    );
    expect(within(card("monthTransactions")).getByTestId("metric-trend")).toHaveTextContent("-25% against Oct 1 – 24, 2026");
    expect(within(card("monthVolume")).getByTestId("metric-trend")).toHaveTextContent("+50% against Oct 1 – 24, 2026");
    expect(card("monthVolume")).toHaveTextContent("$1.5K");
    // Rates and counts not kept per month have no trend at all.
    expect(within(card("activePsps")).queryByTestId("metric-trend")).toBeNull();
    expect(within(card("kycApprovalRate")).queryByTestId("metric-trend")).toBeNull();
  });

  it("says what the KYC rate counts, and shows none without applications", () => {
    const { unmount } = renderWithProviders(
      <MetricCards metrics={{ ...empty, complianceScore: 43, kycApplications: 14, kycCompliant: 6 }} loading={false} links={regulatorLinks} />,
    );
    expect(card("kycApprovalRate")).toHaveTextContent("KYC approval rate43%6 of 14 KYC applications found compliant");
    unmount();
    renderWithProviders(<MetricCards metrics={empty} loading={false} links={regulatorLinks} />);
    expect(within(card("kycApprovalRate")).getByTestId("metric-value")).toHaveTextContent("—");
    expect(card("kycApprovalRate")).toHaveTextContent("No KYC applications yet");
  });

  it("opens the list behind each card, filtered to the card's period", () => {
    renderWithProviders(<MetricCards metrics={empty} loading={false} links={regulatorLinks} />);
    const href = "/transactions?dateFrom=2026-11-01&dateTo=2026-11-24";
    expect(screen.getByTestId("metric-link-monthTransactions")).toHaveAttribute("href", href);
    expect(screen.getByTestId("metric-link-monthVolume")).toHaveAttribute("href", href);
    expect(screen.getByTestId("metric-link-activePsps")).toHaveAttribute("href", "/psps");
    expect(screen.getByTestId("metric-link-kycApprovalRate")).toHaveAttribute("href", "/kyc");
  });

  it("counts the month's high-risk transactions and opens them", () => {
    const { unmount } = renderWithProviders(
      <MetricCards metrics={{ ...empty, month: month({ transactions: 30, highRisk: 9 }) }} loading={false} links={regulatorLinks} />,
    );
    const link = screen.getByTestId("metric-highRisk");
    expect(link).toHaveTextContent("9 flagged high risk");
    expect(link).toHaveAttribute("href", "/transactions?dateFrom=2026-11-01&dateTo=2026-11-24&highRisk=true");
    unmount();
    renderWithProviders(<MetricCards metrics={{ ...empty, month: month({ transactions: 30, highRisk: 9 }) }} loading={false} links={{ transactions: false, registry: false, kyc: false }} />);
    expect(screen.getByTestId("metric-highRisk").tagName).toBe("SPAN");
  });

  it("links only to lists the reader may open", () => {
    renderWithProviders(<MetricCards metrics={empty} loading={false} links={{ transactions: true, registry: false, kyc: false }} />);
    expect(screen.getByTestId("metric-link-monthTransactions")).toBeInTheDocument();
    expect(screen.queryByTestId("metric-link-activePsps")).toBeNull();
    expect(screen.queryByTestId("metric-link-kycApprovalRate")).toBeNull();
  });

  it("says the figures are national to a reader whose transactions list holds only their own", () => {
    renderWithProviders(<MetricCards metrics={empty} loading={false} links={{ transactions: false, registry: false, kyc: true }} />);
    expect(screen.queryByTestId("metric-link-monthTransactions")).toBeNull();
    expect(screen.queryByTestId("metric-link-monthVolume")).toBeNull();
    expect(card("monthTransactions")).toHaveTextContent("Nov 1 – 24, 2026 (UTC), all institutions");
  });

  it("shows a dash, not a number, for a figure the server did not send", () => {
    renderWithProviders(<MetricCards metrics={{}} loading={false} links={regulatorLinks} />);
    for (const key of ["monthTransactions", "monthVolume", "activePsps", "kycApprovalRate"]) {
      expect(within(card(key)).getByTestId("metric-value")).toHaveTextContent("—");
      expect(card(key)).toHaveTextContent("Not available");
    }
  });
});
