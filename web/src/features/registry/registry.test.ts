import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchAllPages } from "@/api/paging";
import { routeFetch } from "@/test/render";
import { allowedActions, complianceTargets, expiryState, registryUrl } from "@/features/registry/registry";
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

  it("builds the registry's URL from the server-side filters and the cursor", () => {
    expect(registryUrl("psp", {})).toBe("/api/psps");
    expect(registryUrl("mno", { q: "zaad", status: "active", compliance: "non_compliant" }, "c1")).toBe(
      "/api/mnos?q=zaad&status=active&compliance=non_compliant&cursor=c1",
    );
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
    const all = await fetchAllPages<{ id: string }>("/api/psps");
    expect(all.map((e) => e.id)).toEqual(["a", "b"]);
    expect(fetchFn).toHaveBeenCalledTimes(2);
  });
});
