import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { App } from "@/App";
import type { CurrentUser } from "@/api/types";
import { clearPublicReads } from "@/features/landing/publicReads";
import { makeUser } from "@/test/fixtures";
import { renderWithProviders, routeFetch, calledPath } from "@/test/render";

const admin: CurrentUser = makeUser({
  id: "u-1",
  email: "amina@bank.so",
  firstName: "Amina",
  lastName: "Warsame",
  role: "cbsl_admin",
});

function signedIn(user: CurrentUser | null) {
  vi.stubGlobal(
    "fetch",
    vi.fn(
      routeFetch({
        "GET /api/auth/user": user ? { status: 200, body: user } : { status: 401, body: { message: "Unauthorized" } },
        "GET /api/metrics": { status: 200, body: {} },
        "GET /api/public/summary": { status: 401, body: { message: "Unauthorized" } },
      }),
    ),
  );
}

class NoopSocket {
  onopen = null;
  onclose = null;
  onerror = null;
  onmessage = null;
  readyState = 0;
  send() {}
  close() {}
}

afterEach(() => {
  clearPublicReads();
  vi.unstubAllGlobals();
});

describe("App routing", () => {
  it("shows the pulsing shield while the user loads", () => {
    vi.stubGlobal("fetch", vi.fn(() => new Promise(() => {})));
    renderWithProviders(<App />);
    expect(screen.getByText("Loading Kormeer...")).toBeInTheDocument();
  });

  it("shows the landing page when signed out", async () => {
    signedIn(null);
    renderWithProviders(<App />);
    expect(await screen.findByRole("heading", { level: 1, name: "Oversight of the national payment system" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Login to Portal/ })).toHaveAttribute("href", "/api/login");
    expect(screen.getByRole("link", { name: /Apply for License/ })).toHaveAttribute("href", "/apply");
    // The token test page is linked only by a development portal (kormeer serve --dev).
    expect(screen.queryByRole("link", { name: "Test JWT Auth (Dev)" })).not.toBeInTheDocument();
    expect(screen.getByText(/© 2026 Kormeer/)).toBeInTheDocument();
    expect(screen.getByText("Sovereign Financial Infrastructure")).toBeInTheDocument();
  });

  it("shows not-found for an unknown signed-out path", async () => {
    signedIn(null);
    renderWithProviders(<App />, { path: "/nowhere" });
    expect(await screen.findByText("Page not found")).toBeInTheDocument();
    expect(screen.getByText(/There is no page at this address/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
  });

  it("sends a signed-out visitor of an app page to sign in and back", async () => {
    signedIn(null);
    const { location } = renderWithProviders(<App />, { path: "/transactions?status=failed" });
    await waitFor(() => expect(location.history?.at(-1)).toBe("/login?next=%2Ftransactions%3Fstatus%3Dfailed"));
  });

  it("shows the onboarding tour full screen signed out", async () => {
    signedIn(null);
    renderWithProviders(<App />, { path: "/onboarding" });
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome to Kormeer" })).toBeInTheDocument();
    expect(screen.getByTestId("tour-step-counter")).toHaveTextContent("Step 1 of 8");
  });

  it("asks a signed-out visitor of /apply to create an applicant account", async () => {
    signedIn(null);
    renderWithProviders(<App />, { path: "/apply" });
    expect(await screen.findByRole("heading", { name: "Create your applicant account" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login?next=%2Fapply");
  });

  describe("signed in", () => {
    it("renders the shell with name, role and the dashboard", async () => {
      vi.stubGlobal("WebSocket", NoopSocket);
      signedIn(admin);
      renderWithProviders(<App />);
      expect(await screen.findByTestId("user-name")).toHaveTextContent("Amina Warsame");
      expect(screen.getByTestId("user-role")).toHaveTextContent("Central bank administrator");
      expect(await screen.findByRole("heading", { level: 1, name: "National Payment Monitoring Dashboard" })).toBeInTheDocument();
      const sidebar = screen.getByTestId("sidebar");
      expect(within(sidebar).getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
      expect(within(sidebar).getByRole("link", { name: "Compliance" })).toBeInTheDocument();
      expect(within(sidebar).queryByRole("link", { name: "Demo" })).not.toBeInTheDocument(); // not in a regulator's menu
      expect(screen.queryByTestId("guest-box")).not.toBeInTheDocument();
      expect(screen.getByTestId("alert-status-panel")).toHaveTextContent("Disconnected");
    });

    it("titles the metrics page 'System Performance Metrics'", async () => {
      vi.stubGlobal("WebSocket", NoopSocket);
      signedIn(admin);
      renderWithProviders(<App />, { path: "/metrics" });
      expect(await screen.findByRole("heading", { level: 1, name: "System Performance Metrics" })).toBeInTheDocument();
    });

    it("redirects /login to /", async () => {
      vi.stubGlobal("WebSocket", NoopSocket);
      signedIn(admin);
      const { location } = renderWithProviders(<App />, { path: "/login" });
      await waitFor(() => expect(location.history?.at(-1)).toBe("/"));
    });

    it("shows not-found for unknown paths inside the shell", async () => {
      vi.stubGlobal("WebSocket", NoopSocket);
      signedIn(admin);
      renderWithProviders(<App />, { path: "/psp-registry" });
      expect(await screen.findByText("Page not found")).toBeInTheDocument();
      expect(screen.getByTestId("sidebar")).toBeInTheDocument();
    });

    it("shows the search sub-item only on the transactions page while expanded", async () => {
      vi.stubGlobal("WebSocket", NoopSocket);
      signedIn(admin);
      renderWithProviders(<App />, { path: "/transactions" });
      const sidebar = await screen.findByTestId("sidebar");
      expect(within(sidebar).getByRole("link", { name: "Search transaction" })).toBeInTheDocument();
      fireEvent.click(screen.getByTestId("sidebar-toggle"));
      expect(within(sidebar).queryByRole("link", { name: "Search transaction" })).not.toBeInTheDocument();
    });

    it("collapses the sidebar, labels the toggle and remembers the choice", async () => {
      vi.stubGlobal("WebSocket", NoopSocket);
      signedIn(admin);
      renderWithProviders(<App />);
      const toggle = await screen.findByTestId("sidebar-toggle");
      expect(toggle).toHaveAttribute("aria-label", "Collapse sidebar");
      expect(toggle).toHaveAttribute("aria-expanded", "true");
      fireEvent.click(toggle);
      expect(toggle).toHaveAttribute("aria-label", "Expand sidebar");
      expect(toggle).toHaveAttribute("aria-expanded", "false");
      expect(screen.getByTestId("sidebar")).toHaveClass("w-16");
      expect(localStorage.getItem("kormeer-sidebar-collapsed")).toBe("true");
    });

    it("gives guests only the core group and the guest box", async () => {
      vi.stubGlobal("WebSocket", NoopSocket);
      signedIn({ ...admin, role: "", isGuest: true, guestUnitsRemaining: 7 });
      renderWithProviders(<App />);
      const sidebar = await screen.findByTestId("sidebar");
      expect(screen.getByTestId("user-role")).toHaveTextContent("User");
      const links = within(sidebar).getAllByRole("link").map((a) => a.textContent);
      // The server refuses guests' transfers, so the menu does not offer them.
      expect(links).toEqual(["Dashboard", "Transactions"]);
      const box = within(sidebar).getByTestId("guest-box");
      expect(box).toHaveTextContent("Guest Access");
      expect(box).toHaveTextContent("7 units remaining");
      expect(box).toHaveTextContent("Transactions & Reports only");
    });

    it("opens the mobile drawer and closes it on navigation", async () => {
      vi.stubGlobal("WebSocket", NoopSocket);
      signedIn(admin);
      renderWithProviders(<App />);
      fireEvent.click(await screen.findByTestId("mobile-menu-button"));
      const drawer = await screen.findByTestId("mobile-drawer");
      fireEvent.click(within(drawer).getByRole("link", { name: "Applications" }));
      await waitFor(() => expect(screen.queryByTestId("mobile-drawer")).not.toBeInTheDocument());
      expect(await screen.findByRole("heading", { level: 1, name: "Institution Applications" })).toBeInTheDocument();
    });

    it("switches language to Somali", async () => {
      vi.stubGlobal("WebSocket", NoopSocket);
      signedIn(admin);
      renderWithProviders(<App />);
      await screen.findByTestId("sidebar");
      const { default: i18n } = await import("@/i18n");
      await act(async () => {
        await i18n.changeLanguage("so");
      });
      expect(await within(screen.getByTestId("sidebar")).findByRole("link", { name: "Macaamilada" })).toBeInTheDocument();
      expect(screen.getByTestId("logout-button")).toHaveAttribute("aria-label", "Ka bax");
      expect(localStorage.getItem("kormeer-language")).toBe("so");
    });
  });
});

describe("the server's session hint (internal/httpapi/shell.go)", () => {
  function hint(content: string) {
    const meta = document.createElement("meta");
    meta.name = "kormeer-session";
    meta.content = content;
    document.head.append(meta);
    return () => meta.remove();
  }

  it("shows the landing page at once, without asking who is signed in, when the page came without a session cookie", () => {
    const removeHint = hint("none");
    try {
      const fetchMock = vi.fn(routeFetch({ "GET /api/public/summary": { status: 401, body: { message: "Unauthorized" } } }));
      vi.stubGlobal("fetch", fetchMock);
      renderWithProviders(<App />);
      // In the first render: no loading screen, no round trip before it.
      expect(screen.getByRole("heading", { level: 1, name: "Oversight of the national payment system" })).toBeInTheDocument();
      expect(screen.queryByText("Loading Kormeer...")).not.toBeInTheDocument();
      const asked = fetchMock.mock.calls.map(calledPath);
      expect(asked).not.toContain("/api/auth/user");
    } finally {
      removeHint();
    }
  });

  it("asks first, and never shows the landing page, when the page came with a session cookie", async () => {
    const removeHint = hint("present");
    try {
      signedIn(admin);
      vi.stubGlobal("WebSocket", NoopSocket);
      renderWithProviders(<App />);
      expect(screen.getByText("Loading Kormeer...")).toBeInTheDocument();
      expect(screen.queryByTestId("login-button")).not.toBeInTheDocument();
      expect(await screen.findByTestId("user-name", {}, { timeout: 10_000 })).toHaveTextContent("Amina Warsame");
      expect(screen.queryByTestId("login-button")).not.toBeInTheDocument();
    } finally {
      removeHint();
    }
  });
});
