import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen } from "@testing-library/react";
import { ApplyFlow } from "@/features/applications/ApplyPage";
import { renderWithProviders } from "@/test/render";

afterEach(() => {
  vi.useRealTimers();
});

function chooseAndBegin(role: "psp" | "mno" | "bank") {
  vi.useFakeTimers();
  fireEvent.click(screen.getByTestId("tour-dot-3"));
  fireEvent.click(screen.getByTestId(`tour-role-${role}`));
  act(() => vi.advanceTimersByTime(500));
  fireEvent.click(screen.getByTestId("tour-dot-7"));
  fireEvent.click(screen.getByTestId("tour-begin"));
  vi.useRealTimers();
}

describe("application page wizard", () => {
  it("starts with the story and prefills the type from the wizard's choice", () => {
    renderWithProviders(<ApplyFlow />, { path: "/apply" });
    expect(screen.getByTestId("onboarding-tour")).toBeInTheDocument();
    expect(screen.getByTestId("application-form")).not.toBeVisible();
    chooseAndBegin("mno");
    expect(screen.queryByTestId("onboarding-tour")).not.toBeInTheDocument();
    expect(screen.getByTestId("apply-welcome")).toHaveTextContent(
      "Welcome, Mobile Network Operator! Complete your institution application below.",
    );
    expect(screen.getByTestId("type-mno")).toBeChecked();
    expect(screen.getByTestId("next-steps")).toHaveTextContent("5–10 business days");
  });

  it("opens the form at once for the dashboard's Register PSP (?form=1), the type chosen", () => {
    renderWithProviders(<ApplyFlow />, { path: "/apply?type=psp&form=1" });
    expect(screen.queryByTestId("onboarding-tour")).not.toBeInTheDocument();
    expect(screen.getByTestId("application-form")).toBeVisible();
    expect(screen.getByTestId("type-psp")).toBeChecked();
    fireEvent.click(screen.getByTestId("back-to-story"));
    expect(screen.getByTestId("onboarding-tour")).toBeInTheDocument();
  });

  it("skipping shows Let's Get Started with no type", () => {
    renderWithProviders(<ApplyFlow />, { path: "/apply" });
    fireEvent.click(screen.getByRole("button", { name: "Skip Tour" }));
    expect(screen.getByTestId("apply-welcome")).toHaveTextContent(
      "Let's Get Started - Complete your institution application below.",
    );
    expect(screen.getByTestId("type-psp")).not.toBeChecked();
    expect(screen.getByTestId("type-mno")).not.toBeChecked();
  });

  it("a bank leaves the type empty and explains why", () => {
    renderWithProviders(<ApplyFlow />, { path: "/apply" });
    chooseAndBegin("bank");
    expect(screen.getByTestId("apply-welcome")).toHaveTextContent("Welcome, Traditional Bank!");
    expect(screen.getByTestId("bank-note")).toBeInTheDocument();
    expect(screen.getByTestId("type-psp")).not.toBeChecked();
    expect(screen.getByTestId("type-mno")).not.toBeChecked();
  });

  it("Back to Story returns to the wizard and keeps what was typed", () => {
    renderWithProviders(<ApplyFlow />, { path: "/apply" });
    fireEvent.click(screen.getByTestId("tour-skip"));
    fireEvent.change(screen.getByLabelText(/Institution name/), { target: { value: "Hodan Pay" } });
    fireEvent.click(screen.getByRole("button", { name: "Back to Story" }));
    expect(screen.getByTestId("onboarding-tour")).toBeInTheDocument();
    chooseAndBegin("psp");
    expect(screen.getByLabelText(/Institution name/)).toHaveValue("Hodan Pay");
    expect(screen.getByTestId("type-psp")).toBeChecked();
  });

  it("takes the role chosen on the full-screen tour from ?type=", () => {
    renderWithProviders(<ApplyFlow />, { path: "/apply?type=psp" });
    fireEvent.click(screen.getByTestId("tour-dot-3"));
    expect(screen.getByTestId("tour-role-psp")).toHaveAttribute("aria-pressed", "true");
    fireEvent.click(screen.getByTestId("tour-dot-7"));
    fireEvent.click(screen.getByTestId("tour-begin"));
    expect(screen.getByTestId("type-psp")).toBeChecked();
  });
});
