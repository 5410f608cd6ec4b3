import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CurrentUser } from "@/api/types";
import { UsersPage } from "@/features/settings/UsersPage";
import { checkNewAccount, newAccountBody } from "@/features/settings/users";
import { renderWithProviders, routeFetch, calledPath } from "@/test/render";
import { makeUser } from "@/test/fixtures";

const admin: CurrentUser = makeUser({ id: "a1", role: "cbsl_admin", firstName: "Amina", lastName: "Warsame", email: "admin@kormeer.demo" });
const officer: CurrentUser = makeUser({ id: "o1", role: "cbsl_officer", firstName: "Abdi", lastName: "Yusuf" });
const account = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  email: `${id}@kormeer.demo`,
  firstName: id,
  lastName: "Test",
  role: "citizen",
  isActive: true,
  isGuest: false,
  guestUnitsRemaining: 0,
  createdAt: "2026-11-20T09:00:00Z",
  ...over,
});
const psp = { id: "p1", type: "psp", name: "Premium-Wallet", licenseStatus: "active" };

afterEach(() => vi.unstubAllGlobals());

describe("UsersPage", () => {
  it("is refused to anyone but a cbsl_admin, without asking the server", () => {
    const fetch = vi.fn(routeFetch({}));
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<UsersPage user={officer} />);
    expect(screen.getByText("Only central bank administrators manage accounts.")).toBeInTheDocument();
    expect(screen.queryByTestId("users-create")).not.toBeInTheDocument();
    expect(fetch.mock.calls.some((c) => calledPath(c).startsWith("/api/users"))).toBe(false);
  });

  it("lists accounts with the actions an admin may take (none against themself)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        routeFetch({
          "GET /api/users": {
            status: 200,
            body: [account("a1", { role: "cbsl_admin" }), account("g1", { isGuest: true, guestUnitsRemaining: 5 }), account("d1", { isActive: false })],
          },
          "GET /api/psps?limit=200": { status: 200, body: [psp] },
          "GET /api/mnos": { status: 200, body: [] },
        }),
      ),
    );
    renderWithProviders(<UsersPage user={admin} />);
    const rows = await screen.findAllByTestId("user-row");
    expect(rows).toHaveLength(3);
    const [me, guest, disabled] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(me).getByTestId("user-action-role")).toBeDisabled();
    expect(within(me).getByTestId("user-action-toggle")).toBeDisabled();
    expect(within(me).getByTestId("user-action-reset")).toBeEnabled();
    expect(within(guest).getByTestId("user-action-units")).toBeInTheDocument();
    expect(within(guest).getByTestId("user-units-label")).toHaveTextContent("5 units left");
    expect(within(me).queryByTestId("user-action-units")).not.toBeInTheDocument();
    expect(within(disabled).getByTestId("user-status")).toHaveTextContent("Disabled");
    expect(within(disabled).getByTestId("user-action-toggle")).toHaveAccessibleName("Enable: d1 Test");
  });

  it("creates PSP staff with an institution and shows the server's field errors", async () => {
    const created = vi.fn(() => ({ status: 400, body: { message: "Please correct the highlighted fields.", fields: { email: "Email already registered" } } }));
    vi.stubGlobal(
      "fetch",
      vi.fn(
        routeFetch({
          "GET /api/users": { status: 200, body: [] },
          "GET /api/psps?limit=200": { status: 200, body: [psp] },
          "GET /api/mnos": { status: 200, body: [] },
          "POST /api/users": created,
        }),
      ),
    );
    renderWithProviders(<UsersPage user={admin} />);
    fireEvent.click(await screen.findByTestId("users-create"));
    const dialog = await screen.findByTestId("user-create-dialog");
    fireEvent.change(within(dialog).getByTestId("user-role"), { target: { value: "psp_admin" } });
    fireEvent.change(within(dialog).getByTestId("user-firstName"), { target: { value: "Hodan" } });
    fireEvent.change(within(dialog).getByTestId("user-lastName"), { target: { value: "Farah" } });
    fireEvent.change(within(dialog).getByTestId("user-email"), { target: { value: "hodan@psp.test" } });
    fireEvent.click(within(dialog).getByTestId("user-create-submit"));
    expect(await within(dialog).findByText("Choose the institution")).toBeInTheDocument();
    expect(created).not.toHaveBeenCalled();
    await waitFor(() => expect(within(dialog).getByRole("option", { name: "Premium-Wallet" })).toBeInTheDocument());
    fireEvent.change(within(dialog).getByTestId("user-institution"), { target: { value: "p1" } });
    fireEvent.click(within(dialog).getByTestId("user-create-submit"));
    expect(await within(dialog).findByText("Email already registered")).toBeInTheDocument();
    expect(created).toHaveBeenCalledTimes(1);
  });

  it("builds the create body: institution only for PSP/MNO staff, units only for guests", () => {
    const base = { email: " x@y.so ", firstName: "A", lastName: "B", password: "Temp-pass-1", role: "citizen", institution: "p1", username: "", isGuest: true, guestUnits: "50" };
    expect(checkNewAccount(base)).toEqual({});
    expect(newAccountBody(base)).toEqual({ email: "x@y.so", password: "Temp-pass-1", firstName: "A", lastName: "B", role: "citizen", isGuest: true, guestUnitsRemaining: 50 });
    expect(checkNewAccount({ ...base, role: "cbsl_officer" })).toEqual({ isGuest: "users.errors.guestCitizen" });
    expect(newAccountBody({ ...base, role: "mno_admin", isGuest: false })).toMatchObject({ role: "mno_admin", institution: "p1" });
  });

  it("pages accounts on the server: Load more reaches every one, the search goes to the server", async () => {
    const fetch = vi.fn(
      routeFetch({
        "GET /api/users": { status: 200, body: [account("u1"), account("u2")], headers: { "X-Next-Cursor": "c2", "X-Total-Count": "3" } },
        "GET /api/users?cursor=c2": { status: 200, body: [account("u3")] },
        "GET /api/users?q=hodan": { status: 200, body: [account("hodan")], headers: { "X-Total-Count": "1" } },
        "GET /api/psps": { status: 200, body: [] },
        "GET /api/mnos": { status: 200, body: [] },
      }),
    );
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<UsersPage user={admin} />);
    expect(await screen.findAllByTestId("user-row")).toHaveLength(2);
    expect(screen.getByTestId("users-count")).toHaveTextContent("Showing 2 of 3 accounts");
    fireEvent.click(screen.getByTestId("users-load-more"));
    await waitFor(() => expect(screen.getAllByTestId("user-row")).toHaveLength(3));
    expect(screen.queryByTestId("users-load-more")).toBeNull();
    fireEvent.change(screen.getByTestId("users-search"), { target: { value: "hodan" } });
    await waitFor(() => expect(screen.getAllByTestId("user-row")).toHaveLength(1));
    expect(screen.getByTestId("users-count")).toHaveTextContent("Showing 1 of 1 accounts");
  });
});
