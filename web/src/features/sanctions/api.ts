import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson, getJson } from "@/api/client";
import type { SanctionsMatch, SanctionsSearchResult, SanctionsVersion, SanctionsVersionDetail } from "@/api/types";

/** The sanctions screen's reads and their keys. */
export const sanctionsKeys = {
  matches: ["/api/sanctions/matches"] as const,
  matchList: (status: "open" | "all") => [...sanctionsKeys.matches, status] as const,
  versions: ["/api/sanctions/versions"] as const,
  version: (id: string) => [...sanctionsKeys.versions, id] as const,
};

/** The review queue: the open matches, or every match. */
export function sanctionsMatchesOptions(status: "open" | "all") {
  return queryOptions({
    queryKey: sanctionsKeys.matchList(status),
    queryFn: ({ signal }) => getJson<{ items: SanctionsMatch[] }>(`/api/sanctions/matches?status=${status}`, signal),
  });
}

/** The imported versions of the lists, newest first. */
export function sanctionsVersionsOptions() {
  return queryOptions({
    queryKey: sanctionsKeys.versions,
    queryFn: ({ signal }) => getJson<{ items: SanctionsVersion[] }>("/api/sanctions/versions", signal),
  });
}

/** One version with its changes; enabled false until the reader opens it. */
export function sanctionsVersionOptions(id: string, enabled: boolean) {
  return queryOptions({
    queryKey: sanctionsKeys.version(id),
    queryFn: ({ signal }) => getJson<SanctionsVersionDetail>(`/api/sanctions/versions/${id}`, signal),
    enabled,
  });
}

/** A regulator's decision on a match, with the reason the record keeps; refreshes the queue. */
export function useDecideMatch(matchId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, reason }: { decision: "confirmed" | "false_positive"; reason: string }) =>
      apiJson<SanctionsMatch>("POST", `/api/sanctions/matches/${matchId}/decision`, { decision, reason }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: sanctionsKeys.matches }),
  });
}

/** An administrator's upload of a list file (the UN list as XML, the domestic one as CSV). */
export function useUploadList() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ list, file }: { list: "un" | "domestic"; file: File }) =>
      apiJson<SanctionsVersionDetail>("POST", `/api/sanctions/lists/${list}?fileName=${encodeURIComponent(file.name)}`, file, {
        headers: { "Content-Type": list === "un" ? "application/xml" : "text/csv" },
      }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: sanctionsKeys.versions }),
  });
}

/** A name checked by hand against the lists in force. */
export function useNameCheck() {
  return useMutation({
    mutationFn: (name: string) => getJson<SanctionsSearchResult>(`/api/sanctions/search?name=${encodeURIComponent(name)}`),
  });
}
