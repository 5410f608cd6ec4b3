import { afterEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { isDevelopmentMode } from "@/lib/serverMode";
import { JwtTestPage } from "@/features/jwt-test/JwtTestPage";
import { registerRoles } from "@/features/jwt-test/messages";
import i18n from "@/i18n";
import { renderWithProviders, routeFetch, calledPath } from "@/test/render";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function fill(label: string, value: string, index = 0) {
  fireEvent.change(screen.getAllByLabelText(label)[index]!, { target: { value } });
}

function submitRegister() {
  fireEvent.click(screen.getAllByRole("button", { name: "Register" }).at(-1)!);
}

describe("JwtTestPage", () => {
  it("explains guest access without claiming units before anyone signed in", () => {
    renderWithProviders(<JwtTestPage />);
    expect(screen.getByTestId("guest-note")).toHaveTextContent("Guest accounts read transactions and reports only, one unit per read");
    expect(screen.getByTestId("guest-note")).not.toHaveTextContent(/\d+ units remaining/);
  });

  it("offers the privileged roles only when the portal runs in development mode", () => {
    expect(registerRoles(false)).toEqual(["citizen"]);
    expect(registerRoles(true)).toEqual(["citizen", "psp_admin", "mno_admin", "cbsl_officer", "cbsl_admin"]);
    expect(isDevelopmentMode()).toBe(false);
    const meta = document.createElement("meta");
    meta.name = "kormeer-mode";
    meta.content = "development";
    document.head.appendChild(meta);
    try {
      expect(isDevelopmentMode()).toBe(true);
    } finally {
      meta.remove();
    }
  });

  it.each([
    [{}, "Email is required"],
    [{ email: "a@b.so" }, "Password is required"],
    [{ email: "a@b.so", password: "pw" }, "First name is required"],
    [{ email: "a@b.so", password: "pw", first: "Ali" }, "Last name is required"],
  ])("validates presence in order (%o → %s)", async (values, message) => {
    const fetchFn = vi.fn();
    vi.stubGlobal("fetch", fetchFn);
    renderWithProviders(<JwtTestPage />);
    if ("email" in values) fill("Email", values.email!);
    if ("password" in values) fill("Password", values.password!);
    if ("first" in values) fill("First name", values.first!);
    submitRegister();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it("follows the chosen language: the specification's French in French", async () => {
    vi.stubGlobal("fetch", vi.fn());
    await i18n.changeLanguage("fr");
    renderWithProviders(<JwtTestPage />);
    fireEvent.click(screen.getAllByRole("button", { name: "S'inscrire" }).at(-1)!);
    expect(await screen.findByText("Email requis")).toBeInTheDocument();
    expect(screen.queryByText("Email is required")).not.toBeInTheDocument();
  });

  async function registerWith(response: { status: number; body?: unknown } | "network") {
    vi.stubGlobal(
      "fetch",
      response === "network"
        ? vi.fn(async () => {
            throw new TypeError("Failed to fetch");
          })
        : vi.fn(routeFetch({ "POST /api/auth/register": response })),
    );
    renderWithProviders(<JwtTestPage />);
    fill("Email", "a@b.so");
    fill("Password", "pw");
    fill("First name", "Ali");
    fill("Last name", "Nur");
    submitRegister();
  }

  it("registers and shows the token and raw response", async () => {
    await registerWith({ status: 201, body: { access_token: "tok-123", message: "User created" } });
    expect(await screen.findByText("tok-123")).toBeInTheDocument();
    expect(screen.getByTestId("raw-response")).toHaveTextContent("201");
    expect(screen.getByTestId("raw-response")).toHaveTextContent('"access_token": "tok-123"');
  });

  it("a self-registration (202) says to check the e-mail and gives no token", async () => {
    await registerWith({ status: 202, body: { message: "Check your e-mail: we sent a link to a@b.so.", email: "a@b.so" } });
    expect(await screen.findByText("Check your e-mail to confirm the account")).toBeInTheDocument();
    expect(screen.getByTestId("raw-response")).toHaveTextContent("202");
    expect(screen.queryByText(/tok-/)).not.toBeInTheDocument();
  });

  it("409 says the user exists", async () => {
    await registerWith({ status: 409, body: { message: "exists" } });
    expect(await screen.findByText("User already exists")).toBeInTheDocument();
    expect(screen.getByText("An account with this email address already exists.")).toBeInTheDocument();
  });

  it("other failures show the server message", async () => {
    await registerWith({ status: 403, body: { message: "Only an administrator may create that role" } });
    expect(await screen.findByText("Only an administrator may create that role")).toBeInTheDocument();
  });

  it("other failures without a message show 'HTTP error {status}'", async () => {
    await registerWith({ status: 500 });
    expect(await screen.findByText("HTTP error 500")).toBeInTheDocument();
  });

  it("network failure says 'Network error'", async () => {
    await registerWith("network");
    expect(await screen.findByText("Network error")).toBeInTheDocument();
    expect(screen.getByText("The server could not be reached")).toBeInTheDocument();
  });

  it("refuses protected calls without a token", async () => {
    const fetchFn = vi.fn();
    vi.stubGlobal("fetch", fetchFn);
    renderWithProviders(<JwtTestPage />);
    fireEvent.click(screen.getByTestId("protected-profile"));
    expect(await screen.findByText("Please log in first")).toBeInTheDocument();
    expect(fetchFn).not.toHaveBeenCalled();
  });

  it("logs in, then calls protected endpoints with the Bearer token", async () => {
    const fetchFn = vi.fn(
      routeFetch({
        "POST /api/auth/login": { status: 200, body: { access_token: "jwt-abc", message: "ok" } },
        "GET /api/auth/profile": { status: 200, body: { id: "u1", role: "citizen" } },
        "GET /api/auth/admin-only": { status: 403, body: { message: "Forbidden" } },
      }),
    );
    vi.stubGlobal("fetch", fetchFn);
    renderWithProviders(<JwtTestPage />);
    fill("Email", "a@b.so", 1);
    fill("Password", "pw", 1);
    fireEvent.click(screen.getAllByRole("button", { name: "Login" })[0]!);
    expect(await screen.findByText("jwt-abc")).toBeInTheDocument();

    fireEvent.click(screen.getByTestId("protected-profile"));
    await waitFor(() => expect(screen.getByTestId("raw-response")).toHaveTextContent("GET /api/auth/profile"));
    const call = fetchFn.mock.calls.find((c) => calledPath(c) === "/api/auth/profile");
    const req = call?.[0];
    expect(req).toBeInstanceOf(Request);
    expect(req instanceof Request && req.headers.get("Authorization")).toBe("Bearer jwt-abc");
    expect(req instanceof Request && req.credentials).toBe("omit");

    fireEvent.click(screen.getByTestId("protected-adminOnly"));
    expect(await screen.findByText("Access denied")).toBeInTheDocument();
    expect(screen.getByTestId("raw-response")).toHaveTextContent("403");
  });

  it("login failure shows 'Login error' with the server message", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(routeFetch({ "POST /api/auth/login": { status: 401, body: { message: "Invalid email or password" } } })),
    );
    renderWithProviders(<JwtTestPage />);
    fireEvent.click(screen.getAllByRole("button", { name: "Login" })[0]!);
    expect(await screen.findByText("Login error")).toBeInTheDocument();
    expect(screen.getByText("Invalid email or password")).toBeInTheDocument();
  });

  it("guest login redirects to / after 2 s", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(routeFetch({ "POST /api/auth/guest-login": { status: 200, body: { access_token: "g-1" } } })),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const navigate = vi.fn();
    renderWithProviders(<JwtTestPage navigate={navigate} />);
    fill("Username", "guest");
    fireEvent.click(screen.getByRole("button", { name: "Login as guest" }));
    expect(await screen.findByText("g-1")).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(2000));
    expect(navigate).toHaveBeenCalledWith("/");
  });

  it("guest login failure", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(routeFetch({ "POST /api/auth/guest-login": { status: 401, body: { message: "Invalid guest credentials" } } })),
    );
    renderWithProviders(<JwtTestPage />);
    fireEvent.click(screen.getByRole("button", { name: "Login as guest" }));
    expect(await screen.findByText("Guest login error")).toBeInTheDocument();
  });
});
