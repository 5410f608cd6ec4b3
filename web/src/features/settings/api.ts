import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, dataOf } from "@/api/api";
import type { BodyOf, QueryOf } from "@/api/api";
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

/** What a proposed AML rule set would have flagged over recent transactions (its second administrator's view). */
export function backtestOptions(version: number, enabled: boolean) {
  return queryOptions({
    queryKey: ["/api/settings/aml/proposals", String(version), "backtest"],
    queryFn: ({ signal }) => dataOf(api.GET("/api/settings/aml/proposals/{version}/backtest", { params: { path: { version: String(version) } }, signal })),
    enabled,
    staleTime: 0,
  });
}

/** Changes my own profile (names, language, picture). */
export function updateProfile(body: BodyOf<"/api/profile", "patch">) {
  return dataOf(api.PATCH("/api/profile", { body }));
}

/**
 * Has the server check, re-encode and store an uploaded profile picture, then makes it mine;
 * answers its stored /objects/... path.
 */
export async function storeProfileImage(uploadURL: string) {
  const image = await dataOf(api.PUT("/api/profile-images", { body: { imageURL: uploadURL } }));
  await updateProfile({ profileImageUrl: image.objectPath });
  return image.objectPath;
}

/** Changes my password (the current one proves it is me). */
export function changePassword(body: BodyOf<"/api/profile/password", "post">) {
  return dataOf(api.POST("/api/profile/password", { body }));
}

/** Starts two-step enrolment: answers the secret and its QR code, to confirm with a code. */
export function startTotp() {
  return dataOf(api.POST("/api/profile/totp"));
}

/** Confirms two-step enrolment with a code from the authenticator; answers the recovery codes. */
export function confirmTotp(code: string) {
  return dataOf(api.POST("/api/profile/totp/confirm", { body: { code } }));
}

/** Turns two-step sign-in off, proven by a code or the password. */
export function disableTotp(body: BodyOf<"/api/profile/totp", "delete">) {
  return dataOf(api.DELETE("/api/profile/totp", { body }));
}

/** The rows a settings list may delete: a session, a token, an API key. */
export type RowPath = "/api/profile/sessions/{id}" | "/api/profile/tokens/{id}" | "/api/api-keys/{id}";

/** Deletes one listed row: ends a session, revokes a token or an API key. */
export function deleteRow(path: RowPath, id: string) {
  return dataOf(api.DELETE(path, { params: { path: { id } } }));
}

/** Creates an API key; the answer holds its secret, shown once. */
export function createApiKey(body: BodyOf<"/api/api-keys", "post">) {
  return dataOf(api.POST("/api/api-keys", { body }));
}

/** Creates an account, or proposes it when a second administrator must approve. */
export function createUser(body: BodyOf<"/api/users", "post">) {
  return dataOf(api.POST("/api/users", { body }));
}

/** Changes an account (role, active, guest units), or proposes the change for approval. */
export function updateUser(id: string, body: BodyOf<"/api/users/{id}", "patch">) {
  return dataOf(api.PATCH("/api/users/{id}", { params: { path: { id } }, body }));
}

/** Sets an account's temporary password, or proposes it for approval. */
export function resetUserPassword(id: string, password: string) {
  return dataOf(api.POST("/api/users/{id}/reset-password", { params: { path: { id } }, body: { password } }));
}

/** Proposes new AML thresholds, with a note; a second administrator approves them. */
export function proposeAmlRules(body: BodyOf<"/api/settings/aml/proposals", "post">) {
  return dataOf(api.POST("/api/settings/aml/proposals", { body }));
}

/** A second administrator's decision on a proposed AML rule set, with an optional note. */
export function decideAmlProposal(version: number, decision: "approve" | "reject", body: { note?: string }) {
  return dataOf(api.POST(`/api/settings/aml/proposals/{version}/${decision}`, { params: { path: { version: String(version) } }, body }));
}
