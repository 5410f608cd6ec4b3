import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CurrentUser } from "@/api/types";
import { AuditPage } from "@/features/audit/AuditPage";
import type { AuditEntry, VerifyResult } from "@/features/audit/types";
import { renderWithProviders } from "@/test/render";
import { makeUser } from "@/test/fixtures";

const admin: CurrentUser = makeUser({ id: "a1", role: "cbsl_admin", firstName: "Amina", lastName: "Warsame" });
const officer: CurrentUser = makeUser({ id: "o1", role: "cbsl_officer" });
const pspAdmin: CurrentUser = makeUser({ id: "p1", role: "psp_admin", institution: "psp-1" });

const entry = (seq: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: `0190-entry-${seq}`,
  seq,
  at: "2026-03-04T09:15:30Z",
  actor: { id: "a1", email: "admin@kormeer.demo", name: "Amina Warsame", role: "cbsl_admin", institution: "" },
  action: "auth.login",
  resource: "session",
  resourceId: `sess-${seq}-abcdef12`,
  details: { method: "password" },
  ipAddress: "10.0.0.7",
  userAgent: "Mozilla/5.0 (X11; Linux) Chromium/140",
  ...over,
});

type Answer = { status: number; body: unknown; next?: string } | Promise<{ status: number; body: unknown; next?: string }>;

/**
 * A fetch stub for the audit API: pages answer by cursor ("" for the first page) and set
 * X-Next-Cursor; every requested URL is recorded so tests can check the query that was sent.
 */
function auditFetch({ pages = {}, list, verify }: { pages?: Record<string, Answer>; list?: () => Answer; verify?: () => Answer }) {
  const urls: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    // The typed client sends a Request with an absolute URL; the recorded URL is its path and query.
    const url = (typeof input === "string" ? input : input instanceof URL ? input.href : input.url).replace(/^https?:\/\/[^/]+/, "");
    urls.push(url);
    const u = new URL(url, "http://portal.test");
    let answer: Answer | undefined;
    if (u.pathname === "/api/audit") answer = list ? list() : pages[u.searchParams.get("cursor") ?? ""];
    else if (u.pathname === "/api/audit/verify") answer = verify?.();
    else if (u.pathname === "/api/psps") answer = { status: 200, body: [{ id: "psp-1", type: "psp", name: "Premium Wallet", licenseStatus: "active" }] };
    else if (u.pathname === "/api/mnos") answer = { status: 200, body: [] };
    const res = await (answer ?? { status: 404, body: { message: "Not Found" } });
    const headers = new Headers({ "Content-Type": "application/json", "Content-Language": "en" });
    if (res.next) headers.set("X-Next-Cursor", res.next);
    return new Response(JSON.stringify(res.body), { status: res.status, headers });
  });
  return { fetch, urls, auditUrls: () => urls.filter((x) => x.startsWith("/api/audit?")) };
}

afterEach(() => vi.unstubAllGlobals());

