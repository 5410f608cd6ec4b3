import { describe, expect, it } from "vitest";
import { throwIfResNotOk } from "@/api/client";
import { createQueryClient } from "@/api/queryClient";

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
