import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { LoginPage } from "@/features/auth/LoginPage";
import { renderWithProviders, routeFetch, sentRequest } from "@/test/render";

afterEach(() => vi.unstubAllGlobals());

const challenged = { status: 401, body: { totpRequired: true, challenge: "ch-123", message: "Enter the code" } };

function passwordStep() {
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: "officer@cbsl.so" } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: "secret-pass" } });
  fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("sign-in with two-step verification", () => {
  it("asks for the code after the password and completes with the challenge", async () => {
    const fetchFn = vi.fn(routeFetch({ "POST /api/login": challenged, "POST /api/login/totp": { status: 200, body: { user: { id: "1" } } } }));
    vi.stubGlobal("fetch", fetchFn);
    const navigate = vi.fn();
    renderWithProviders(<LoginPage navigate={navigate} />);
    passwordStep();
    expect(await screen.findByRole("heading", { level: 1, name: "Two-step verification" })).toBeInTheDocument();
    expect(screen.queryByText("Sign-in failed")).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Authentication code"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/"));
        expect((await sentRequest(fetchFn.mock.calls[1])).body).toEqual({ challenge: "ch-123", code: "123456" });
  });

  it("takes a recovery code, keeps the step on a wrong code and goes back when the challenge is over", async () => {
    let answer = { status: 401, body: { message: "That code is not right.", fields: { code: "Not right" } } };
    vi.stubGlobal("fetch", vi.fn(routeFetch({ "POST /api/login": challenged, "POST /api/login/totp": () => answer })));
    const navigate = vi.fn();
    renderWithProviders(<LoginPage navigate={navigate} />);
    passwordStep();
    fireEvent.click(await screen.findByRole("button", { name: "Use a recovery code instead" }));
    fireEvent.change(screen.getByLabelText("Recovery code"), { target: { value: "abcde-fghij" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("That code is not right. Enter the code your app shows now");
    expect(screen.getByLabelText("Recovery code")).toBeInTheDocument();

    answer = { status: 401, body: { message: "Too many wrong codes. Sign in again with your password.", fields: {} as { code: string } } };
    fireEvent.change(screen.getByLabelText("Recovery code"), { target: { value: "abcde-fghik" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in to Kormeer" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("Too many wrong codes");
    expect(navigate).not.toHaveBeenCalled();
  });
});
