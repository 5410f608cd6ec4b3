import { describe, expect, it } from "vitest";
import { ApiError } from "@/api/client";
import { transferFailureMessage } from "@/features/transfers/failure";

describe("transfer failure messages (001 §8, in order)", () => {
  it("maps each case", () => {
    expect(transferFailureMessage(new ApiError(401, "Unauthorized", '{"message":"Unauthorized"}'))).toEqual({ key: "sessionExpired" });
    expect(transferFailureMessage(new Error("Unauthorized request"))).toEqual({ key: "sessionExpired" });
    expect(transferFailureMessage(new ApiError(400, "Bad Request", '{"message":"Please correct the transfer details."}'))).toEqual({ key: "invalidDetails" });
    expect(transferFailureMessage(new Error("Bad Request"))).toEqual({ key: "invalidDetails" });
    expect(transferFailureMessage(new ApiError(500, "Internal Server Error", ""))).toEqual({ key: "serverError" });
    expect(transferFailureMessage(new TypeError("Failed to fetch"))).toEqual({ key: "network" });
    expect(transferFailureMessage(new Error("NetworkError when attempting to fetch resource."))).toEqual({ key: "network" });
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

  it("checks 401 before 400 and 400 before 500", () => {
    expect(transferFailureMessage(new Error("401 after 400 and 500"))).toEqual({ key: "sessionExpired" });
    expect(transferFailureMessage(new Error("400 then 500"))).toEqual({ key: "invalidDetails" });
  });
});
