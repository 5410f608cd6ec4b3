import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson, getJson, getWithHeaders, refreshThen } from "@/api/client";
import type { MutationCallbacks } from "@/api/client";
import type { Approval, ApprovalStatus } from "@/features/settings/approvals";
import type { AmlSettings, ApiKey, SessionInfo, TokenInfo, TotpStatus } from "@/features/settings/types";

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
  return queryOptions({ queryKey: settingsKeys.totp, queryFn: ({ signal }) => getJson<TotpStatus>("/api/profile/totp", signal), staleTime: 0 });
}

/** My API tokens. */
export function tokensOptions() {
  return queryOptions({ queryKey: settingsKeys.tokens, queryFn: ({ signal }) => getJson<TokenInfo[]>("/api/profile/tokens", signal), staleTime: 0 });
}

/** My signed-in browser sessions. */
export function sessionsOptions() {
  return queryOptions({ queryKey: settingsKeys.sessions, queryFn: ({ signal }) => getJson<SessionInfo[]>("/api/profile/sessions", signal), staleTime: 0 });
}

/** The API keys the reader may manage (an institution's own; a regulator's, every one). */
export function apiKeysOptions() {
  return queryOptions({ queryKey: settingsKeys.apiKeys, queryFn: ({ signal }) => getJson<ApiKey[]>("/api/api-keys", signal), staleTime: 0 });
}

/** The AML rules in force and their versions (regulators only: enabled false for anyone else). */
export function amlSettingsOptions(enabled: boolean) {
  return queryOptions({ queryKey: settingsKeys.aml, queryFn: ({ signal }) => getJson<AmlSettings>("/api/settings/aml", signal), staleTime: 0, enabled });
}

/** The path the accounts list is read from (paged, see usePagedList). */
export const USERS_PATH = "/api/users";

/** One page of GET /api/approvals and the cursor of the next (from X-Next-Cursor). */
export interface ApprovalsPage {
  items: Approval[];
  next: string | null;
}

/** One page of the proposals of a status, twenty at a time. */
export async function fetchApprovals(status: ApprovalStatus, cursor: string | null, signal?: AbortSignal): Promise<ApprovalsPage> {
  const q = new URLSearchParams({ status, limit: "20" });
  if (cursor) q.set("cursor", cursor);
  const { data, headers } = await getWithHeaders<Approval[] | null>(`/api/approvals?${q.toString()}`, signal);
  return { items: data ?? [], next: headers.get("X-Next-Cursor") };
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
      apiJson<Approval>("POST", `/api/approvals/${encodeURIComponent(id)}/${decision === "approve" ? "approve" : "reject"}`, body),
    ...refreshThen(queryClient, { onSuccess: [settingsKeys.approvals, settingsKeys.users], onError: [settingsKeys.approvals] }, callbacks),
  });
}
