import { describe, expect, it } from "vitest";
import { displayName, formatRole, initials } from "@/features/shell/userDisplay";

describe("user display helpers", () => {
  it("formats roles in upper case with spaces", () => {
    expect(formatRole("cbsl_admin")).toBe("CBSL ADMIN");
    expect(formatRole("psp_admin")).toBe("PSP ADMIN");
    expect(formatRole("citizen")).toBe("CITIZEN");
    expect(formatRole(null)).toBeNull();
    expect(formatRole("")).toBeNull();
  });

  it("builds initials and names", () => {
    expect(initials({ id: "1", firstName: "amina", lastName: "Warsame" })).toBe("AW");
    expect(initials({ id: "1", email: "x@y.so" })).toBe("X");
    expect(initials({ id: "1" })).toBe("U");
    expect(displayName({ id: "1", firstName: "Amina", lastName: null })).toBe("Amina");
    expect(displayName({ id: "1", email: "x@y.so" })).toBe("x@y.so");
  });
});
