import { describe, expect, it } from "vitest";
import { EMPTY_FILTERS, auditExportUrl, auditQuery, filterParams, filtersFromSearch, hasFilters } from "@/features/audit/filters";

describe("audit filters", () => {
  it("reads the API's parameters from the URL and ignores the rest", () => {
    expect(filtersFromSearch("?action=user.&from=2026-01-01&page=3&actor=a%40b.so")).toEqual({
      ...EMPTY_FILTERS,
      actor: "a@b.so",
      action: "user.",
      from: "2026-01-01",
    });
    expect(filtersFromSearch("")).toEqual(EMPTY_FILTERS);
  });

  it("sends only the filters that are set, trimmed, in a stable order", () => {
    const filters = { ...EMPTY_FILTERS, to: "2026-02-01", actor: "  admin@kormeer.demo ", resource: "user", resourceId: " " };
    expect(filterParams(filters).toString()).toBe("actor=admin%40kormeer.demo&resource=user&to=2026-02-01");
    expect(hasFilters(filters)).toBe(true);
    expect(hasFilters({ ...EMPTY_FILTERS, institution: "   " })).toBe(false);
  });

  it("builds the pages' query and the export URL: the limit goes to pages only", () => {
    const filters = { ...EMPTY_FILTERS, action: "auth.login", institution: "Premium Wallet" };
    expect(auditQuery(filters)).toEqual({ action: "auth.login", institution: "Premium Wallet", limit: 50 });
    expect(auditQuery(filters, 10)).toEqual({ action: "auth.login", institution: "Premium Wallet", limit: 10 });
    expect(auditExportUrl(filters)).toBe("/api/audit/export?action=auth.login&institution=Premium+Wallet");
    expect(auditExportUrl(EMPTY_FILTERS)).toBe("/api/audit/export");
  });

  it("round-trips through the URL", () => {
    const filters = { ...EMPTY_FILTERS, actor: "x y", action: "user.", resource: "transaction", resourceId: "t-1", institution: "p1", from: "2026-01-01", to: "2026-01-31T12:00:00Z" };
    expect(filtersFromSearch(filterParams(filters).toString())).toEqual(filters);
  });
});
