import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen } from "@testing-library/react";
import { FinancialCarousel } from "@/features/landing/FinancialCarousel";
import { buildSlides } from "@/features/landing/carouselSlides";
import { renderInHost as render } from "@/features/landing/testing";
import { makePublicSummary } from "@/test/fixtures";

const current = () => screen.getByTestId("carousel-slide").getAttribute("data-slide");
const ORDER = ["transactions", "usd", "shs", "institutions"];

/** The summary of a database with nothing in it yet. */
const empty = makePublicSummary({
  transactions: 0,
  byCurrency: [
    { currency: "SHS", transactions: 0, value: "0.00", dailyAverage: "0.00" },
    { currency: "USD", transactions: 0, value: "0.00", dailyAverage: "0.00" },
  ],
  previousPeriod: { from: "2026-09-26", to: "2026-10-25", days: 30, transactions: 0 },
  transactionGrowth: null,
  licensedInstitutions: { total: 0, psp: 0, mno: 0, bank: 0 },
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("FinancialCarousel", () => {
  it("shows the loading text while the figures load", () => {
    render(<FinancialCarousel summary={undefined} isLoading />);
    expect(screen.getByText("Loading financial data...")).toBeInTheDocument();
  });

  it("says the figures are unavailable when they could not be loaded, and shows none", () => {
    render(<FinancialCarousel summary={null} isLoading={false} />);
    expect(screen.getByTestId("carousel-unavailable")).toHaveTextContent("The figures cannot be loaded right now");
    expect(screen.queryByTestId("carousel-value")).toBeNull();
  });

  it("advances every 4 s and wraps to the first slide", () => {
    render(<FinancialCarousel summary={makePublicSummary()} isLoading={false} />);
    expect(current()).toBe("transactions");
    act(() => vi.advanceTimersByTime(3999));
    expect(current()).toBe("transactions");
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe("usd");
    for (let i = 2; i < ORDER.length; i++) act(() => vi.advanceTimersByTime(4000));
    expect(current()).toBe("institutions");
    act(() => vi.advanceTimersByTime(4000));
    expect(current()).toBe("transactions");
  });

  it("wraps backwards with Previous and stops auto-play on manual navigation", () => {
    render(<FinancialCarousel summary={makePublicSummary()} isLoading={false} />);
    fireEvent.click(screen.getByRole("button", { name: "Previous slide" }));
    expect(current()).toBe("institutions");
    expect(screen.getByTestId("carousel-autoplay")).toHaveTextContent("Resume Auto-play");
    act(() => vi.advanceTimersByTime(20_000));
    expect(current()).toBe("institutions");
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(current()).toBe("transactions");
  });

  it("dots and preview cards jump to a slide and stop auto-play", () => {
    render(<FinancialCarousel summary={makePublicSummary()} isLoading={false} />);
    fireEvent.click(screen.getByTestId("carousel-dot-3"));
    expect(current()).toBe("institutions");
    fireEvent.click(screen.getByTestId("carousel-preview-2"));
    expect(current()).toBe("shs");
    act(() => vi.advanceTimersByTime(10_000));
    expect(current()).toBe("shs");
  });

  it("pause and resume toggle auto-play; paused slides are announced politely", () => {
    render(<FinancialCarousel summary={makePublicSummary()} isLoading={false} />);
    const toggle = screen.getByTestId("carousel-autoplay");
    expect(toggle).toHaveTextContent("Pause Auto-play");
    const live = screen.getByTestId("carousel-slide").parentElement!;
    expect(live).toHaveAttribute("aria-live", "off");
    fireEvent.click(toggle);
    expect(toggle).toHaveTextContent("Resume Auto-play");
    expect(live).toHaveAttribute("aria-live", "polite");
    act(() => vi.advanceTimersByTime(8000));
    expect(current()).toBe("transactions");
    fireEvent.click(toggle);
    act(() => vi.advanceTimersByTime(4000));
    expect(current()).toBe("usd");
  });

  it("exposes carousel semantics", () => {
    render(<FinancialCarousel summary={makePublicSummary()} isLoading={false} />);
    expect(screen.getByTestId("financial-carousel")).toHaveAttribute("aria-roledescription", "carousel");
    expect(screen.getByTestId("carousel-slide")).toHaveAttribute("aria-roledescription", "slide");
    expect(screen.getByTestId("carousel-slide")).toHaveAttribute("aria-label", "1 of 4");
    expect(screen.getAllByRole("button", { name: /Go to slide/ })).toHaveLength(4);
  });

  it("shows each figure with the period it covers", () => {
    render(<FinancialCarousel summary={makePublicSummary()} isLoading={false} />);
    const slide = () => screen.getByTestId("carousel-slide");
    expect(screen.getByTestId("carousel-value")).toHaveTextContent("1,589");
    expect(slide()).toHaveTextContent("Oct 26 – Nov 24, 2026, the last 30 days (UTC)");
    expect(slide()).toHaveTextContent("+32.4% against Sep 26 – Oct 25, 2026");
    fireEvent.click(screen.getByTestId("carousel-next"));
    expect(screen.getByTestId("carousel-value")).toHaveTextContent("$1.2M");
    expect(slide()).toHaveTextContent("1,000 transactions");
    expect(slide()).toHaveTextContent("$41.2K a day on average");
    fireEvent.click(screen.getByTestId("carousel-next"));
    expect(screen.getByTestId("carousel-value")).toHaveTextContent("3.5B SHS");
    fireEvent.click(screen.getByTestId("carousel-next"));
    expect(screen.getByTestId("carousel-value")).toHaveTextContent("9");
    expect(slide()).toHaveTextContent("PSPs: 4 · MNOs: 3 · Banks: 2");
    expect(slide()).toHaveTextContent("As of Nov 24, 2026");
  });

  it("says so where there is no data, never a made-up number", () => {
    render(<FinancialCarousel summary={empty} isLoading={false} />);
    for (const key of ORDER) {
      expect(current()).toBe(key);
      const value = screen.getByTestId("carousel-value");
      expect(value).toHaveAttribute("data-empty", "true");
      expect(value.textContent).not.toMatch(/\d/);
      fireEvent.click(screen.getByTestId("carousel-next"));
    }
    expect(screen.getByTestId("carousel-slide")).toHaveTextContent("No transactions on Sep 26 – Oct 25, 2026 to compare with");
    expect(screen.getAllByTestId(/carousel-preview-/).map((p) => p.textContent)).toEqual([
      "Transactions—",
      "Payments in US dollars—",
      "Payments in Somaliland shillings—",
    ]);
  });
});

describe("buildSlides", () => {
  it("has no slides without a summary, and none of the prototype's fixed figures", () => {
    expect(buildSlides(null)).toEqual([]);
    expect(buildSlides(undefined)).toEqual([]);
    const values = buildSlides(makePublicSummary()).map((s) => s.value);
    expect(values).toEqual(["1,589", "$1.2M", "3.5B SHS", "9"]);
    for (const fixed of ["$125.7M", "$1.8M", "$58,000", "12", "95%", "+12.5%"]) expect(values).not.toContain(fixed);
  });

  it("shows a currency with transactions and says so for one without", () => {
    const slides = buildSlides(
      makePublicSummary({
        transactions: 3,
        byCurrency: [
          { currency: "SHS", transactions: 0, value: "0.00", dailyAverage: "0.00" },
          { currency: "USD", transactions: 3, value: "30.00", dailyAverage: "1.00" },
        ],
      }),
    );
    expect(slides[1]).toMatchObject({ value: "$30", lines: [{ key: "carousel.period" }, { key: "carousel.transactionsCount", options: { count: 3 } }, { key: "carousel.dailyAverage" }] });
    expect(slides[2]).toMatchObject({ value: null, emptyKey: "carousel.noTransactions", lines: [{ key: "carousel.period" }] });
  });
});
