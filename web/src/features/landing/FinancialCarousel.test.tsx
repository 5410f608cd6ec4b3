import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { FinancialCarousel } from "@/features/landing/FinancialCarousel";
import { buildSlides } from "@/features/landing/carouselSlides";

const current = () => screen.getByTestId("carousel-slide").getAttribute("data-slide");
const ORDER = [
  "totalBalance",
  "monthlyVolume",
  "dailyAverage",
  "activeInstitutions",
  "complianceScore",
  "monthlyGrowth",
];

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("FinancialCarousel", () => {
  it("shows the loading text while metrics load", () => {
    render(<FinancialCarousel metrics={undefined} isLoading />);
    expect(screen.getByText("Loading financial data...")).toBeInTheDocument();
  });

  it("advances every 4 s and wraps to the first slide", () => {
    render(<FinancialCarousel metrics={null} isLoading={false} />);
    expect(current()).toBe("totalBalance");
    act(() => vi.advanceTimersByTime(3999));
    expect(current()).toBe("totalBalance");
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe("monthlyVolume");
    for (let i = 2; i < 6; i++) act(() => vi.advanceTimersByTime(4000));
    expect(current()).toBe("monthlyGrowth");
    act(() => vi.advanceTimersByTime(4000));
    expect(current()).toBe("totalBalance");
  });

  it("wraps backwards with Previous and stops auto-play on manual navigation", () => {
    render(<FinancialCarousel metrics={null} isLoading={false} />);
    fireEvent.click(screen.getByRole("button", { name: "Previous slide" }));
    expect(current()).toBe("monthlyGrowth");
    expect(screen.getByTestId("carousel-autoplay")).toHaveTextContent("Resume Auto-play");
    act(() => vi.advanceTimersByTime(20_000));
    expect(current()).toBe("monthlyGrowth");
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }));
    expect(current()).toBe("totalBalance");
  });

  it("dots and preview cards jump to a slide and stop auto-play", () => {
    render(<FinancialCarousel metrics={null} isLoading={false} />);
    fireEvent.click(screen.getByTestId("carousel-dot-4"));
    expect(current()).toBe("complianceScore");
    fireEvent.click(screen.getByTestId("carousel-preview-2"));
    expect(current()).toBe("dailyAverage");
    act(() => vi.advanceTimersByTime(10_000));
    expect(current()).toBe("dailyAverage");
  });

  it("pause and resume toggle auto-play; paused slides are announced politely", () => {
    render(<FinancialCarousel metrics={null} isLoading={false} />);
    const toggle = screen.getByTestId("carousel-autoplay");
    expect(toggle).toHaveTextContent("Pause Auto-play");
    const live = screen.getByTestId("carousel-slide").parentElement!;
    expect(live).toHaveAttribute("aria-live", "off");
    fireEvent.click(toggle);
    expect(toggle).toHaveTextContent("Resume Auto-play");
    expect(live).toHaveAttribute("aria-live", "polite");
    act(() => vi.advanceTimersByTime(8000));
    expect(current()).toBe("totalBalance");
    fireEvent.click(toggle);
    act(() => vi.advanceTimersByTime(4000));
    expect(current()).toBe("monthlyVolume");
  });

  it("exposes carousel semantics", () => {
    render(<FinancialCarousel metrics={null} isLoading={false} />);
    expect(screen.getByTestId("financial-carousel")).toHaveAttribute("aria-roledescription", "carousel");
    expect(screen.getByTestId("carousel-slide")).toHaveAttribute("aria-roledescription", "slide");
    expect(screen.getByTestId("carousel-slide")).toHaveAttribute("aria-label", "1 of 6");
    expect(screen.getAllByRole("button", { name: /Go to slide/ })).toHaveLength(6);
  });
});

describe("buildSlides", () => {
  it("uses the spec's fallbacks when metrics are empty", () => {
    for (const metrics of [null, undefined, {}, { transactionVolume: null, activePsps: null, complianceScore: null, totalTransactions: null }]) {
      const slides = buildSlides(metrics);
      expect(slides.map((s) => s.key)).toEqual(ORDER);
      expect(slides.map((s) => s.value)).toEqual(["$125.7M", "$1.8M", "$58,000", "12", "95%", "+12.5%"]);
      expect(slides[1]!.secondary?.count).toBe(9);
    }
  });

  it("uses live metrics when present, including zeros", () => {
    const slides = buildSlides({
      totalTransactions: 1234,
      transactionVolume: "$2.4M",
      activePsps: 0,
      complianceScore: 87,
    });
    expect(slides[1]!.value).toBe("$2.4M");
    expect(slides[1]!.secondary).toMatchObject({ count: 1234, formatted: "1,234" });
    expect(slides[3]!.value).toBe("0");
    expect(slides[4]!.value).toBe("87%");
  });

  it("renders the secondary transaction count on the volume slide", () => {
    render(<FinancialCarousel metrics={{ totalTransactions: 1 }} isLoading={false} />);
    fireEvent.click(screen.getByTestId("carousel-next"));
    expect(screen.getByTestId("carousel-secondary")).toHaveTextContent("1 transaction");
    expect(screen.getByTestId("carousel-value")).toHaveTextContent("$1.8M");
  });
});
