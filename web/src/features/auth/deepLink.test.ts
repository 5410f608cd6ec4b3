import { describe, expect, it } from "vitest";
import { isAppPath, signInFor } from "@/features/auth/deepLink";
import { NAV_GROUPS } from "@/features/shell/nav";

describe("signed-out deep links", () => {
  it("knows every page of the sidebar", () => {
    const hrefs = NAV_GROUPS.flatMap((g) => g.items.flatMap((i) => [i.href, ...(i.children ?? []).map((c) => c.href)]));
    for (const href of hrefs.filter((h) => h !== "/")) expect(isAppPath(href), href).toBe(true);
  });

  it("sends an app page to sign-in and back, with its query, and leaves the rest alone", () => {
    expect(signInFor("/transactions", "?status=failed")).toBe("/login?next=%2Ftransactions%3Fstatus%3Dfailed");
    expect(signInFor("/compliance/alerts", "")).toBe("/login?next=%2Fcompliance%2Falerts");
    expect(signInFor("/nowhere", "")).toBeNull();
    expect(signInFor("/transfersX", "")).toBeNull();
    expect(signInFor("/apply", "")).toBeNull();
  });
});
