import { describe, expect, it } from "vitest";
import { validEmail, validPhone } from "@/lib/contactValidation";

describe("field formats", () => {
  it("accepts plain addresses and refuses the rest", () => {
    expect(validEmail("licensing@berberapay.so")).toBe(true);
    expect(validEmail("a.b+c@x.y.so")).toBe(true);
    for (const bad of ["licensing@", "@x.so", "a@localhost", "a b@x.so", "<a@x.so>", "a..b@x.so", ".a@x.so"]) {
      expect(validEmail(bad), bad).toBe(false);
    }
  });

  it("counts 7 to 15 digits in a phone number", () => {
    expect(validPhone("+252 63 4123456")).toBe(true);
    expect(validPhone("0634-123-456")).toBe(true);
    expect(validPhone("123456")).toBe(false);
    expect(validPhone("+1234567890123456")).toBe(false);
    expect(validPhone("call me")).toBe(false);
  });
});
