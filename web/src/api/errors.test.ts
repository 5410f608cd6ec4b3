import { afterEach, describe, expect, it, vi } from "vitest";
import { api, dataOf } from "@/api/api";
import { ApiError } from "@/api/client";
import { describeError, describeFieldErrors, type ErrorCode } from "@/api/errors";
import i18n from "@/i18n";

function refusal(body: unknown, language: string, status = 400): ApiError {
  return new ApiError(status, "", JSON.stringify(body), language);
}

afterEach(() => vi.unstubAllGlobals());

describe("describeError: messages from codes, never from the server's English", () => {
  it("writes a known code in the interface's language, with the server's params", async () => {
    const err = refusal({ code: "too_many_sign_ins", message: "Too many failed sign-in attempts. Try again in 15 minutes.", params: { minutes: "15" } }, "en", 429);
    expect(describeError(err, i18n.t)).toBe("Too many failed sign-in attempts. Try again in 15 minutes.");
    await i18n.changeLanguage("so");
    // The server answered in English (the account's stored language); the reader sees Somali.
    expect(describeError(err, i18n.t)).toBe("Isku-dayo badan oo soo-gal ah ayaa fashilmay. Mar kale isku day 15 daqiiqo kadib.");
  });

  it("shows an unknown code's message when the server wrote it in the reader's language", async () => {
    await i18n.changeLanguage("so");
    const somali = refusal({ code: "a_future_code", message: "Fariin Soomaali ah." }, "so");
    expect(describeError(somali, i18n.t)).toBe("Fariin Soomaali ah.");
  });

  it("else a generic message that names the code", async () => {
    await i18n.changeLanguage("so");
    const english = refusal({ code: "a_future_code", message: "An English message." }, "en");
    const shown = describeError(english, i18n.t);
    expect(shown).toContain("a_future_code");
    expect(shown).not.toContain("An English message");
    expect(shown).toBe(i18n.getFixedT("so")("errors.generic", { code: "a_future_code" }));
    // No body at all (a proxy's 502): still a message, naming no code.
    expect(describeError(new ApiError(502, "Bad Gateway", "<html>"), i18n.t)).toBe(i18n.t("errors.generic", { code: "—" }));
  });

  it("describes what is not a server answer as a network failure", () => {
    expect(describeError(new TypeError("Failed to fetch"), i18n.t)).toBe(i18n.t("errors.network"));
  });

  it("describes each field from its code", async () => {
    await i18n.changeLanguage("so");
    const err = refusal(
      { code: "sign_in_fields", message: "Please enter your email and password.", fields: { email: { code: "required", message: "required" }, x: { code: "new_rule", message: "x" } } },
      "en",
    );
    expect(describeFieldErrors(err, i18n.t)).toEqual({
      email: "Waa loo baahan yahay",
      x: i18n.t("errors.generic", { code: "new_rule" }),
    });
    expect(describeFieldErrors(new Error("x"), i18n.t)).toEqual({});
  });

  it("every code the web app knows has its text in every language", () => {
    const codes = Object.keys(i18n.getResourceBundle("en", "translation").errors.codes as Record<ErrorCode, string>) as ErrorCode[];
    expect(codes.length).toBeGreaterThan(10);
    for (const code of codes) expect(i18n.getFixedT("so")(`errors.codes.${code}`)).not.toBe(i18n.getFixedT("en")(`errors.codes.${code}`));
  });
});

describe("the client asks for the interface's language", () => {
  it("sends Accept-Language and keeps the answer's Content-Language", async () => {
    await i18n.changeLanguage("so");
    const fetchFn = vi.fn<typeof fetch>(
      async () => new Response('{"code":"sign_in_required","message":"Soo gal si aad u sii waddo."}', { status: 401, headers: { "Content-Language": "so" } }),
    );
    vi.stubGlobal("fetch", fetchFn);
    const err = await dataOf(api.GET("/api/users")).catch((e: unknown) => e);
    expect((fetchFn.mock.calls[0]![0] as Request).headers.get("Accept-Language")).toBe("so");
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).language).toBe("so");
    expect((err as ApiError).code).toBe("sign_in_required");
  });
});
