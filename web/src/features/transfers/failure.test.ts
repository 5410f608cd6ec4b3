import { describe, expect, it } from "vitest";
import { ApiError } from "@/api/client";
import { transferFailureMessage } from "@/features/transfers/failure";

describe("transfer failure messages (001 §8, in order)", () => {
  it("maps each case", () => {
    expect(transferFailureMessage(new ApiError(401, "Unauthorized", '{"message":"Unauthorized"}'))).toEqual({ key: "sessionExpired" });
    expect(transferFailureMessage(new ApiError(400, "Bad Request", '{"message":"Please correct the transfer details."}'))).toEqual({ key: "invalidDetails" });
    expect(transferFailureMessage(new ApiError(500, "Internal Server Error", ""))).toEqual({ key: "serverError" });
    expect(transferFailureMessage(new TypeError("Failed to fetch"))).toEqual({ key: "network" });
    expect(transferFailureMessage(new TypeError("NetworkError when attempting to fetch resource."))).toEqual({ key: "network" });
    expect(transferFailureMessage(new Error("x".repeat(101)))).toEqual({ key: "technical" });
    const refused = new ApiError(403, "Forbidden", '{"code":"guest_read_only","message":"Guest units are used up."}');
    expect(transferFailureMessage(refused)).toEqual({ refusal: refused });
    // A 400 is read from its status even when the body says nothing.
    expect(transferFailureMessage(new ApiError(400, "", ""))).toEqual({ key: "invalidDetails" });
    expect(transferFailureMessage(new ApiError(503, "", '{"code":"too_many","message":"Busy"}'))).toEqual({ key: "serverError" });
    expect(transferFailureMessage(new Error("Limit reached"))).toEqual({ raw: "Limit reached" });
    expect(transferFailureMessage(undefined)).toEqual({ key: "default" });
    expect(transferFailureMessage(new Error(""))).toEqual({ key: "default" });
  });

  it("reads a status from the server's answer, never from an error's text", () => {
    expect(transferFailureMessage(new Error("401 Unauthorized"))).toEqual({ raw: "401 Unauthorized" });
    expect(transferFailureMessage(new Error("Bad Request"))).toEqual({ raw: "Bad Request" });
    const signIn = new ApiError(401, "", '{"code":"sign_in_required","message":"Soo gal si aad u sii waddo."}');
    expect(transferFailureMessage(signIn)).toEqual({ key: "sessionExpired" });
  });
});
