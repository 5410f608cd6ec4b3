import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CurrentUser } from "@/api/types";
import { AuthenticatedApp } from "@/features/shell/AuthenticatedApp";
import { renderWithProviders, routeFetch } from "@/test/render";
import { makeUser } from "@/test/fixtures";

const reset: CurrentUser = makeUser({ id: "u9", email: "new.staff@psp.test", role: "psp_admin", firstName: "New", lastName: "Staff", mustChangePassword: true });

afterEach(() => vi.unstubAllGlobals());

describe("forced password change", () => {
  it("shows only the password form wherever the user goes, and checks it before posting", async () => {
    const post = vi.fn(() => ({ status: 200, body: { message: "Password changed." } }));
    vi.stubGlobal("fetch", vi.fn(routeFetch({ "POST /api/profile/password": post })));
    renderWithProviders(<AuthenticatedApp user={reset} />, { path: "/transactions" });
    // The forced screens are their own chunk: wait for it.
    expect(await screen.findByTestId("forced-password-change")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeInTheDocument();
    expect(screen.queryByTestId("nav-dashboard")).not.toBeInTheDocument();

    fireEvent.change(screen.getByTestId("forced-password-currentPassword"), { target: { value: "Temp-pass-123" } });
    fireEvent.change(screen.getByTestId("forced-password-newPassword"), { target: { value: "Mine-is-better-1" } });
    fireEvent.change(screen.getByTestId("forced-password-confirmPassword"), { target: { value: "Mine-is-better-2" } });
    fireEvent.click(screen.getByTestId("forced-password-submit"));
    expect(await screen.findByTestId("forced-password-error-confirmPassword")).toHaveTextContent("The two new passwords do not match");
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId("forced-password-confirmPassword"), { target: { value: "Mine-is-better-1" } });
    fireEvent.click(screen.getByTestId("forced-password-submit"));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
  });

  it("shows the server's field message (a wrong current password)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        routeFetch({
          "POST /api/profile/password": {
            status: 400,
            body: { message: "The current password is not right.", fields: { currentPassword: "Not your current password" } },
          },
        }),
      ),
    );
    renderWithProviders(<AuthenticatedApp user={reset} />, { path: "/" });
    fireEvent.change(await screen.findByTestId("forced-password-currentPassword"), { target: { value: "wrong-one" } });
    fireEvent.change(screen.getByTestId("forced-password-newPassword"), { target: { value: "Mine-is-better-1" } });
    fireEvent.change(screen.getByTestId("forced-password-confirmPassword"), { target: { value: "Mine-is-better-1" } });
    fireEvent.click(screen.getByTestId("forced-password-submit"));
    expect(await screen.findByTestId("forced-password-error-currentPassword")).toHaveTextContent("Not your current password");
  });
});
