import type { KycQuery } from "@/features/compliance/kycQueue";
import { KYC_RISKS } from "@/lib/statusBadges";

/** The status filter's values (the server's ?status= vocabulary). */
export const KYC_STATUSES = ["under_review", "pending", "compliant", "non_compliant"] as const;

/** The filters /kyc keeps in its address, so a link (or the back button) opens the same list. */
export const KYC_FILTER_KEYS = ["q", "status", "risk", "institution"] as const;

/**
 * The filters in an address's query string. A status or risk outside the
 * vocabulary is dropped rather than sent, so an edited link shows the whole list.
 */
export function kycQueryFromSearch(search: string): Required<KycQuery> {
  const p = new URLSearchParams(search);
  const known = (value: string | null, allowed: readonly string[]) => (value && allowed.includes(value) ? value : "");
  return {
    q: p.get("q") ?? "",
    status: known(p.get("status"), KYC_STATUSES),
    risk: known(p.get("risk"), KYC_RISKS),
    institution: p.get("institution") ?? "",
  };
}

/** The query string for the filters: only those set, trimmed. */
export function kycSearchParams(query: KycQuery): URLSearchParams {
  const p = new URLSearchParams();
  for (const key of KYC_FILTER_KEYS) {
    const v = query[key]?.trim();
    if (v) p.set(key, v);
  }
  return p;
}
