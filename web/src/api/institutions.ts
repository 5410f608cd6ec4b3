import { useMemo } from "react";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/api/api";
import { sharedKeys } from "@/api/keys";
import { fetchAllPages } from "@/api/paging";

/**
 * Every institution of a kind, for pickers and id-to-name lookups (the registry pages on the
 * server, so a plain GET would stop at its first page). Several features show these names.
 */
export function allInstitutionsOptions(kind: "psp" | "mno", enabled = true) {
  return queryOptions({
    queryKey: sharedKeys.institutions(kind),
    queryFn: ({ signal }) => fetchAllPages((query) => api.GET(`/api/${kind}s`, { params: { query }, signal })),
    enabled,
  });
}

/** The institutions of a kind (see allInstitutionsOptions). */
export function useAllInstitutions(kind: "psp" | "mno", enabled = true) {
  return useQuery(allInstitutionsOptions(kind, enabled));
}

/**
 * Registered PSPs and MNOs by id. Audit rows and alerts carry an institution id; people read
 * names, and the audit trail's institution filter accepts either, so the names also feed its
 * suggestions.
 */
export function useInstitutionNames(): Map<string, string> {
  const psps = useAllInstitutions("psp");
  const mnos = useAllInstitutions("mno");
  return useMemo(() => {
    const names = new Map<string, string>();
    for (const e of [...(psps.data ?? []), ...(mnos.data ?? [])]) names.set(e.id, e.name);
    return names;
  }, [psps.data, mnos.data]);
}
