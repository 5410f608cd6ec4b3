import createClient from "openapi-fetch";
import type { paths } from "@/api/schema";
import { ApiError, throwIfResNotOk } from "@/api/client";

/**
 * The typed API client: paths, parameters, bodies and answers are checked against the OpenAPI
 * document (schema.d.ts, generated from api/openapi.json). It sends the session cookie and goes
 * through throwIfResNotOk like apiRequest, so a non-OK answer throws the same ApiError and a
 * guest's metered read updates the units left.
 */
export const api = createClient<paths>({
  // A Request needs an absolute URL outside the browser too (the unit tests).
  baseUrl: globalThis.location?.origin ?? "",
  credentials: "include",
  fetch: async (request: Request) => {
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
