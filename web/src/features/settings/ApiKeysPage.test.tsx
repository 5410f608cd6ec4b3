import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiKeysPage } from "@/features/settings/ApiKeysPage";
import type { ApiKey } from "@/features/settings/types";
import { renderWithProviders, routeFetch } from "@/test/render";
import { makeUser } from "@/test/fixtures";

const key = (id: string, over: Partial<ApiKey> = {}): ApiKey => ({
  id,
  name: "Core banking feed",
  institutionId: "inst-1",
  institutionName: "Premium-Wallet",
  scopes: ["transactions:submit"],
  createdBy: "u-1",
  createdByName: "Hodan Farah",
  createdAt: "2026-11-24T06:00:00Z",
  lastUsedAt: null,
  revokedAt: null,
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

const pspAdmin = makeUser({ id: "u-1", role: "psp_admin" });

describe("ApiKeysPage", () => {
  it("creates a key with its scopes and shows it once", async () => {
    const keys: ApiKey[] = [key("k-1", { lastUsedAt: "2026-11-24T06:10:00Z" })];
    let sent: unknown = null;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (input instanceof Request && input.method === "POST") sent = await input.clone().json();
        return routeFetch({
          "GET /api/api-keys": () => ({ status: 200, body: keys }),
          "POST /api/api-keys": () => {
            const created = key("k-2", { name: "Reconciliation", scopes: ["transactions:read"], key: "kmr_k-2_SECRETSECRET" });
            keys.unshift({ ...created, key: undefined });
            return { status: 201, body: created };
          },
        })(input, init);
      }),
    );
    renderWithProviders(<ApiKeysPage user={pspAdmin} />);
    const row = await screen.findByTestId("api-key-row");
    expect(row).toHaveTextContent("Core banking feed");
    expect(row).toHaveTextContent("Submit transactions");
    expect(row).toHaveTextContent(/last used/);

    fireEvent.click(screen.getByTestId("api-key-new"));
    const dialog = await screen.findByTestId("api-key-dialog");
    expect(within(dialog).queryByTestId("api-key-institution")).not.toBeInTheDocument(); // staff: their institution
    fireEvent.click(within(dialog).getByTestId("api-key-create"));
    expect(await within(dialog).findByText("Give the key a name of 3 to 80 characters.")).toBeInTheDocument();
    expect(within(dialog).getByText("Choose at least one scope.")).toBeInTheDocument();
    expect(sent).toBeNull();

    fireEvent.change(within(dialog).getByTestId("api-key-name"), { target: { value: "Reconciliation" } });
    fireEvent.click(within(dialog).getByTestId("api-key-scope-transactions:read"));
    fireEvent.click(within(dialog).getByTestId("api-key-create"));
    expect(await within(dialog).findByTestId("api-key-value")).toHaveValue("kmr_k-2_SECRETSECRET");
    expect(sent).toEqual({ name: "Reconciliation", scopes: ["transactions:read"] });
    fireEvent.click(within(dialog).getByTestId("api-key-done"));
    await waitFor(() => expect(screen.getAllByTestId("api-key-row")).toHaveLength(2));
    expect(screen.queryByText("kmr_k-2_SECRETSECRET")).not.toBeInTheDocument();
  });

  it("revokes an active key after a confirmation, and a regulator chooses the institution", async () => {
    let revoked = false;
    const del = vi.fn(() => {
      revoked = true;
      return { status: 204 };
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(
        routeFetch({
          "GET /api/api-keys": () => ({ status: 200, body: [key("k-1", revoked ? { revokedAt: "2026-11-24T07:00:00Z" } : {})] }),
          "DELETE /api/api-keys/k-1": del,
          "GET /api/psps?limit=200": { status: 200, body: [{ id: "p-1", name: "Premium-Wallet", licenseStatus: "active" }] },
          "GET /api/mnos?limit=200": { status: 200, body: [{ id: "m-1", name: "Telesom", licenseStatus: "active" }] },
        }),
      ),
    );
    renderWithProviders(<ApiKeysPage user={makeUser({ id: "r-1", role: "cbsl_officer" })} />);
    const row = await screen.findByTestId("api-key-row");
    expect(row).toHaveTextContent("Premium-Wallet"); // a regulator sees whose key it is
    fireEvent.click(within(row).getByTestId("api-key-revoke"));
    expect(del).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTestId("api-key-revoke-confirm"));
    await waitFor(() => expect(del).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByTestId("api-key-row")).toHaveAttribute("data-status", "revoked"));
    expect(within(screen.getByTestId("api-key-row")).queryByTestId("api-key-revoke")).not.toBeInTheDocument();

    fireEvent.click(screen.getByTestId("api-key-new"));
    const select = await screen.findByTestId("api-key-institution");
    await waitFor(() => expect(within(select).getAllByRole("option")).toHaveLength(3));
    expect(within(select).getByRole("option", { name: "Telesom" })).toBeInTheDocument();
  });
});
