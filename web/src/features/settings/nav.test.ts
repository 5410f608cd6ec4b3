import { describe, expect, it } from "vitest";
import { visibleGroups } from "@/features/shell/nav";
import { settingsTabs } from "@/features/settings/SettingsLayout";
import { makeUser } from "@/test/fixtures";

const items = (isGuest: boolean, role: string) => visibleGroups(isGuest, role).flatMap((g) => g.items);

describe("settings and analytics navigation", () => {
  it("offers Settings to every signed-in non-guest, with Users for admins and AML for regulators", () => {
    const sub = (role: string) => items(false, role).find((i) => i.key === "settings")?.children?.map((c) => c.key);
    expect(sub("cbsl_admin")).toEqual(["settings-profile", "settings-users", "settings-approvals", "settings-aml", "settings-api-keys"]);
    expect(sub("cbsl_officer")).toEqual(["settings-profile", "settings-aml", "settings-api-keys"]);
    expect(sub("psp_admin")).toEqual(["settings-profile", "settings-api-keys"]);
    expect(sub("citizen")).toEqual(["settings-profile"]);
    expect(items(true, "citizen").map((i) => i.key)).not.toContain("settings");
    expect(settingsTabs(makeUser({ id: "x", role: "cbsl_officer" })).map((t) => t.key)).toEqual(["profile", "aml", "apiKeys"]);
    expect(settingsTabs(makeUser({ id: "x", role: "cbsl_admin" })).map((t) => t.key)).toEqual(["profile", "users", "approvals", "aml", "apiKeys"]);
    expect(settingsTabs(makeUser({ id: "x", role: "mno_admin" })).map((t) => t.key)).toEqual(["profile", "apiKeys"]);
    expect(settingsTabs(makeUser({ id: "x", role: "citizen" })).map((t) => t.key)).toEqual(["profile"]);
  });

  it("puts Analytics in Intelligence for regulators and PSP/MNO staff only", () => {
    const intelligence = (role: string) => visibleGroups(false, role).find((g) => g.key === "intelligence")?.items.map((i) => i.key) ?? [];
    for (const role of ["cbsl_admin", "cbsl_officer", "psp_admin", "mno_admin"]) expect(intelligence(role)).toContain("analytics");
    expect(intelligence("citizen")).not.toContain("analytics");
    expect(items(true, "citizen").map((i) => i.key)).not.toContain("analytics");
  });
});
