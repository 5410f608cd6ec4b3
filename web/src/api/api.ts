import createClient from "openapi-fetch";
import type { paths } from "@/api/schema";
import { ApiError, languageHeaders, throwIfResNotOk } from "@/api/client";

/**
 * The typed API client, the one way the web app calls the API (eslint.config.js forbids a raw
 * fetch elsewhere): paths, parameters, bodies and answers are checked against the OpenAPI
 * document (schema.d.ts, generated from api/openapi.json by `make openapi`). It sends the session
 * cookie and the interface's language (the server writes its messages in it), and every answer
 * goes through throwIfResNotOk, so a non-OK one throws ApiError and a guest's metered read
 * updates the units left. A read whose headers matter (a page's cursor and count) keeps the
 * response openapi-fetch returns: see pageOf in paging.ts.
 */
export const api = createClient<paths>({
  // A Request needs an absolute URL outside the browser too (the unit tests).
  baseUrl: globalThis.location?.origin ?? "",
  credentials: "include",
  fetch: async (request: Request) => {
    for (const [name, value] of Object.entries(languageHeaders())) request.headers.set(name, value);
    const res = await fetch(request);
    await throwIfResNotOk(res);
    return res;
  },
});

/** The body of a successful answer (api throws ApiError on any other, so there is one). */
export async function dataOf<T>(call: Promise<{ data?: T }>): Promise<T> {
  const { data } = await call;
  return data as T;
}

/** Like dataOf, for public reads where a 401 means "nothing to show": null instead of an error. */
export async function dataOrNullOn401<T>(call: Promise<{ data?: T }>): Promise<T | null> {
  try {
    return await dataOf(call);
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return null;
    throw e;
  }
}

/** The query parameters a GET of path takes, as the contract describes them. */
export type QueryOf<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Q } } } ? NonNullable<Q> : never;

/**
 * The JSON body method M of path P takes, as the contract describes it: the parameter type of a
 * feature's mutation functions (features/<name>/api.ts), so a body the server would refuse
 * fails type checking where it is built.
 */
export type BodyOf<P extends keyof paths, M extends "post" | "put" | "patch" | "delete"> = paths[P][M] extends {
  requestBody?: { content: { "application/json": infer B } };
}
  ? B
  : never;
