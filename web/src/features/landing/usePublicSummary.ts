import { useQuery } from "@tanstack/react-query";
import { landingQueries } from "@/features/landing/api";

/** GET /api/public/summary, refreshed every 30 s (landingQueries.summary). */
export function usePublicSummary() {
  return useQuery(landingQueries.summary);
}
