import { useMemo } from "react";
import { useAllInstitutions } from "@/api/institutions";

/**
 * Registered PSPs and MNOs by id. Audit rows carry the actor's institution id; people read names,
 * and the institution filter accepts either, so the names also feed its suggestions.
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
