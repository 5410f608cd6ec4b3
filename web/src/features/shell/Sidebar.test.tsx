import { describe, expect, it } from "vitest";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import type { CurrentUser } from "@/api/types";
import { TOOLTIP_DELAY_MS } from "@/components/ui/tooltip";
import { DesktopSidebar } from "@/features/shell/Sidebar";
import { renderWithProviders } from "@/test/render";

const officer = { id: "u1", role: "cbsl_officer", isGuest: false } as CurrentUser;
const guest = { id: "g1", role: null, isGuest: true, guestUnitsRemaining: 7 } as unknown as CurrentUser;

function renderSidebar(user: CurrentUser, collapsed: boolean) {
  return renderWithProviders(<DesktopSidebar user={user} collapsed={collapsed} onToggle={() => {}} />);
}

/** The element once the lazily loaded tooltips wrap it (a Radix trigger carries data-state). */
async function tooltipTrigger(testId: string): Promise<HTMLElement> {
  await waitFor(() => expect(screen.getByTestId(testId)).toHaveAttribute("data-state", "closed"));
  return screen.getByTestId(testId);
}

describe("the desktop sidebar's tooltips", () => {
  it("collapsed, a nav item shows its label to its right after the delay on hover", async () => {
    renderSidebar(officer, true);
    // Before the tooltips have loaded the item is a plain link, already usable, labelled by its sr-only text.
    expect(screen.getByRole("link", { name: "Transactions" })).toHaveAttribute("href", "/transactions");

    const link = await tooltipTrigger("nav-transactions");
    const hovered = performance.now();
    fireEvent.pointerMove(link, { pointerType: "mouse" });
    expect(screen.queryByRole("tooltip")).toBeNull();
    const tooltip = await screen.findByRole("tooltip", {}, { timeout: TOOLTIP_DELAY_MS + 2000 });
    // A lower bound only (a slow machine takes longer): the tooltip waits the specified 700 ms.
    expect(performance.now() - hovered).toBeGreaterThanOrEqual(TOOLTIP_DELAY_MS - 10);
    expect(tooltip).toHaveTextContent("Transactions");
    expect(document.querySelector("[data-side]")).toHaveAttribute("data-side", "right");
  });

  it("collapsed, a nav item shows its label on keyboard focus", async () => {
    renderSidebar(officer, true);
    const link = await tooltipTrigger("nav-dashboard");
    act(() => link.focus());
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Dashboard");
  });

  it("collapsed, the guest box's text is in its tooltip", async () => {
    renderSidebar(guest, true);
    const box = await waitFor(() => {
      const trigger = screen.getByTestId("guest-box").parentElement!;
      expect(trigger).toHaveAttribute("data-state", "closed");
      return trigger;
    });
    act(() => box.focus());
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Guest Access · 7 units remaining");
  });

  it("expanded, shows the labels and no tooltip", async () => {
    renderSidebar(officer, false);
    const link = screen.getByTestId("nav-transactions");
    expect(link).toHaveTextContent("Transactions");
    expect(link).not.toHaveAttribute("data-state");
    fireEvent.pointerMove(link, { pointerType: "mouse" });
    act(() => link.focus());
    await new Promise((resolve) => setTimeout(resolve, TOOLTIP_DELAY_MS + 100));
    expect(screen.queryByRole("tooltip")).toBeNull();
  });
});
