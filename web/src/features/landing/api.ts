import { api, dataOrNullOn401 } from "@/api/api";
import type { PublicRegisterEntry, PublicSummary } from "@/api/types";
import type { PublicRead } from "@/features/landing/publicReads";

/** The landing page's figures refresh every 30 s (spec 000 §2). */
export const PUBLIC_SUMMARY_REFETCH_MS = 30_000;

/**
 * The landing page's reads: its figures and the register of licensed institutions. Both are
 * public: a 401 (should one ever come) means "nothing to show", never a redirect. Fetched at run
 * time, never baked into the pre-rendered page (which shows the loading state). They go through
 * the landing page's small cache (publicReads.ts), not TanStack Query: the page's first load runs
 * without the app's libraries.
 */
export const landingReads = {
  summary: {
    key: "/api/public/summary",
    fetch: (signal) => dataOrNullOn401(api.GET("/api/public/summary", { signal })),
    refetchMs: PUBLIC_SUMMARY_REFETCH_MS,
  } satisfies PublicRead<PublicSummary | null>,
  register: {
    key: "/api/public/register",
    fetch: (signal) => dataOrNullOn401(api.GET("/api/public/register", { signal })),
    staleMs: 60_000,
    belowTheFold: true,
  } satisfies PublicRead<PublicRegisterEntry[] | null>,
};
