import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { LoginPage } from "@/features/auth/LoginPage";
import { renderWithProviders, routeFetch, sentRequest } from "@/test/render";

afterEach(() => vi.unstubAllGlobals());

function submit(email = "amina@bank.so", password = "secret") {
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: email } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
}

describe("LoginPage", () => {
  it("posts JSON credentials and goes home on success", async () => {
    const fetchFn = vi.fn(routeFetch({ "POST /api/login": { status: 200, body: { user: { id: "1" } } } }));
    vi.stubGlobal("fetch", fetchFn);
    const navigate = vi.fn();
    renderWithProviders(<LoginPage navigate={navigate} />);
    submit();
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/"));
    const sent = await sentRequest(fetchFn.mock.calls[0]);
    expect(fetchFn.mock.calls[0]?.[0] instanceof Request && fetchFn.mock.calls[0][0].credentials).toBe("include");
    expect(sent.body).toEqual({ email: "amina@bank.so", password: "secret" });
  });

  it.each([
    [401, "Invalid email or password"],
    [429, "Too many failed sign-in attempts. Try again in 15 minutes."],
  ])("shows the server's %i message inline and in a toast", async (status, message) => {
    vi.stubGlobal("fetch", vi.fn(routeFetch({ "POST /api/login": { status, body: { message } } })));
    const navigate = vi.fn();
    renderWithProviders(<LoginPage navigate={navigate} />);
    submit();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(message);
    expect(await screen.findByText("Sign-in failed")).toBeInTheDocument();
    expect(screen.getAllByText(message)).toHaveLength(2);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("explains a network failure", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    renderWithProviders(<LoginPage navigate={vi.fn()} />);
    submit();
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not reach the server");
  });
});
