import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, dataOf } from "@/api/api";
import type { QueryOf } from "@/api/api";
import { refreshThen } from "@/api/client";
import type { MutationCallbacks } from "@/api/client";
import { pageOf } from "@/api/paging";
import type { Page } from "@/api/paging";
import type { Approval, ApprovalStatus } from "@/features/settings/approvals";

/** The settings screens' reads and their keys. */
export const settingsKeys = {
  approvals: ["/api/approvals"] as const,
  approvalList: (status: ApprovalStatus) => [...settingsKeys.approvals, status] as const,
  users: ["/api/users"] as const,
  totp: ["/api/profile/totp"] as const,
  tokens: ["/api/profile/tokens"] as const,
  sessions: ["/api/profile/sessions"] as const,
  apiKeys: ["/api/api-keys"] as const,
  aml: ["/api/settings/aml"] as const,
};

/** My two-step sign-in status, read fresh each time the card opens. */
export function totpStatusOptions() {
  return queryOptions({ queryKey: settingsKeys.totp, queryFn: ({ signal }) => dataOf(api.GET("/api/profile/totp", { signal })), staleTime: 0 });
}

/** My API tokens. */
export function tokensOptions() {
  return queryOptions({ queryKey: settingsKeys.tokens, queryFn: ({ signal }) => dataOf(api.GET("/api/profile/tokens", { signal })), staleTime: 0 });
}

/** My signed-in browser sessions. */
export function sessionsOptions() {
  return queryOptions({ queryKey: settingsKeys.sessions, queryFn: ({ signal }) => dataOf(api.GET("/api/profile/sessions", { signal })), staleTime: 0 });
}

/** The API keys the reader may manage (an institution's own; a regulator's, every one). */
export function apiKeysOptions() {
  return queryOptions({ queryKey: settingsKeys.apiKeys, queryFn: ({ signal }) => dataOf(api.GET("/api/api-keys", { signal })), staleTime: 0 });
}

/** The AML rules in force and their versions (regulators only: enabled false for anyone else). */
export function amlSettingsOptions(enabled: boolean) {
  return queryOptions({ queryKey: settingsKeys.aml, queryFn: ({ signal }) => dataOf(api.GET("/api/settings/aml", { signal })), staleTime: 0, enabled });
}

/** One page of the accounts (usePagedList's reader). */
export const readUsers = (query: QueryOf<"/api/users">, signal: AbortSignal) => api.GET("/api/users", { params: { query }, signal });

/** One page of the proposals of a status, twenty at a time (the list is uncounted: no total). */
export function fetchApprovals(status: ApprovalStatus, cursor: string | null, signal?: AbortSignal): Promise<Page<Approval>> {
  const query = cursor ? { status, limit: 20, cursor } : { status, limit: 20 };
  return pageOf(api.GET("/api/approvals", { params: { query }, signal }));
}

/** The proposals of a status (administrators only: enabled false for anyone else). */
export function approvalsOptions(status: ApprovalStatus, enabled: boolean) {
  return infiniteQueryOptions({
    queryKey: settingsKeys.approvalList(status),
    queryFn: ({ pageParam, signal }) => fetchApprovals(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled,
    staleTime: 0,
  });
}

/**
 * A second administrator's decision on a proposal (approve, or reject, which also withdraws
 * one's own). A decision changes the accounts too; a refusal may mean someone decided first, so
 * the proposals are read again either way.
 */
export function useDecideApproval(
  decision: "approve" | "reject" | "withdraw",
  callbacks: MutationCallbacks<Approval, { id: string; body: { reason?: string } }> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: { reason?: string } }) =>
      dataOf(
        decision === "approve"
          ? api.POST("/api/approvals/{id}/approve", { params: { path: { id } }, body })
          : api.POST("/api/approvals/{id}/reject", { params: { path: { id } }, body }),
      ),
    ...refreshThen(queryClient, { onSuccess: [settingsKeys.approvals, settingsKeys.users], onError: [settingsKeys.approvals] }, callbacks),
  });
}
