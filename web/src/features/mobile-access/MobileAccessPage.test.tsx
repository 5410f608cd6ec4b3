import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AccessCode, CurrentUser, MobileUser } from "@/api/types";
import { MobileAccessPage } from "@/features/mobile-access/MobileAccessPage";
import { userActions, validateRegistration } from "@/features/mobile-access/mobileAccess";
import { visibleGroups } from "@/features/shell/nav";
import i18n from "@/i18n";
import { renderWithProviders, routeFetch, sentRequest } from "@/test/render";

// The specification wrote this screen in French: its texts are checked in French (fr.json).
beforeEach(async () => {
  await i18n.changeLanguage("fr");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const officer = { id: "u1", role: "cbsl_officer", isGuest: false } as CurrentUser;

function user(id: string, status: MobileUser["status"], fullName: string): MobileUser {
  return {
    id,
    fullName,
    phoneNumber: `+25263412345${id.slice(-1)}`,
    nationalId: "••••••4567",
    email: null,
    platform: "android",
    status,
    suspensionReason: null,
    loginAttempts: 0,
    lockedUntil: null,
    approvedAt: null,
    createdAt: "2026-11-20T10:00:00Z",
  };
}

function code(id: string, status: AccessCode["status"], owner: MobileUser): AccessCode {
  return {
    id,
    code: null,
    delivery: id === "c-dd" ? null : "sms",
    status,
    currentUses: status === "used" ? 1 : 0,
    maxUses: 1,
    usedAt: null,
    expiresAt: "2026-12-01T10:00:00Z",
    createdAt: "2026-11-20T10:00:00Z",
    mobileUser: { id: owner.id, fullName: owner.fullName, phoneNumber: owner.phoneNumber },
  };
}

const hodan = user("m1", "approved", "Hodan Abdi");
const ayaan = user("m2", "pending", "Ayaan Ismail");
const farah = user("m3", "suspended", "Mohamed Farah");
const codes = [code("c-aa", "active", hodan), code("c-bb", "used", hodan), code("c-cc", "expired", hodan), code("c-dd", "revoked", hodan)];

/** A one-row first page whose X-Total-Count is the server's count: what the stat cards read. */
const counted = (total: string) => ({ status: 200, body: [], headers: { "X-Total-Count": total } });

function routes(extra: Parameters<typeof routeFetch>[0] = {}) {
  return routeFetch({
    "GET /api/mobile/users": { status: 200, body: [hodan, ayaan, farah] },
    "GET /api/mobile/users?status=approved&limit=200": { status: 200, body: [hodan] },
    "GET /api/mobile/users?status=approved&limit=1": counted("1"),
    "GET /api/admin/mobile-access/codes": { status: 200, body: codes },
    "GET /api/admin/mobile-access/codes?status=active&limit=1": counted("1"),
    "GET /api/admin/mobile-access/codes?status=used&limit=1": counted("1"),
    "GET /api/admin/mobile-access/codes?status=expired&limit=1": counted("1"),
    "GET /api/admin/notifications": { status: 200, body: [] },
    ...extra,
  });
}

describe("mobile access rules", () => {
  it("offers the status actions the server allows", () => {
    expect(userActions("pending")).toEqual(["approve", "revoke"]);
    expect(userActions("approved")).toEqual(["suspend", "revoke"]);
    expect(userActions("suspended")).toEqual(["reinstate", "revoke"]);
    expect(userActions("revoked")).toEqual([]);
  });

  it("checks a registration like the server", () => {
    const ok = { fullName: "Hodan Abdi", phoneNumber: "+252 63 4123456", nationalId: "SL-12345", email: "", platform: "" as const };
    expect(validateRegistration(ok)).toEqual([]);
    expect(validateRegistration({ ...ok, phoneNumber: "+25263412345" })).toEqual(["phoneNumber"]);
    expect(validateRegistration({ ...ok, fullName: "H", nationalId: "1234", email: "x@" })).toEqual(["fullName", "nationalId", "email"]);
  });

  it("lists the screen in the sidebar for regulators only", () => {
    const keys = (role: string) => visibleGroups(false, role).flatMap((g) => g.items.map((i) => i.key));
    expect(keys("cbsl_officer")).toContain("mobile-access");
    expect(keys("cbsl_admin")).toContain("mobile-access");
    expect(keys("psp_admin")).not.toContain("mobile-access");
    expect(keys("citizen")).not.toContain("mobile-access");
  });
});

describe("MobileAccessPage", () => {
  it("shows the French stat cards and Révoquer on active codes only", async () => {
    vi.stubGlobal("fetch", routes());
    renderWithProviders(<MobileAccessPage user={officer} />);
    expect(await screen.findByText("Gestion des accès mobiles")).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId("code-row")).toHaveLength(4));
    expect(screen.getByTestId("stat-active-value")).toHaveTextContent("1");
    expect(screen.getByTestId("stat-used-value")).toHaveTextContent("1");
    expect(screen.getByTestId("stat-expired-value")).toHaveTextContent("1");
    expect(screen.getByTestId("stat-approved-value")).toHaveTextContent("1");
    for (const row of screen.getAllByTestId("code-row")) {
      const revoke = within(row).queryByRole("button", { name: /Révoquer/ });
      if (row.dataset.status === "active") expect(revoke).not.toBeNull();
      else expect(revoke).toBeNull();
    }
    expect(screen.getAllByTestId("revoke-code")).toHaveLength(1);
    expect(screen.getAllByTestId("code-row")[0]).toHaveTextContent("0/1");
    // No character of a code is shown (the server keeps none): how it was sent and when instead.
    expect(screen.getAllByTestId("code-delivery")[0]).toHaveTextContent("Envoyé par SMS");
    expect(screen.getAllByTestId("code-delivery")[0]).toHaveTextContent("Généré le");
    expect(screen.getAllByTestId("code-delivery")[3]).toHaveTextContent("Envoi non enregistré");
    for (const cell of screen.getAllByTestId("code-delivery")) expect(cell.textContent).not.toMatch(/•/);
  });

  it("shows the server's counts on the stat cards and loads more codes and users on demand", async () => {
    const more = [code("c-ee", "active", hodan), code("c-ff", "revoked", hodan)];
    vi.stubGlobal(
      "fetch",
      routes({
        "GET /api/admin/mobile-access/codes": { status: 200, body: codes, headers: { "X-Next-Cursor": "p2", "X-Total-Count": "6" } },
        "GET /api/admin/mobile-access/codes?cursor=p2": { status: 200, body: more },
        "GET /api/admin/mobile-access/codes?status=active&limit=1": counted("1000+"),
        "GET /api/mobile/users": { status: 200, body: [hodan], headers: { "X-Next-Cursor": "u2", "X-Total-Count": "3" } },
        "GET /api/mobile/users?cursor=u2": { status: 200, body: [ayaan, farah] },
        "GET /api/mobile/users?status=approved&limit=1": counted("5050"),
      }),
    );
    renderWithProviders(<MobileAccessPage user={officer} />);
    await waitFor(() => expect(screen.getAllByTestId("code-row")).toHaveLength(4));
    // The figures are the server's over every code and user, not the rows loaded.
    const digits = (id: string) => screen.getByTestId(id).textContent?.replace(/[^\d+]/g, "");
    await waitFor(() => expect(digits("stat-active-value")).toBe("1000+"));
    expect(digits("stat-approved-value")).toBe("5050");
    expect(screen.getByTestId("codes-count")).toHaveTextContent("4 affichés sur 6");
    fireEvent.click(screen.getByTestId("codes-load-more"));
    await waitFor(() => expect(screen.getAllByTestId("code-row")).toHaveLength(6));
    expect(screen.queryByTestId("codes-load-more")).toBeNull();
    expect(screen.getByTestId("codes-count")).toHaveTextContent("6 affichés sur 6");

    expect(screen.getAllByTestId("mobile-user-row")).toHaveLength(1);
    fireEvent.click(screen.getByTestId("mobile-users-load-more"));
    await waitFor(() => expect(screen.getAllByTestId("mobile-user-row")).toHaveLength(3));
    expect(screen.queryByTestId("mobile-users-load-more")).toBeNull();
  });

  it("keeps Générer disabled until an approved user is chosen, then shows the code once", async () => {
    const generate = vi.fn(() => ({
      status: 201,
      body: { accessCode: { ...code("c-new", "active", hodan), code: "3JQH6P3D" }, deliveries: 2, message: "Code d'accès généré et envoyé." },
    }));
    const fetch = vi.fn(routes({ "POST /api/admin/mobile-access/generate": generate }));
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<MobileAccessPage user={officer} />);
    await waitFor(() => expect(screen.getAllByTestId("code-row")).toHaveLength(4));
    fireEvent.click(screen.getByTestId("open-generate"));
    const dialog = await screen.findByRole("dialog", { name: "Générer un code d'accès" });
    const submit = within(dialog).getByRole("button", { name: "Générer le code" });
    expect(submit).toBeDisabled();
    const select = within(dialog).getByLabelText("Utilisateur mobile approuvé");
    // Only approved users are offered (the server's status=approved list).
    await waitFor(() =>
      expect(within(select).getAllByRole("option").map((o) => o.textContent)).toEqual(["Sélectionnez un utilisateur", `Hodan Abdi — ${hodan.phoneNumber}`]),
    );
    expect(within(dialog).getByLabelText("E-mail de l'administrateur")).toHaveValue("supervision@kormeer.so");
    fireEvent.change(select, { target: { value: "m1" } });
    expect(submit).toBeEnabled();
    fireEvent.change(within(dialog).getByLabelText("Méthode d'envoi"), { target: { value: "sms" } });
    fireEvent.click(submit);
    expect(await screen.findByTestId("full-code")).toHaveTextContent("3JQH6P3D");
    expect(screen.getByText(/il ne sera plus jamais affiché/)).toBeInTheDocument();
    expect(screen.getAllByText("Code généré").length).toBeGreaterThan(0);
    const call = fetch.mock.calls.find(([input]) => input instanceof Request && input.method === "POST");
    expect((await sentRequest(call)).body).toEqual({
      mobileUserId: "m1",
      notificationMethod: "sms",
      adminEmail: "supervision@kormeer.so",
    });
  });

  it("shows the French error toast from the error's codes, whatever the server's language", async () => {
    vi.stubGlobal(
      "fetch",
      routes({
        "POST /api/admin/mobile-access/generate": {
          status: 400,
          body: {
            code: "access_code_needs_user",
            message: "Only approved users can receive an access code.",
            fields: { mobileUserId: { code: "mobile_user_not_approved", message: "User not approved" } },
          },
        },
      }),
    );
    renderWithProviders(<MobileAccessPage user={officer} />);
    await waitFor(() => expect(screen.getAllByTestId("code-row")).toHaveLength(4));
    fireEvent.click(screen.getByTestId("open-generate"));
    const dialog = await screen.findByRole("dialog");
    await within(dialog).findByRole("option", { name: /Hodan Abdi/ });
    fireEvent.change(within(dialog).getByLabelText("Utilisateur mobile approuvé"), { target: { value: "m1" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Générer le code" }));
    expect(await screen.findByText("Erreur")).toBeInTheDocument();
    expect(screen.getByText("Seuls les utilisateurs approuvés peuvent recevoir un code d'accès. Utilisateur non approuvé")).toBeInTheDocument();
  });

  it("revokes an active code, and says so in French when it fails", async () => {
    vi.stubGlobal(
      "fetch",
      routes({
        "POST /api/admin/mobile-access/expire": { status: 409, body: { code: "access_code_not_active", message: "Only active codes can be revoked." } },
      }),
    );
    renderWithProviders(<MobileAccessPage user={officer} />);
    fireEvent.click(await screen.findByTestId("revoke-code"));
    fireEvent.click(await screen.findByTestId("revoke-confirm"));
    expect(await screen.findByText("Impossible de révoquer le code")).toBeInTheDocument();
    expect(screen.getByText("Seuls les codes actifs peuvent être révoqués.")).toBeInTheDocument();
  });

  it("asks for a reason before suspending a user", async () => {
    const patch = vi.fn(() => ({ status: 200, body: { ...hodan, status: "suspended" } }));
    vi.stubGlobal("fetch", routes({ "PATCH /api/mobile/users/m1/status": patch }));
    renderWithProviders(<MobileAccessPage user={officer} />);
    fireEvent.click(await screen.findByRole("button", { name: "Suspendre Hodan Abdi" }));
    const dialog = await screen.findByRole("dialog", { name: "Suspendre l'utilisateur" });
    fireEvent.click(within(dialog).getByTestId("user-status-confirm"));
    expect(within(dialog).getByRole("alert")).toHaveTextContent("Le motif est obligatoire.");
    expect(patch).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText(/Motif/), { target: { value: "Perte du téléphone" } });
    fireEvent.click(within(dialog).getByTestId("user-status-confirm"));
    await waitFor(() => expect(patch).toHaveBeenCalled());
  });

  it("tells other roles the screen is for regulators", () => {
    vi.stubGlobal("fetch", vi.fn());
    renderWithProviders(<MobileAccessPage user={{ ...officer, role: "psp_admin" } as CurrentUser} />);
    expect(screen.getByRole("alert")).toHaveTextContent("réservé au personnel de la banque centrale");
  });
});
