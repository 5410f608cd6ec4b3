import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { ConfirmEmailPage, tokenFromHash } from "@/features/confirm-email/ConfirmEmailPage";
import { renderWithProviders, routeFetch, sentRequest } from "@/test/render";

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, "", "/");
});

describe("ConfirmEmailPage", () => {
  it("reads the token from the fragment", () => {
    expect(tokenFromHash("#token=abc_123")).toBe("abc_123");
    expect(tokenFromHash("")).toBe("");
  });

  it("posts the token once, clears it from the address bar and offers to sign in", async () => {
    window.history.replaceState(null, "", "/confirm-email#token=tok-1");
    const fetchFn = vi.fn(routeFetch({ "POST /api/auth/confirm-email": { status: 200, body: { message: "ok", email: "a@b.so" } } }));
    vi.stubGlobal("fetch", fetchFn);
    renderWithProviders(<ConfirmEmailPage />, { path: "/confirm-email" });
    expect(await screen.findByText("Your address is confirmed")).toBeInTheDocument();
    expect(screen.getByTestId("confirm-sign-in")).toHaveAttribute("href", "/login?next=%2Fapply");
    expect(fetchFn).toHaveBeenCalledTimes(1);
    expect((await sentRequest(fetchFn.mock.calls[0])).body).toEqual({ token: "tok-1" });
    expect(window.location.hash).toBe("");
  });

  it("shows the server's reason when the link is expired", async () => {
    window.history.replaceState(null, "", "/confirm-email#token=old");
    vi.stubGlobal(
      "fetch",
      vi.fn(routeFetch({ "POST /api/auth/confirm-email": { status: 404, body: { message: "This confirmation link is not valid or has expired." } } })),
    );
    renderWithProviders(<ConfirmEmailPage />, { path: "/confirm-email" });
    expect(await screen.findByText("This confirmation link is not valid or has expired.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Register again" })).toHaveAttribute("href", "/apply");
  });

  it("says the link is incomplete without a token, without calling the server", async () => {
    window.history.replaceState(null, "", "/confirm-email");
    const fetchFn = vi.fn();
    vi.stubGlobal("fetch", fetchFn);
    renderWithProviders(<ConfirmEmailPage />, { path: "/confirm-email" });
    expect(await screen.findByText(/This link is incomplete/)).toBeInTheDocument();
    expect(fetchFn).not.toHaveBeenCalled();
  });
});
