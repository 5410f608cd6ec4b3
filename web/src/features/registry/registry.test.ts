import { afterEach, describe, expect, it, vi } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { api } from "@/api/api";
import { fetchAllPages } from "@/api/paging";
import { routeFetch } from "@/test/render";
import { registryOptions } from "@/features/registry/api";
import { allowedActions, complianceTargets, expiryState } from "@/features/registry/registry";
import { formatUsd } from "@/features/registry/RegistryPage";

describe("licence actions", () => {
  it("offers only valid transitions; revoked is final", () => {
    expect(allowedActions("active")).toEqual(["suspend", "revoke"]);
    expect(allowedActions("suspended")).toEqual(["reinstate", "revoke"]);
    expect(allowedActions("revoked")).toEqual([]);
  });

  it("flags licences expiring within 90 days, or expired", () => {
    const now = new Date("2026-01-01T00:00:00Z");
    expect(expiryState("2026-03-31T00:00:00Z", now)).toBe("soon");
    expect(expiryState("2026-04-02T00:00:00Z", now)).toBeNull();
    expect(expiryState("2025-12-31T00:00:00Z", now)).toBe("expired");
    expect(expiryState(null, now)).toBeNull();
  });

  it("formats decimal-string volumes exactly", () => {
    expect(formatUsd("1234.50")).toBe("$1,234.50");
    expect(formatUsd("90071992547409.93")).toBe("$90,071,992,547,409.93");
  });
});

describe("compliance status", () => {
  it("offers every status but the current one", () => {
    expect(complianceTargets("compliant")).toEqual(["under_review", "non_compliant"]);
    expect(complianceTargets("pending")).toEqual(["compliant", "under_review", "non_compliant"]);
  });

});

describe("registry list", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks the kind's registry for the filters that are set, and reads the next cursor", async () => {
    const fetchFn = vi.fn(routeFetch({
      "GET /api/mnos?q=zaad&status=active&compliance=non_compliant": { status: 200, body: [{ id: "m" }], headers: { "X-Next-Cursor": "c1" } },
      "GET /api/psps": { status: 200, body: [] },
    }));
    vi.stubGlobal("fetch", fetchFn);
    const client = new QueryClient();
    const mnos = await client.fetchInfiniteQuery(registryOptions("mno", { q: "zaad", status: "active", compliance: "non_compliant" }));
    expect(mnos.pages[0]).toMatchObject({ items: [{ id: "m" }], next: "c1" });
    const psps = await client.fetchInfiniteQuery(registryOptions("psp", { q: "", status: "" }));
    expect(psps.pages[0]?.items).toEqual([]);
    expect(fetchFn).toHaveBeenCalledTimes(2);
  });
});

describe("every institution for pickers", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("follows the cursor to the last page with the largest page size", async () => {
    const fetchFn = vi.fn(routeFetch({
      "GET /api/psps?limit=200": { status: 200, body: [{ id: "a" }], headers: { "X-Next-Cursor": "c/1" } },
      "GET /api/psps?limit=200&cursor=c%2F1": { status: 200, body: [{ id: "b" }] },
    }));
    vi.stubGlobal("fetch", fetchFn);
    const all = await fetchAllPages((query) => api.GET("/api/psps", { params: { query } }));
    expect(all.map((e) => e.id)).toEqual(["a", "b"]);
    expect(fetchFn).toHaveBeenCalledTimes(2);
  });
});
