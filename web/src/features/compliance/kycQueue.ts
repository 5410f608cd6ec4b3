import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { QueryOf } from "@/api/api";
import { sharedKeys } from "@/api/keys";
import { readKycPage, readKycSummary } from "@/features/compliance/api";
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

/** The query of GET /api/kyc-applications: the filters that are set, trimmed, and the page size. */
export function kycParams(query: KycQuery, limit: number): QueryOf<"/api/kyc-applications"> {
  const p: QueryOf<"/api/kyc-applications"> = {};
  for (const key of ["status", "risk", "institution", "q"] as const) {
    const v = query[key]?.trim();
    if (v && v !== "all") p[key] = v;
  }
  return { ...p, limit };
}

/**
 * The KYC applications in the reader's scope matching the query, newest first,
 * read one page at a time from the server ("Load more" calls fetchNextPage), so
 * none is out of reach and no filter runs over a partial list.
 */
export function useKycList(query: KycQuery = {}, pageSize = COMPLIANCE_LIST_SIZE) {
  const params = kycParams(query, pageSize);
  return useInfiniteQuery({
    queryKey: [...KYC_LIST_KEY, params],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => readKycPage(params, pageParam, signal),
    getNextPageParam: (last) => last.next || null,
  });
}

/**
 * The KYC figures (GET /api/kyc-applications/summary), counted on the server
 * over every application in scope, or of one institution (its KYC standing).
 */
export function useKycSummary(institution?: string) {
  const query = institution ? { institution } : {};
  return useQuery({
    queryKey: [...sharedKeys.kycApplications, "summary", query],
    queryFn: ({ signal }) => readKycSummary(query, signal),
  });
}
