import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CurrentUser } from "@/api/types";
import { ApprovalsPage } from "@/features/settings/ApprovalsPage";
import { approvalActions, isProposal } from "@/features/settings/approvals";
import type { Approval } from "@/features/settings/approvals";
import { UsersPage } from "@/features/settings/UsersPage";
import { renderWithProviders, routeFetch } from "@/test/render";
import { makeUser } from "@/test/fixtures";

const admin: CurrentUser = makeUser({ id: "a1", role: "cbsl_admin", firstName: "Amina", lastName: "Warsame" });
const proposal = (id: string, over: Partial<Approval> = {}): Approval => ({
  id,
  kind: "account.create",
  status: "pending",
  role: "cbsl_officer",
  previousRole: null,
  target: { ...makeUser({ id: `t-${id}`, email: `${id}@bank.so`, firstName: "Nimco", lastName: id, role: "citizen" }), isActive: false, createdAt: "2026-11-20T09:00:00Z", createdBy: null, pendingRole: null, username: null },
  proposedBy: "a2",
  proposedByName: "Faisal Dualeh",
  proposedAt: "2026-11-20T09:00:00Z",
  decidedBy: null,
  decidedByName: null,
  decidedAt: null,
  reason: null,
  ...over,
});
const list = "GET /api/approvals?status=pending&limit=20";

afterEach(() => vi.unstubAllGlobals());

describe("ApprovalsPage", () => {
  it("lets another administrator decide, and the proposer only withdraw", async () => {
    vi.stubGlobal("fetch", vi.fn(routeFetch({ [list]: { status: 200, body: [proposal("p1"), proposal("p2", { proposedBy: "a1", kind: "account.role", previousRole: "psp_admin", role: "cbsl_admin" })] } })));
    renderWithProviders(<ApprovalsPage user={admin} />);
    const [theirs, mine] = (await screen.findAllByTestId("approval-row")) as [HTMLElement, HTMLElement];
    expect(theirs).toHaveTextContent("New account: Central bank officer");
    expect(within(theirs).getByTestId("approval-approve")).toHaveAccessibleName("Approve: Nimco p1");
    expect(within(theirs).getByTestId("approval-reject")).toBeInTheDocument();
    expect(mine).toHaveTextContent("Role: PSP administrator → Central bank administrator");
    expect(within(mine).queryByTestId("approval-approve")).not.toBeInTheDocument();
    expect(within(mine).getByTestId("approval-withdraw")).toBeInTheDocument();
    expect(within(mine).getByTestId("approval-awaits")).toHaveTextContent("Waits for another administrator");
  });

  it("asks for a reason before rejecting, and shows the server's refusal of an approval", async () => {
    const rejected = vi.fn(() => ({ status: 200, body: proposal("p1", { status: "rejected" }) }));
    vi.stubGlobal(
      "fetch",
      vi.fn(
        routeFetch({
          [list]: { status: 200, body: [proposal("p1")] },
          "POST /api/approvals/p1/reject": rejected,
          "POST /api/approvals/p1/approve": {
            status: 403,
            body: { message: "Your account was created by the proposer less than 30 days ago; an administrator they did not create must approve this." },
          },
        }),
      ),
    );
    renderWithProviders(<ApprovalsPage user={admin} />);
    fireEvent.click(await screen.findByTestId("approval-reject"));
    let dialog = await screen.findByTestId("approval-reject-dialog");
    fireEvent.click(within(dialog).getByTestId("approval-confirm"));
    expect(await within(dialog).findByTestId("approval-error")).toHaveTextContent("Say why");
    expect(rejected).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByTestId("approval-reason"), { target: { value: "Not known to supervision" } });
    fireEvent.click(within(dialog).getByTestId("approval-confirm"));
    await waitFor(() => expect(rejected).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByTestId("approval-reject-dialog")).not.toBeInTheDocument());

    fireEvent.click(await screen.findByTestId("approval-approve"));
    dialog = await screen.findByTestId("approval-approve-dialog");
    fireEvent.click(within(dialog).getByTestId("approval-confirm"));
    expect(await within(dialog).findByTestId("approval-error")).toHaveTextContent("created by the proposer");
  });

  it("is refused to officers without asking the server", () => {
    const fetch = vi.fn(routeFetch({}));
    vi.stubGlobal("fetch", fetch);
    renderWithProviders(<ApprovalsPage user={makeUser({ id: "o1", role: "cbsl_officer" })} />);
    expect(screen.getByText("Only central bank administrators decide approvals.")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("tells which actions fit whom", () => {
    expect(approvalActions(admin, proposal("x"))).toBe("decide");
    expect(approvalActions(admin, proposal("x", { proposedBy: "a1" }))).toBe("withdraw");
    expect(approvalActions(admin, proposal("x", { target: { ...proposal("x").target, id: "a1" } }))).toBe("none");
    expect(approvalActions(admin, proposal("x", { status: "approved" }))).toBe("none");
    expect(isProposal({ ...proposal("x"), eligibleApprovers: 1, message: "" })).toBe(true);
    expect(isProposal({ id: "u1", email: "x@y.so" })).toBe(false);
  });
});

describe("UsersPage and dual control", () => {
  it("marks accounts that wait for a second administrator and says so when one is proposed", async () => {
    const answer = { ...proposal("p9"), eligibleApprovers: 0, message: "" };
    vi.stubGlobal(
      "fetch",
      vi.fn(
        routeFetch({
          "GET /api/users": { status: 200, body: [{ ...proposal("p1").target, pendingRole: "cbsl_officer" }] },
          "GET /api/psps": { status: 200, body: [] },
          "GET /api/mnos": { status: 200, body: [] },
          "POST /api/users": { status: 202, body: answer },
        }),
      ),
    );
    renderWithProviders(<UsersPage user={admin} />);
    expect(await screen.findByTestId("user-pending")).toHaveTextContent("Awaits approval as Central bank officer");
    fireEvent.click(screen.getByTestId("users-create"));
    const dialog = await screen.findByTestId("user-create-dialog");
    expect(dialog).toHaveTextContent("A second administrator must approve this role");
    fireEvent.change(within(dialog).getByTestId("user-firstName"), { target: { value: "Nimco" } });
    fireEvent.change(within(dialog).getByTestId("user-lastName"), { target: { value: "Hirsi" } });
    fireEvent.change(within(dialog).getByTestId("user-email"), { target: { value: "nimco@bank.so" } });
    fireEvent.click(within(dialog).getByTestId("user-create-submit"));
    expect(await screen.findByText("Waiting for a second administrator")).toBeInTheDocument();
    expect(screen.getByText(/kormeer users create/)).toBeInTheDocument();
  });
});
