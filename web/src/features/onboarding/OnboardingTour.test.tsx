import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { OnboardingTour } from "@/features/onboarding/OnboardingTour";
import { AUTO_PLAY_MS, ROLE_CHOICE_DELAY_MS } from "@/features/onboarding/tourSteps";

afterEach(() => {
  vi.useRealTimers();
});

function setup(props: Partial<Parameters<typeof OnboardingTour>[0]> = {}) {
  const onComplete = vi.fn();
  const onSkip = vi.fn();
  render(<OnboardingTour onComplete={onComplete} onSkip={onSkip} {...props} />);
  return { onComplete, onSkip };
}

const counter = () => screen.getByTestId("tour-step-counter");

/** Lets `n` auto-play periods pass, one at a time (each step schedules the next after rendering). */
function tick(n: number) {
  for (let i = 0; i < n; i++) act(() => vi.advanceTimersByTime(AUTO_PLAY_MS));
}

describe("OnboardingTour", () => {
  it("counts steps, disables Previous at step 0 and moves with Next, Previous and dots", () => {
    setup();
    expect(counter()).toHaveTextContent("Step 1 of 8");
    expect(screen.getByRole("heading", { name: "Welcome to Kormeer" })).toBeInTheDocument();
    expect(screen.getByTestId("tour-previous")).toBeDisabled();
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "13");
    fireEvent.click(screen.getByTestId("tour-next"));
    expect(counter()).toHaveTextContent("Step 2 of 8");
    expect(screen.getByTestId("tour-previous")).toBeEnabled();
    fireEvent.click(screen.getByTestId("tour-previous"));
    expect(counter()).toHaveTextContent("Step 1 of 8");
    fireEvent.click(screen.getByRole("button", { name: "Go to step 6: Security first" }));
    expect(counter()).toHaveTextContent("Step 6 of 8");
    expect(screen.getByRole("button", { name: /Go to step 6/ })).toHaveAttribute("aria-current", "step");
  });

  it("auto plays every 4 s and stops on the interactive role-choice step", () => {
    vi.useFakeTimers();
    setup();
    fireEvent.click(screen.getByRole("button", { name: "Auto Play" }));
    expect(screen.getByTestId("tour-autoplay")).toHaveTextContent("Pause");
    act(() => vi.advanceTimersByTime(AUTO_PLAY_MS - 1));
    expect(counter()).toHaveTextContent("Step 1 of 8");
    act(() => vi.advanceTimersByTime(1));
    expect(counter()).toHaveTextContent("Step 2 of 8");
    tick(2);
    expect(counter()).toHaveTextContent("Step 4 of 8");
    expect(screen.getByTestId("tour-autoplay")).toHaveTextContent("Auto Play");
    tick(5);
    expect(counter()).toHaveTextContent("Step 4 of 8");
  });

  it("auto play stops at the end", () => {
    vi.useFakeTimers();
    setup();
    fireEvent.click(screen.getByTestId("tour-dot-5"));
    fireEvent.click(screen.getByTestId("tour-autoplay"));
    tick(5);
    expect(counter()).toHaveTextContent("Step 8 of 8");
    expect(screen.getByTestId("tour-autoplay")).toHaveTextContent("Auto Play");
    expect(screen.getByTestId("tour-begin")).toHaveTextContent("Begin Application");
  });

  it("records the role choice and advances after 0.5 s, hiding Previous/Next on that step", () => {
    vi.useFakeTimers();
    const { onComplete } = setup();
    fireEvent.click(screen.getByTestId("tour-dot-3"));
    expect(counter()).toHaveTextContent("Step 4 of 8");
    expect(screen.queryByTestId("tour-next")).not.toBeInTheDocument();
    expect(screen.queryByTestId("tour-previous")).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: /Mobile Network Operator/ }));
    expect(screen.getByTestId("tour-role-mno")).toHaveAttribute("aria-pressed", "true");
    act(() => vi.advanceTimersByTime(ROLE_CHOICE_DELAY_MS - 1));
    expect(counter()).toHaveTextContent("Step 4 of 8");
    act(() => vi.advanceTimersByTime(1));
    expect(counter()).toHaveTextContent("Step 5 of 8");
    fireEvent.click(screen.getByTestId("tour-dot-7"));
    fireEvent.click(screen.getByRole("button", { name: "Begin Application" }));
    expect(onComplete).toHaveBeenCalledWith({ "role-choice": "mno" });
  });

  it("Skip Tour calls onSkip; initial answers are shown as chosen", () => {
    const { onSkip } = setup({ initialAnswers: { "role-choice": "bank" } });
    fireEvent.click(screen.getByTestId("tour-dot-3"));
    expect(screen.getByTestId("tour-role-bank")).toHaveAttribute("aria-pressed", "true");
    fireEvent.click(screen.getByRole("button", { name: "Skip Tour" }));
    expect(onSkip).toHaveBeenCalledTimes(1);
  });
});
