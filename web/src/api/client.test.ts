import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, getQueryFn, throwIfResNotOk } from "@/api/client";
import { createQueryClient } from "@/api/queryClient";

function mockFetch(status: number, body: string, statusText = "") {
  const fn = vi.fn<typeof fetch>(async () => new Response(body || null, { status, statusText }));
  vi.stubGlobal("fetch", fn);
  return fn;
}

afterEach(() => vi.unstubAllGlobals());

describe("apiRequest", () => {
  it("sends JSON with credentials", async () => {
    const fetchFn = mockFetch(200, "{}");
    await apiRequest("POST", "/api/x", { a: 1 });
    expect(fetchFn).toHaveBeenCalledWith("/api/x", {
      method: "POST",
      credentials: "include",
      headers: { "Accept-Language": "en", "Content-Type": "application/json" },
      body: '{"a":1}',
    });
  });

  it("sends no content type without a body", async () => {
    const fetchFn = mockFetch(200, "");
    await apiRequest("GET", "/api/y");
    expect(fetchFn.mock.calls[0]).toEqual(["/api/y", { method: "GET", credentials: "include", headers: { "Accept-Language": "en" } }]);
  });

  it("throws ApiError with status, body text and parsed fields", async () => {
    mockFetch(422, '{"message":"Invalid input","fields":{"email":"Required"}}');
    const err = await apiRequest("POST", "/api/z", {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    const apiErr = err as ApiError;
    expect(apiErr.message).toBe('422: {"message":"Invalid input","fields":{"email":"Required"}}');
    expect(apiErr.status).toBe(422);
    expect(apiErr.serverMessage).toBe("Invalid input");
    expect(apiErr.fields).toEqual({ email: "Required" });
  });

  it("uses the status text when the body is empty", async () => {
    mockFetch(503, "", "Service Unavailable");
    await expect(apiRequest("GET", "/api/q")).rejects.toThrow("503: Service Unavailable");
  });
});

describe("getQueryFn", () => {
  const ctx = (queryKey: readonly unknown[]) =>
    ({ queryKey, signal: new AbortController().signal, meta: undefined, client: createQueryClient() }) as never;

  it("joins the query key with slashes", async () => {
    const fetchFn = mockFetch(200, '{"ok":true}');
    const data = await getQueryFn({ on401: "throw" })(ctx(["/api/things", "42"]));
    expect(fetchFn.mock.calls[0]?.[0]).toBe("/api/things/42");
    expect(data).toEqual({ ok: true });
  });

  it("returns null on 401 when asked to", async () => {
    mockFetch(401, '{"message":"Unauthorized"}');
    await expect(getQueryFn({ on401: "returnNull" })(ctx(["/api/auth/user"]))).resolves.toBeNull();
  });

  it("drains the 401 body so the browser can finish the request", async () => {
    const res = new Response('{"message":"Unauthorized"}', { status: 401 });
    vi.stubGlobal("fetch", vi.fn<typeof fetch>(async () => res));
    await getQueryFn({ on401: "returnNull" })(ctx(["/api/auth/user"]));
    expect(res.bodyUsed).toBe(true);
  });

  it("throws on 401 otherwise", async () => {
    mockFetch(401, '{"message":"Unauthorized"}');
    await expect(getQueryFn({ on401: "throw" })(ctx(["/api/auth/user"]))).rejects.toThrow(
      '401: {"message":"Unauthorized"}',
    );
  });
});

describe("query client defaults", () => {
  it("never goes stale, never polls, never retries", () => {
    const qc = createQueryClient();
    const q = qc.getDefaultOptions().queries!;
    expect(q.staleTime).toBe(Infinity);
    expect(q.refetchOnWindowFocus).toBe(false);
    expect(q.refetchInterval).toBe(false);
    expect(q.retry).toBe(false);
    expect(qc.getDefaultOptions().mutations?.retry).toBe(false);
  });
});

describe("guest units after a metered read", () => {
  it("updates the signed-in guest's units from X-Guest-Units-Remaining", async () => {
    const client = createQueryClient();
    client.setQueryData(["/api/auth/user"], { id: "g1", role: "citizen", isGuest: true, guestUnitsRemaining: 10 });
    await throwIfResNotOk(new Response("[]", { status: 200, headers: { "X-Guest-Units-Remaining": "7" } }));
    expect(client.getQueryData<{ guestUnitsRemaining: number }>(["/api/auth/user"])?.guestUnitsRemaining).toBe(7);
    await throwIfResNotOk(new Response("[]", { status: 200 }));
    await throwIfResNotOk(new Response("[]", { status: 200, headers: { "X-Guest-Units-Remaining": "x" } }));
    expect(client.getQueryData<{ guestUnitsRemaining: number }>(["/api/auth/user"])?.guestUnitsRemaining).toBe(7);
  });
});
