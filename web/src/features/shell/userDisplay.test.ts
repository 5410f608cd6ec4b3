import { describe, expect, it } from "vitest";
import i18n from "@/i18n";
import { displayName, formatRole, initials } from "@/features/shell/userDisplay";
import { makeUser } from "@/test/fixtures";

describe("user display helpers", () => {
  it("names roles in the reader's language", async () => {
    expect(formatRole("cbsl_admin")).toBe("Central bank administrator");
    expect(formatRole("psp_admin")).toBe("PSP administrator");
    expect(formatRole("citizen")).toBe("Citizen");
    expect(formatRole("auditor")).toBe("auditor");
    expect(formatRole(null)).toBeNull();
    expect(formatRole("")).toBeNull();
    await i18n.changeLanguage("fr");
    expect(formatRole("cbsl_admin")).toBe("Administrateur de la banque centrale");
    await i18n.changeLanguage("en");
  });

  it("builds initials and names", () => {
    expect(initials(makeUser({ id: "1", firstName: "amina", lastName: "Warsame" }))).toBe("AW");
    expect(initials(makeUser({ id: "1", email: "x@y.so" }))).toBe("X");
    expect(initials(makeUser({ id: "1" }))).toBe("U");
    expect(displayName(makeUser({ id: "1", firstName: "Amina" }))).toBe("Amina");
    expect(displayName(makeUser({ id: "1", email: "x@y.so" }))).toBe("x@y.so");
  });
});
