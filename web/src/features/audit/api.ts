import { infiniteQueryOptions, useMutation } from "@tanstack/react-query";
import { api, dataOf } from "@/api/api";
import { pageOf } from "@/api/paging";
import { auditQuery } from "@/features/audit/filters";
import type { AuditFilters } from "@/features/audit/filters";

/** The audit trail's reads and their keys. */
export const auditKeys = {
  all: ["/api/audit"] as const,
  list: (query: ReturnType<typeof auditQuery>) => [...auditKeys.all, query] as const,
};

/** The audit trail matching the filters, newest first, read one page at a time with the server's cursor. */
export function auditTrailOptions(filters: AuditFilters) {
  const query = auditQuery(filters);
  return infiniteQueryOptions({
    queryKey: auditKeys.list(query),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => pageOf(api.GET("/api/audit", { params: { query: pageParam ? { ...query, cursor: pageParam } : query }, signal })),
    getNextPageParam: (last) => last.next || null,
    staleTime: 0,
  });
}

/** The chain verification (administrators): shared by the button and the result panel. */
export function useVerify() {
  return useMutation({
    mutationFn: () => dataOf(api.GET("/api/audit/verify")),
  });
}
