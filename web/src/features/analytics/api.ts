import { queryOptions } from "@tanstack/react-query";
import { api, dataOf } from "@/api/api";
import { analyticsQuery } from "@/features/analytics/analytics";
import type { AnalyticsFilters } from "@/features/analytics/analytics";

/** The analytics screen's read and its key. */
export const analyticsKeys = {
  all: ["/api/analytics"] as const,
  period: (f: AnalyticsFilters) => [...analyticsKeys.all, f.from, f.to, f.institutionId] as const,
};

/**
 * The figures of a period (and one institution's, for a regulator who chose one). While a new
 * period loads the previous one stays on screen; enabled false until the period is valid.
 */
export function analyticsOptions(filters: AnalyticsFilters, enabled: boolean) {
  return queryOptions({
    queryKey: analyticsKeys.period(filters),
    queryFn: ({ signal }) => dataOf(api.GET("/api/analytics", { params: { query: analyticsQuery(filters) }, signal })),
    enabled,
    staleTime: 60_000,
    placeholderData: (prev) => prev,
  });
}
