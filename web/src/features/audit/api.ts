import { infiniteQueryOptions, useMutation } from "@tanstack/react-query";
import { apiJson } from "@/api/client";
import { fetchPage } from "@/api/paging";
import { auditListUrl } from "@/features/audit/filters";
import type { AuditFilters } from "@/features/audit/filters";
import type { AuditEntry, VerifyResult } from "@/features/audit/types";

/** The audit trail's reads and their keys. */
export const auditKeys = {
  all: ["/api/audit"] as const,
  list: (firstUrl: string) => [...auditKeys.all, firstUrl] as const,
};

/** The audit trail matching the filters, newest first, read one page at a time with the server's cursor. */
export function auditTrailOptions(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: auditKeys.list(auditListUrl(filters)),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => fetchPage<AuditEntry>(auditListUrl(filters, pageParam), signal),
    getNextPageParam: (last) => last.next || null,
    staleTime: 0,
  });
}

/** The chain verification (administrators): shared by the button and the result panel. */
export function useVerify() {
  return useMutation<VerifyResult, Error>({
    mutationFn: () => apiJson<VerifyResult>("GET", "/api/audit/verify"),
  });
}
