import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { QueryClient } from "@tanstack/react-query";
import { api, dataOf } from "@/api/api";
import type { MutationCallbacks } from "@/api/client";
import { sharedKeys } from "@/api/keys";
import { pageOf, setParams } from "@/api/paging";
import type { ComplianceProposal, ComplianceStatus, LicenseAction, RegistryEntry, Routing } from "@/api/types";
import type { RegistryKind, RegistryQuery } from "@/features/registry/registry";

/** The registry's reads and their keys: each starts with the kind's shared key, so a change refreshes them all. */
export const registryKeys = {
  list: (kind: RegistryKind, f: RegistryQuery) => [...sharedKeys.institutions(kind), "list", setParams(f)] as const,
  compliance: (kind: RegistryKind, id: string | undefined) => [...sharedKeys.institutions(kind), "compliance", id] as const,
  own: (kind: RegistryKind) => [...sharedKeys.institutions(kind), "own"] as const,
};

/** The kinds whose compliance the contract tracks (banks have none). */
export type ComplianceKind = Exclude<RegistryKind, "bank">;

/** The kinds that take transfers, so have routing (mobile operators route by number prefix, not here). */
export type RoutingKind = Exclude<RegistryKind, "mno">;

/** A registry filtered on the server and read one page at a time ("Load more"). */
export function registryOptions(kind: RegistryKind, f: RegistryQuery) {
  return infiniteQueryOptions({
    queryKey: registryKeys.list(kind, f),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      pageOf(api.GET(`/api/${kind}s`, { params: { query: { ...setParams(f), ...(pageParam ? { cursor: pageParam } : {}) } }, signal })),
    getNextPageParam: (last) => last.next || null,
  });
}

/** The registry entry of the reader's own institution (the server answers staff theirs only); null when none. */
export function ownInstitutionOptions(kind: "psp" | "mno") {
  return queryOptions({
    queryKey: registryKeys.own(kind),
    queryFn: async ({ signal }) => (await pageOf(api.GET(`/api/${kind}s`, { params: { query: { limit: 1 } }, signal }))).items[0] ?? null,
  });
}

/** An institution's compliance status with the proposal waiting on it; entry null reads nothing. */
export function complianceDetailOptions(kind: ComplianceKind, entry: RegistryEntry | null) {
  return queryOptions({
    queryKey: registryKeys.compliance(kind, entry?.id),
    queryFn: ({ signal }) => dataOf(api.GET(`/api/${kind}s/{id}/compliance`, { params: { path: { id: entry?.id ?? "" } }, signal })),
    enabled: entry !== null,
  });
}

/** Refreshes what a change to an institution shows: its registry, and optionally the public register and transfer pickers. */
function refreshInstitutions(queryClient: QueryClient, kind: RegistryKind, also: readonly (readonly string[])[]) {
  void queryClient.invalidateQueries({ queryKey: sharedKeys.institutions(kind) });
  for (const queryKey of also) void queryClient.invalidateQueries({ queryKey });
}

/** A licence suspended, reinstated or revoked, with its reason. */
export function useLicenseAction(kind: RegistryKind, callbacks: MutationCallbacks<RegistryEntry, { id: string; body: { action: LicenseAction; reason: string } }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: { action: LicenseAction; reason: string } }) =>
      dataOf(api.PATCH(`/api/${kind}s/{id}/license`, { params: { path: { id } }, body })),
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
    onSettled: () => refreshInstitutions(queryClient, kind, [sharedKeys.transferInstitutions]),
  });
}

/** How an institution takes transfers (modes, USSD code, number or account prefixes). */
export function useRoutingChange(kind: RoutingKind, id: string, callbacks: MutationCallbacks<RegistryEntry, Partial<Routing>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<Routing>) => dataOf(api.PATCH(`/api/${kind}s/{id}/routing`, { params: { path: { id } }, body })),
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
    onSettled: () => refreshInstitutions(queryClient, kind, [sharedKeys.transferInstitutions]),
  });
}

/**
 * The three compliance changes of an institution: set a status with a reason, confirm the
 * proposal the server made, or dismiss it with a reason. Each refreshes the registry and the
 * public register.
 */
export function useComplianceActions(
  kind: ComplianceKind,
  entry: RegistryEntry | null,
  on: {
    changed: (entry: RegistryEntry, body: { status: ComplianceStatus; reason: string }) => void;
    confirmed: () => void;
    dismissed: () => void;
    failed: (err: Error) => void;
  },
) {
  const queryClient = useQueryClient();
  const path = { id: entry?.id ?? "" };
  const onSettled = () => refreshInstitutions(queryClient, kind, []);
  const change = useMutation({
    mutationFn: (body: { status: ComplianceStatus; reason: string }) => dataOf(api.PATCH(`/api/${kind}s/{id}/compliance`, { params: { path }, body })),
    onSuccess: on.changed,
    onError: on.failed,
    onSettled,
  });
  const confirm = useMutation({
    mutationFn: (p: ComplianceProposal) =>       dataOf(api.POST(`/api/${kind}s/{id}/compliance/proposal/confirm`, { params: { path }, body: { status: p.status } })),
    onSuccess: on.confirmed,
    onError: on.failed,
    onSettled,
  });
  const dismiss = useMutation({
    mutationFn: (body: { status: string; reason: string }) =>       dataOf(api.POST(`/api/${kind}s/{id}/compliance/proposal/dismiss`, { params: { path }, body })),
    onSuccess: on.dismissed,
    onError: on.failed,
    onSettled,
  });
  return { change, confirm, dismiss };
}
