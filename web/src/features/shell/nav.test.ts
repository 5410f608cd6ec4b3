import { describe, expect, it } from "vitest";
import { isActivePath, visibleGroups } from "@/features/shell/nav";

const keys = (isGuest: boolean, role: string | null) =>
  visibleGroups(isGuest, role).flatMap((g) => g.items.map((i) => i.key));

describe("visibleGroups", () => {
  it("shows both registries to regulators", () => {
    expect(keys(false, "cbsl_admin")).toEqual(expect.arrayContaining(["psp-registry", "mno-oversight", "applications"]));
    expect(keys(false, "cbsl_officer")).toEqual(expect.arrayContaining(["psp-registry", "mno-oversight"]));
  });

  it("shows PSP and MNO staff their own registry only, and citizens only their applications", () => {
    expect(keys(false, "psp_admin")).toContain("psp-registry");
    expect(keys(false, "psp_admin")).not.toContain("mno-oversight");
    expect(keys(false, "mno_admin")).toContain("mno-oversight");
    expect(keys(false, "mno_admin")).not.toContain("psp-registry");
    expect(keys(false, "citizen")).not.toContain("psp-registry");
    expect(visibleGroups(false, "citizen").find((g) => g.key === "registry")?.items.map((i) => i.key)).toEqual(["applications"]);
    expect(keys(false, "citizen")).toContain("applications");
    expect(keys(false, "citizen")).toContain("demo");
    for (const role of ["cbsl_admin", "cbsl_officer"]) expect(keys(false, role)).not.toContain("demo");
  });

  it("offers transfers to the roles the server lets originate them, and system metrics to regulators only", () => {
    for (const role of ["citizen", "psp_admin", "mno_admin", "cbsl_officer"]) expect(keys(false, role)).toContain("transfers");
    expect(keys(false, "cbsl_admin")).not.toContain("transfers");
    expect(keys(true, "citizen")).toEqual(["dashboard", "transactions"]);
    for (const role of ["cbsl_admin", "cbsl_officer"]) expect(keys(false, role)).toContain("metrics");
    for (const role of ["psp_admin", "mno_admin", "citizen"]) expect(keys(false, role)).not.toContain("metrics");
  });

  it("shows the audit trail to regulators only", () => {
    expect(keys(false, "cbsl_admin")).toContain("audit");
    expect(keys(false, "cbsl_officer")).toContain("audit");
    for (const role of ["psp_admin", "mno_admin", "citizen", null]) expect(keys(false, role)).not.toContain("audit");
    expect(keys(true, "cbsl_admin")).not.toContain("audit");
  });

  it("shows the alert queue to regulators and institution staff, not to citizens", () => {
    for (const role of ["cbsl_admin", "cbsl_officer", "psp_admin", "mno_admin"]) expect(keys(false, role)).toContain("alert-queue");
    expect(keys(false, "citizen")).not.toContain("alert-queue");
    expect(keys(true, "cbsl_admin")).not.toContain("alert-queue");
  });

  it("lights the alert queue alone on its pages, and compliance on its own", () => {
    expect(isActivePath("/compliance/alerts", "/compliance/alerts")).toBe(true);
    expect(isActivePath("/compliance", "/compliance/alerts")).toBe(false);
    expect(isActivePath("/compliance", "/compliance")).toBe(true);
    expect(isActivePath("/compliance/alerts", "/compliance")).toBe(false);
    expect(isActivePath("/settings", "/settings/users")).toBe(true);
    expect(isActivePath("/", "/compliance")).toBe(false);
  });

  it("shows KYC management to regulators and institution staff, not to citizens or guests", () => {
    for (const role of ["cbsl_admin", "cbsl_officer", "psp_admin", "mno_admin"]) expect(keys(false, role)).toContain("kyc");
    expect(keys(false, "citizen")).not.toContain("kyc");
    expect(keys(true, "cbsl_admin")).not.toContain("kyc");
  });

  it("keeps guests to the core group", () => {
    expect(visibleGroups(true, "citizen").map((g) => g.key)).toEqual(["core"]);
  });
});
