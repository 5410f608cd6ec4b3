import { queryOptions } from "@tanstack/react-query";
import { sharedKeys } from "@/api/keys";
import { api } from "@/api/api";
import { pageOf } from "@/api/paging";

/**
 * A citizen's own records on their home page. The keys sit under each list's path, so a
 * submission or a review (which refreshes that path) refreshes the home page too.
 */
export const homeKeys = {
  ownKyc: [...sharedKeys.kycApplications, "own"] as const,
  ownApplications: [...sharedKeys.institutionApplications, "own"] as const,
};

/** The citizen's latest identity check (KYC application). */
export function ownKycOptions() {
  return queryOptions({
    queryKey: homeKeys.ownKyc,
    queryFn: ({ signal }) => pageOf(api.GET("/api/kyc-applications", { params: { query: { limit: 1 } }, signal })),
  });
}

/** The citizen's latest licence applications, at most limit. */
export function ownApplicationsOptions(limit: number) {
  return queryOptions({
    queryKey: homeKeys.ownApplications,
    queryFn: ({ signal }) => pageOf(api.GET("/api/institution-applications", { params: { query: { limit } }, signal })),
  });
}
