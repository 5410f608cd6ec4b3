import { getJson } from "@/api/client";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { fetchPage } from "@/api/paging";
import type { KycApplication, KycSummary } from "@/api/types";
import { sharedKeys } from "@/api/keys";
import { COMPLIANCE_LIST_SIZE } from "@/features/compliance/compliance";

/**
 * Keys under sharedKeys.kycApplications, so that the invalidation a submission or a review
 * triggers (["/api/kyc-applications"]) refreshes the lists and the figures.
 */
export const KYC_LIST_KEY = [...sharedKeys.kycApplications, "list"] as const;

/** The server-side filters of GET /api/kyc-applications ("all" or empty = none). */
export interface KycQuery {
  status?: string;
  risk?: string;
  institution?: string;
  /** Part of a name, or a whole national ID, phone number or document number. */
  q?: string;
}

export function kycUrl(query: KycQuery, limit: number, cursor?: string | null): string {
  const p = new URLSearchParams();
  for (const key of ["status", "risk", "institution", "q"] as const) {
    const v = query[key]?.trim();
    if (v && v !== "all") p.set(key, v);
  }
  p.set("limit", String(limit));
  if (cursor) p.set("cursor", cursor);
  return `/api/kyc-applications?${p.toString()}`;
}

/**
 * The KYC applications in the reader's scope matching the query, newest first,
 * read one page at a time from the server ("Load more" calls fetchNextPage), so
 * none is out of reach and no filter runs over a partial list.
 */
export function useKycList(query: KycQuery = {}, pageSize = COMPLIANCE_LIST_SIZE) {
  return useInfiniteQuery({
    queryKey: [...KYC_LIST_KEY, kycUrl(query, pageSize)],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchPage<KycApplication>(kycUrl(query, pageSize, pageParam), signal),
    getNextPageParam: (last) => last.next || null,
  });
}

/**
 * The KYC figures (GET /api/kyc-applications/summary), counted on the server
 * over every application in scope, or of one institution (its KYC standing).
 */
export function useKycSummary(institution?: string) {
  const key = institution ? `summary?${new URLSearchParams({ institution }).toString()}` : "summary";
  return useQuery({
    queryKey: [...sharedKeys.kycApplications, key],
    queryFn: ({ signal }) => getJson<KycSummary>(`/api/kyc-applications/${key}`, signal),
  });
}
