import { api, dataOf } from "@/api/api";
import type { BodyOf, QueryOf } from "@/api/api";

/** One page of the licence applications (usePagedList's reader). */
export const readApplications = (query: QueryOf<"/api/institution-applications">, signal: AbortSignal) =>
  api.GET("/api/institution-applications", { params: { query }, signal });

/** Opens an account by self-registration (the account exists once the e-mailed link is followed). */
export function registerAccount(body: BodyOf<"/api/auth/register", "post">) {
  return dataOf(api.POST("/api/auth/register", { body }));
}

/** Submits a licence application. */
export function submitApplication(body: BodyOf<"/api/institution-applications", "post">) {
  return dataOf(api.POST("/api/institution-applications", { body }));
}

/** A regulator's decision on an application: approve it, or reject it with notes. */
export function decideApplication(id: string, decision: "approve" | "reject", body: { notes?: string }) {
  return dataOf(api.POST(`/api/institution-applications/{id}/${decision}`, { params: { path: { id } }, body }));
}

/** Has the server check and store an uploaded logo; answers its stable /objects/... path. */
export async function storeLogo(uploadURL: string) {
  return (await dataOf(api.PUT("/api/institution-logos", { body: { logoURL: uploadURL } }))).objectPath;
}
