import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { api, dataOrNullOn401 } from "@/api/api";
import { sharedKeys } from "@/api/keys";
import type { PublicRegisterEntry, PublicSummary } from "@/api/types";

/** The landing page's public reads: its figures and the register of licensed institutions. */
export const landingKeys = {
  summary: ["/api/public/summary"] as const,
  register: sharedKeys.publicRegister,
};

/** The landing page's figures refresh every 30 s (spec 000 §2). */
export const PUBLIC_SUMMARY_REFETCH_MS = 30_000;

/**
 * The landing page's reads. Both are public: a 401 (should one ever come) means "nothing to show",
 * never a redirect. Fetched at run time, never baked into the pre-rendered page (which shows the
 * loading state).
 */
export const landingQueries = {
  summary: queryOptions<PublicSummary | null>({
    queryKey: landingKeys.summary,
    queryFn: ({ signal }) => dataOrNullOn401(api.GET("/api/public/summary", { signal })),
    refetchInterval: PUBLIC_SUMMARY_REFETCH_MS,
  }),
  register: queryOptions<PublicRegisterEntry[] | null>({
    queryKey: landingKeys.register,
    queryFn: ({ signal }) => dataOrNullOn401(api.GET("/api/public/register", { signal })),
    staleTime: 60_000,
  }),
};

/** How long the first render waits for the landing page's reads before drawing without them. */
export const LANDING_DATA_WAIT_MS = 500;

/**
 * Resolves when the landing page's reads are in the cache, or after LANDING_DATA_WAIT_MS. The
 * server asks for both with the landing page's HTML (internal/httpapi/shell.go), so on a slow
 * network they are in before the scripts: main.tsx waits for them so that React draws the landing
 * page once with its figures, instead of once with the loading text and then twice more as each
 * answer lands (each a long task on a slow phone's CPU).
 */
export function landingDataInCache(client: QueryClient): Promise<unknown> {
  return Promise.race([
    Promise.all([client.prefetchQuery(landingQueries.summary), client.prefetchQuery(landingQueries.register)]),
    new Promise((resolve) => setTimeout(resolve, LANDING_DATA_WAIT_MS)),
  ]);
}
