import { afterEach, describe, expect, it, vi } from "vitest";
import { api, dataOf, dataOrNullOn401 } from "@/api/api";
import { ApiError, onGuestUnits } from "@/api/client";

function mockFetch(status: number, body: unknown, headers: Record<string, string> = {}) {
  const fn = vi.fn<typeof fetch>(
    async () =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { "Content-Type": "application/json", ...headers },
      }),
  );
  vi.stubGlobal("fetch", fn);
  return fn;
}

afterEach(() => {
  vi.unstubAllGlobals();
  onGuestUnits(null);
});

describe("api", () => {
  it("sends typed requests with the session cookie and a JSON body", async () => {
    const fetchFn = mockFetch(201, { id: "k1" });
    await api.POST("/api/api-keys", { body: { name: "Feed", scopes: ["transactions:submit"] } });
    const req = fetchFn.mock.calls[0]?.[0] as Request;
    expect(new URL(req.url).pathname).toBe("/api/api-keys");
    expect(req.method).toBe("POST");
    expect(req.credentials).toBe("include");
    expect(req.headers.get("Content-Type")).toBe("application/json");
    expect(await req.json()).toEqual({ name: "Feed", scopes: ["transactions:submit"] });
  });

  it("answers the body and tells the guest units left", async () => {
    const units = vi.fn();
    onGuestUnits(units);
    mockFetch(200, [{ id: "t1" }], { "X-Guest-Units-Remaining": "7" });
    const rows = await dataOf(api.GET("/api/transactions"));
    expect(rows).toEqual([{ id: "t1" }]);
    expect(units).toHaveBeenCalledWith(7);
  });

  it("throws ApiError with the server's message and fields", async () => {
    mockFetch(400, { message: "Please correct the key.", fields: { name: "Required" } });
    const err = await dataOf(api.POST("/api/api-keys", { body: {} })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).fields).toEqual({ name: "Required" });
  });

  it("puts the status and the raw body in the message, or the status text when the body is empty", async () => {
    mockFetch(422, { message: "Invalid input", fields: { email: "Required" } });
    const err = await dataOf(api.POST("/api/users", { body: { email: "", password: "", firstName: "", lastName: "", role: "citizen" } })).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('422: {"message":"Invalid input","fields":{"email":"Required"}}');
    expect((err as ApiError).serverMessage).toBe("Invalid input");
    vi.stubGlobal("fetch", vi.fn<typeof fetch>(async () => new Response(null, { status: 503, statusText: "Service Unavailable" })));
    await expect(dataOf(api.GET("/api/metrics"))).rejects.toThrow("503: Service Unavailable");
  });

  it("sends no body and no content type with a bodiless request", async () => {
    const fetchFn = mockFetch(200, []);
    await api.GET("/api/transactions", { params: { query: { limit: 5 } } });
    const req = fetchFn.mock.calls[0]?.[0] as Request;
    expect(new URL(req.url).search).toBe("?limit=5");
    expect(req.headers.get("Content-Type")).toBeNull();
    expect(req.body).toBeNull();
  });

  it("drains a 401's body, so the browser can finish the request", async () => {
    const res = new Response('{"message":"Unauthorized"}', { status: 401 });
    vi.stubGlobal("fetch", vi.fn<typeof fetch>(async () => res));
    expect(await dataOrNullOn401(api.GET("/api/auth/user"))).toBeNull();
    expect(res.bodyUsed).toBe(true);
  });

  it("answers null for a 401 where asked, and throws other errors", async () => {
    mockFetch(401, { message: "Sign in." });
    expect(await dataOrNullOn401(api.GET("/api/public/register"))).toBeNull();
    mockFetch(500, { message: "Internal" });
    await expect(dataOrNullOn401(api.GET("/api/public/register"))).rejects.toBeInstanceOf(ApiError);
  });
});
