import { describe, expect, it } from "vitest";
import { EMPTY_FILTERS, exportUrl, filterParams, filtersFromSearch, hasFilters, searchQuery } from "@/features/transactions/search";

describe("search filters → query string", () => {
  it("sends nothing for unset filters and 'all'", () => {
    expect(filterParams(EMPTY_FILTERS).toString()).toBe("");
    expect(hasFilters(EMPTY_FILTERS)).toBe(false);
    expect(searchQuery(EMPTY_FILTERS)).toEqual({ limit: 25 });
    expect(exportUrl(EMPTY_FILTERS)).toBe("/api/transactions/export");
  });

  it("sends only the set filters, trimmed and encoded", () => {
    const f = {
      ...EMPTY_FILTERS,
      search: "  +252 65 ",
      status: "completed",
      currency: "USD",
      dateFrom: "2026-01-01",
      amountMin: "10",
      npssReference: "NPSS47",
    };
    expect(filterParams(f).toString()).toBe(
      "search=%2B252+65&status=completed&currency=USD&dateFrom=2026-01-01&amountMin=10&npssReference=NPSS47",
    );
    expect(hasFilters(f)).toBe(true);
    expect(searchQuery(f, 10)).toEqual({
      search: "+252 65",
      status: "completed",
      currency: "USD",
      dateFrom: "2026-01-01",
      amountMin: "10",
      npssReference: "NPSS47",
      limit: 10,
    });
    expect(exportUrl({ ...EMPTY_FILTERS, type: "payment" })).toBe("/api/transactions/export?type=payment");
  });
});

describe("filters from a page address", () => {
  it("takes the known filters (a dashboard card's period) and leaves the rest unset", () => {
    const f = filtersFromSearch("?dateFrom=2026-11-01&dateTo=2026-11-24&id=abc");
    expect(f).toEqual({ ...EMPTY_FILTERS, dateFrom: "2026-11-01", dateTo: "2026-11-24" });
    expect(searchQuery(f)).toEqual({ dateFrom: "2026-11-01", dateTo: "2026-11-24", limit: 25 });
    expect(filtersFromSearch("")).toEqual(EMPTY_FILTERS);
    expect(searchQuery(filtersFromSearch("dateFrom=2026-11-01&highRisk=true"))).toEqual({ dateFrom: "2026-11-01", highRisk: "true", limit: 25 });
  });
});

describe("institution filter", () => {
  it("sends one institution's id, and nothing for all", () => {
    expect(filterParams({ ...EMPTY_FILTERS, institution: "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b" }).toString()).toBe(
      "institution=0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b",
    );
    expect(filterParams({ ...EMPTY_FILTERS, institution: "all" }).toString()).toBe("");
    expect(filtersFromSearch("?institution=abc").institution).toBe("abc");
  });
});
