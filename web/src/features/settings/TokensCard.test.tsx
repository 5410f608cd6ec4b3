import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TokensCard } from "@/features/settings/TokensCard";
import type { TokenInfo } from "@/features/settings/types";
import { renderWithProviders, routeFetch } from "@/test/render";

const token = (id: string, over: Partial<TokenInfo> = {}): TokenInfo => ({
  id,
  sessionId: null,
  ipAddress: "192.0.2.7",
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0",
  issuedAt: "2026-11-22T08:00:00Z",
  expiresAt: "2026-11-22T16:00:00Z",
  revokedAt: null,
  status: "active",
  current: false,
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe("TokensCard", () => {
  it("lists my tokens with their state and revokes an active one", async () => {
    let revoked = false;
    const del = vi.fn(() => {
      revoked = true;
      return { status: 204 };
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(
        routeFetch({
          "GET /api/profile/tokens": () => ({
            status: 200,
            body: [
              token("11111111-aaaa-4bbb-8ccc-000000000001", revoked ? { status: "revoked", revokedAt: "2026-11-22T09:00:00Z" } : {}),
              token("22222222-aaaa-4bbb-8ccc-000000000002", { status: "expired", userAgent: "script/1.0" }),
            ],
          }),
          "DELETE /api/profile/tokens/11111111-aaaa-4bbb-8ccc-000000000001": del,
        }),
      ),
    );
    renderWithProviders(<TokensCard />);
    const rows = await screen.findAllByTestId("token-row");
    expect(rows).toHaveLength(2);
    const [active, expired] = rows as [HTMLElement, HTMLElement];
    expect(within(active).getByTestId("token-status")).toHaveTextContent("Active");
    expect(within(active).getByText(/Token 11111111 · IP 192\.0\.2\.7/)).toBeInTheDocument();
    expect(within(active).getByText("Chrome · Linux")).toBeInTheDocument();
    expect(within(expired).getByTestId("token-status")).toHaveTextContent("Expired");
    expect(within(expired).queryByTestId("token-revoke")).not.toBeInTheDocument();

    const button = within(active).getByTestId("token-revoke");
    expect(button).toHaveAccessibleName(/^Revoke token 11111111 issued /);
    fireEvent.click(button);
    await waitFor(() => expect(del).toHaveBeenCalledTimes(1));
    expect(await screen.findByText("Token revoked")).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getAllByTestId("token-row")[0]!).getByTestId("token-status")).toHaveTextContent("Revoked"));
  });

  it("says so when there are none, and when they cannot be loaded", async () => {
    vi.stubGlobal("fetch", vi.fn(routeFetch({ "GET /api/profile/tokens": { status: 200, body: [] } })));
    const { unmount } = renderWithProviders(<TokensCard />);
    expect(await screen.findByText("No API tokens in the last day.")).toBeInTheDocument();
    unmount();
    vi.stubGlobal("fetch", vi.fn(routeFetch({ "GET /api/profile/tokens": { status: 500, body: { message: "x" } } })));
    renderWithProviders(<TokensCard />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Your tokens could not be loaded.");
  });
});
