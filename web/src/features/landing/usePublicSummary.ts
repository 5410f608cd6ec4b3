import { useQuery } from "@tanstack/react-query";
import { api, dataOrNullOn401 } from "@/api/api";
import type { PublicSummary } from "@/api/types";
import { landingKeys } from "@/features/landing/api";

/** The landing page's figures refresh every 30 s (spec 000 §2). */
export const PUBLIC_SUMMARY_REFETCH_MS = 30_000;

/**
 * GET /api/public/summary, public: fetched at run time, never baked into the pre-rendered page
 * (which shows the loading text). A 401 is treated as "no data" so the landing page never
 * redirects.
 */
export function usePublicSummary() {
  return useQuery<PublicSummary | null>({
    queryKey: landingKeys.summary,
    queryFn: ({ signal }) => dataOrNullOn401(api.GET("/api/public/summary", { signal })),
    refetchInterval: PUBLIC_SUMMARY_REFETCH_MS,
  });
}
