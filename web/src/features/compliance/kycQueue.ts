import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { fetchPage } from "@/api/paging";
import type { KycApplication, KycSummary } from "@/api/types";
import { COMPLIANCE_LIST_SIZE, KYC_KEY } from "@/features/compliance/compliance";

/**
 * Keys under KYC_KEY, so that the invalidation a submission or a review
 * triggers (["/api/kyc-applications"]) refreshes the list and the figures.
 */
export const KYC_LIST_KEY = [...KYC_KEY, "list"] as const;
export const KYC_SUMMARY_KEY = [...KYC_KEY, "summary"] as const;

export function kycUrl(limit: number, cursor?: string | null): string {
  const p = new URLSearchParams({ limit: String(limit) });
  if (cursor) p.set("cursor", cursor);
  return `/api/kyc-applications?${p.toString()}`;
}

/**
 * The KYC applications in the reader's scope, newest first, read one page at a
 * time from the server ("Load more" calls fetchNextPage), so none is out of reach.
 */
export function useKycList(pageSize = COMPLIANCE_LIST_SIZE) {
  return useInfiniteQuery({
    queryKey: [...KYC_LIST_KEY, pageSize],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchPage<KycApplication>(kycUrl(pageSize, pageParam), signal),
    getNextPageParam: (last) => last.next || null,
  });
}

/** The KYC figures (GET /api/kyc-applications/summary), counted on the server over every application in scope. */
export function useKycSummary() {
  return useQuery<KycSummary>({ queryKey: KYC_SUMMARY_KEY });
}