describe("AuditPage", () => {
  it("is refused to anyone but a regulator, without asking the server", () => {
    const stub = auditFetch({});
    vi.stubGlobal("fetch", stub.fetch);
    renderWithProviders(<AuditPage user={pspAdmin} />, { path: "/audit" });
    expect(screen.getByTestId("audit-not-allowed")).toHaveTextContent("Only central bank administrators and officers can read the audit trail.");
    expect(stub.urls).toEqual([]);
  });

  it("starts from the filters in the URL, and applying new ones updates the URL, the request and the export link", async () => {
    const stub = auditFetch({ list: () => ({ status: 200, body: [entry(7)] }) });
    vi.stubGlobal("fetch", stub.fetch);
    const { location } = renderWithProviders(<AuditPage user={officer} />, { path: "/audit?action=user.&from=2026-03-01" });
    await screen.findByTestId("audit-row");
    expect(stub.auditUrls()).toEqual(["/api/audit?action=user.&from=2026-03-01&limit=50"]);
    expect(screen.getByTestId("audit-filter-action")).toHaveValue("user.");
    expect(screen.getByTestId("audit-filter-from")).toHaveValue("2026-03-01");

    fireEvent.change(screen.getByTestId("audit-filter-actor"), { target: { value: " admin@kormeer.demo " } });
    fireEvent.change(screen.getByTestId("audit-filter-action"), { target: { value: "auth.login" } });
    fireEvent.change(screen.getByTestId("audit-filter-resource"), { target: { value: "session" } });
    fireEvent.change(screen.getByTestId("audit-filter-resourceId"), { target: { value: "sess-1" } });
    fireEvent.change(screen.getByTestId("audit-filter-institution"), { target: { value: "Premium Wallet" } });
    fireEvent.change(screen.getByTestId("audit-filter-to"), { target: { value: "2026-03-31" } });
    // Typing alone asks nothing: the draft applies on submit.
    expect(stub.auditUrls()).toHaveLength(1);
    fireEvent.click(screen.getByTestId("audit-apply"));

    const expected = "actor=admin%40kormeer.demo&action=auth.login&resource=session&resourceId=sess-1&institution=Premium+Wallet&from=2026-03-01&to=2026-03-31";
    // The typed client encodes a space as %20 where URLSearchParams (the page's own address) writes +.
    await waitFor(() => expect(stub.auditUrls()).toContain(`/api/audit?${expected.replace("Premium+Wallet", "Premium%20Wallet")}&limit=50`));
    expect(location.history?.at(-1)).toBe(`/audit?${expected}`);
    expect(screen.getByTestId("audit-export")).toHaveAttribute("href", `/api/audit/export?${expected}`);

    fireEvent.click(screen.getByTestId("audit-clear"));
    await waitFor(() => expect(location.history?.at(-1)).toBe("/audit"));
    await waitFor(() => expect(stub.auditUrls().at(-1)).toBe("/api/audit?limit=50"));
    expect(screen.getByTestId("audit-filter-action")).toHaveValue("");
    expect(screen.getByTestId("audit-export")).toHaveAttribute("href", "/api/audit/export");
  });

  it("shows the rows with actor, action, object and address, and opens one to show its details and user agent", async () => {
    vi.stubGlobal(
      "fetch",
      auditFetch({
        pages: {
          "": {
            status: 200,
            body: [
              entry(3),
              entry(2, { actor: { id: "p9", email: "staff@psp.so", name: "", role: "psp_admin", institution: "psp-1" }, action: "transaction.export" }),
              entry(1, { actor: null, action: "auth.login_failed", details: { email: "x@y.so" }, userAgent: "" }),
            ],
          },
        },
      }).fetch,
    );
    renderWithProviders(<AuditPage user={officer} />, { path: "/audit" });
    const rows = await screen.findAllByTestId("audit-row");
    expect(rows).toHaveLength(3);
    const [first, psp, second] = rows as [HTMLElement, HTMLElement, HTMLElement];
    await waitFor(() => expect(within(psp).getByTestId("audit-actor")).toHaveTextContent("staff@psp.soPSP administrator · Premium Wallet"));
    expect(within(first).getByTestId("audit-actor")).toHaveTextContent("Amina Warsame");
    expect(within(first).getByTestId("audit-actor")).toHaveTextContent("admin@kormeer.demo");
    expect(within(first).getByTestId("audit-action")).toHaveTextContent("auth.login");
    expect(first).toHaveTextContent("Session");
    expect(within(first).getByTestId("audit-address")).toHaveTextContent("10.0.0.7");
    expect(first.querySelector("time")).toHaveAttribute("dateTime", "2026-03-04T09:15:30Z");
    expect(within(second).getByTestId("audit-actor")).toHaveTextContent("No account (anonymous or system)");
    expect(screen.getByTestId("audit-count")).toHaveTextContent("3 entries");

    const toggle = within(first).getByTestId("audit-row-toggle");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByTestId("audit-row-details")).not.toBeInTheDocument();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const details = screen.getByTestId("audit-row-details");
    expect(toggle).toHaveAttribute("aria-controls", details.id);
    expect(within(details).getByTestId("audit-user-agent")).toHaveTextContent("Mozilla/5.0 (X11; Linux) Chromium/140");
    expect(details).toHaveTextContent("method");
    expect(details).toHaveTextContent("password");
    expect(details).toHaveTextContent("0190-entry-3");
    fireEvent.click(toggle);
    expect(screen.queryByTestId("audit-row-details")).not.toBeInTheDocument();
  });

  it("pages with the server's cursor: Load more appends the next rows until there is no next cursor", async () => {
    const stub = auditFetch({
      pages: {
        "": { status: 200, body: [entry(5), entry(4)], next: "cur-2" },
        "cur-2": { status: 200, body: [entry(3), entry(2)], next: "cur-3" },
        "cur-3": { status: 200, body: [entry(1)] },
      },
    });
    vi.stubGlobal("fetch", stub.fetch);
    renderWithProviders(<AuditPage user={officer} />, { path: "/audit?resource=user" });
    await waitFor(() => expect(screen.getAllByTestId("audit-row")).toHaveLength(2));
    expect(screen.getByTestId("audit-count")).toHaveTextContent("Newest 2 entries shown, more below");
    fireEvent.click(screen.getByTestId("audit-load-more"));
    await waitFor(() => expect(screen.getAllByTestId("audit-row")).toHaveLength(4));
    fireEvent.click(screen.getByTestId("audit-load-more"));
    await waitFor(() => expect(screen.getAllByTestId("audit-row")).toHaveLength(5));
    expect(screen.getAllByTestId("audit-row").map((r) => r.getAttribute("data-seq"))).toEqual(["5", "4", "3", "2", "1"]);
    expect(screen.queryByTestId("audit-load-more")).not.toBeInTheDocument();
    expect(screen.getByTestId("audit-count")).toHaveTextContent("5 entries");
    expect(stub.auditUrls()).toEqual([
      "/api/audit?resource=user&limit=50",
      "/api/audit?resource=user&limit=50&cursor=cur-2",
      "/api/audit?resource=user&limit=50&cursor=cur-3",
    ]);
  });

  it("shows skeleton rows while loading, then an honest empty state", async () => {
    let answer!: (a: { status: number; body: unknown }) => void;
    vi.stubGlobal("fetch", auditFetch({ list: () => new Promise((r) => (answer = r)) }).fetch);
    renderWithProviders(<AuditPage user={officer} />, { path: "/audit?action=kyc." });
    expect(await screen.findAllByTestId("audit-skeleton")).toHaveLength(6);
    answer({ status: 200, body: [] });
    expect(await screen.findByTestId("audit-empty")).toHaveTextContent("No entries match these filters");
    expect(screen.queryByTestId("audit-skeleton")).not.toBeInTheDocument();
    expect(screen.queryByTestId("audit-load-more")).not.toBeInTheDocument();
  });

  it("shows a bad filter's message beside its box and what to do next", async () => {
    vi.stubGlobal(
      "fetch",
      auditFetch({ list: () => ({ status: 400, body: { message: "Please correct the highlighted fields.", fields: { from: "Use YYYY-MM-DD or RFC 3339" } } }) }).fetch,
    );
    renderWithProviders(<AuditPage user={officer} />, { path: "/audit?from=yesterday" });
    const alert = await screen.findByTestId("audit-error");
    expect(alert).toHaveTextContent(/^Correct the highlighted filter and apply again\.Clear$/);
    const from = screen.getByTestId("audit-filter-from");
    expect(from).toHaveAttribute("aria-invalid", "true");
    expect(from).toHaveAccessibleDescription("Use YYYY-MM-DD or RFC 3339");
    expect(screen.getByTestId("audit-filters-toggle")).toHaveAttribute("aria-expanded", "true");
  });

  it("adds the server's summary when no filter box can show the problem", async () => {
    const stub = auditFetch({
      list: () => ({ status: 400, body: { message: "The page cursor or limit is not valid; start from the first page.", fields: { cursor: "Not a valid cursor" } } }),
    });
    vi.stubGlobal("fetch", stub.fetch);
    const { location } = renderWithProviders(<AuditPage user={officer} />, { path: "/audit?action=auth." });
    const alert = await screen.findByTestId("audit-error");
    expect(alert).toHaveTextContent("The page cursor or limit is not valid; start from the first page. Correct the highlighted filter and apply again.");
    fireEvent.click(within(alert).getByRole("button", { name: "Clear" }));
    await waitFor(() => expect(location.history?.at(-1)).toBe("/audit"));
  });

  it("folds the filters on a phone behind a button that counts those set", async () => {
    vi.stubGlobal("fetch", auditFetch({ list: () => ({ status: 200, body: [] }) }).fetch);
    renderWithProviders(<AuditPage user={officer} />, { path: "/audit?action=auth.&to=2026-03-01" });
    const toggle = await screen.findByTestId("audit-filters-toggle");
    expect(toggle).toHaveTextContent("Filters (2 set)");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    const fields = document.getElementById(toggle.getAttribute("aria-controls")!)!;
    expect(fields).toHaveClass("max-sm:hidden");
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(fields).not.toHaveClass("max-sm:hidden");
  });

  it("says what to do when the log cannot be loaded, and retries", async () => {
    let fail = true;
    vi.stubGlobal("fetch", auditFetch({ list: () => (fail ? { status: 500, body: { message: "internal" } } : { status: 200, body: [entry(1)] }) }).fetch);
    renderWithProviders(<AuditPage user={officer} />, { path: "/audit" });
    const alert = await screen.findByTestId("audit-error");
    expect(alert).toHaveTextContent("Could not load the audit trail. Check your connection, then try again.");
    expect(alert).not.toHaveTextContent("internal");
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByTestId("audit-row")).toBeInTheDocument();
  });

  it("offers Verify integrity to administrators only", async () => {
    vi.stubGlobal("fetch", auditFetch({ list: () => ({ status: 200, body: [] }) }).fetch);
    renderWithProviders(<AuditPage user={officer} />, { path: "/audit" });
    expect(await screen.findByTestId("audit-empty")).toHaveTextContent("The audit trail is empty");
    expect(screen.queryByTestId("audit-verify")).not.toBeInTheDocument();
  });

  it("verifies: a spinner while the chain is walked, then every problem with its kind", async () => {
    let answer!: (a: { status: number; body: VerifyResult }) => void;
    const stub = auditFetch({ list: () => ({ status: 200, body: [entry(1)] }), verify: () => new Promise((r) => (answer = r)) });
    vi.stubGlobal("fetch", stub.fetch);
    renderWithProviders(<AuditPage user={admin} />, { path: "/audit" });
    const button = await screen.findByTestId("audit-verify");
    fireEvent.click(button);
    expect(await screen.findByTestId("audit-verify-progress")).toHaveAttribute("role", "status");
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent("Verifying…");
    answer({
      status: 200,
      body: {
        ok: false,
        rows: 1204,
        head: { chain: 1, seq: 1204, hash: "ab".repeat(32) },
        heads: [{ chain: 1, seq: 1204, hash: "ab".repeat(32) }],
        problems: [
          { seq: 17, id: "0190-e17", kind: "edited", message: "row 17's content does not match its hash" },
          { seq: 40, id: "", kind: "missing", message: "rows 40 to 41 are missing" },
          { seq: 42, id: "0190-e42", kind: "unchained", message: "row 42 does not follow row 39" },
          { seq: 9, id: "0190-e9", kind: "anchor", message: "row 9 no longer has the anchored hash" },
        ],
        truncated: true,
      },
    });
    const broken = await screen.findByTestId("audit-verify-broken");
    expect(broken).toHaveAttribute("role", "alert");
    expect(broken).toHaveTextContent("The audit trail has been tampered with: 4 problems in 1,204 entries.");
    const problems = within(broken).getAllByTestId("audit-verify-problem");
    expect(problems.map((p) => p.getAttribute("data-kind"))).toEqual(["edited", "missing", "unchained", "anchor"]);
    expect(problems[0]).toHaveTextContent("Edited");
    expect(problems[0]).toHaveTextContent("Entry #17");
    expect(problems[0]).toHaveTextContent("0190-e17");
    expect(problems[0]).toHaveTextContent("row 17's content does not match its hash");
    expect(problems[1]).toHaveTextContent("Missing");
    expect(problems[2]).toHaveTextContent("Chain broken");
    expect(problems[3]).toHaveTextContent("Anchor mismatch");
    expect(within(broken).getByTestId("audit-verify-truncated")).toHaveTextContent("More problems were found than are listed here.");
    expect(button).toBeEnabled();
    expect(stub.urls).toContain("/api/audit/verify");
  });

  it("verifies: an intact chain shows the row count and the head hash", async () => {
    const hash = "0f".repeat(32);
    vi.stubGlobal("fetch", auditFetch({ list: () => ({ status: 200, body: [] }), verify: () => ({ status: 200, body: { ok: true, rows: 1, head: { chain: 1, seq: 1, hash }, heads: [{ chain: 1, seq: 1, hash }], problems: [] } }) }).fetch);
    renderWithProviders(<AuditPage user={admin} />, { path: "/audit" });
    fireEvent.click(await screen.findByTestId("audit-verify"));
    const ok = await screen.findByTestId("audit-verify-ok");
    expect(ok).toHaveTextContent("The audit trail is intact: 1 entry checked.");
    expect(within(ok).getByTestId("audit-verify-head")).toHaveTextContent(hash);
    expect(within(ok).queryByTestId("audit-verify-heads")).toBeNull(); // one chain: its head is the latest entry's
  });

  it("verifies: with a chain per writer lane, each chain's head is listed to anchor it", async () => {
    const heads = [1, 2, 3].map((chain) => ({ chain, seq: chain * 100, hash: String(chain).repeat(64) }));
    const empty = { chain: 4, seq: 0, hash: "0".repeat(64) }; // a lane that has not written yet
    vi.stubGlobal("fetch", auditFetch({ list: () => ({ status: 200, body: [] }), verify: () => ({ status: 200, body: { ok: true, rows: 300, head: heads[2], heads: [...heads, empty], problems: [] } }) }).fetch);
    renderWithProviders(<AuditPage user={admin} />, { path: "/audit" });
    fireEvent.click(await screen.findByTestId("audit-verify"));
    const ok = await screen.findByTestId("audit-verify-ok");
    expect(within(ok).getByTestId("audit-verify-head")).toHaveTextContent("3".repeat(64));
    const list = within(ok).getByTestId("audit-verify-heads");
    expect(list).toHaveTextContent("The trail’s 4 chains and the head of each, to anchor it");
    const items = within(list).getAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual([
      ...heads.map((h) => `Chain ${h.chain}: entry #${h.seq}, hash ${h.hash}`),
      "Chain 4: no entries yet",
    ]);
  });

  it("reads in Somali", async () => {
    const { default: i18n } = await import("@/i18n");
    await i18n.changeLanguage("so");
    vi.stubGlobal("fetch", auditFetch({ list: () => ({ status: 200, body: [] }) }).fetch);
    renderWithProviders(<AuditPage user={admin} />, { path: "/audit" });
    expect(await screen.findByRole("heading", { level: 1, name: "Diiwaanka hawlaha" })).toBeInTheDocument();
    expect(screen.getByTestId("audit-verify")).toHaveTextContent("Hubi daacadnimada");
    expect(await screen.findByTestId("audit-empty")).toHaveTextContent("Diiwaanka hawlaha waa madhan yahay");
  });
});
