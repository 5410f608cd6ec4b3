import { useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/api/client";
import type { SummaryMetrics } from "@/api/types";

/** Summary metrics refresh every 30 s (spec 001 §9); the only polling query by default. */
export const SUMMARY_METRICS_REFETCH_MS = 30_000;

/** GET /api/metrics, public; a 401 is treated as "no data" so the landing page never redirects. */
export function useSummaryMetrics() {
  return useQuery<SummaryMetrics | null>({
    queryKey: ["/api/metrics"],
    queryFn: getQueryFn<SummaryMetrics>({ on401: "returnNull" }),
    refetchInterval: SUMMARY_METRICS_REFETCH_MS,
  });
}
