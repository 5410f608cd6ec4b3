import { afterEach, describe, expect, it, vi } from "vitest";
import { handleUnauthorized, isUnauthorizedError, logout } from "@/lib/auth-utils";
import { reducer } from "@/components/ui/use-toast";
import { ApiError } from "@/api/client";

afterEach(() => {
  vi.useRealTimers();
});

const coded = (status: number, code: string, message = "x") =>
  new ApiError(status, "", JSON.stringify({ code, message }));

describe("isUnauthorizedError", () => {
  it("is true for a 401 sign_in_required, in any language of its message", () => {
    expect(isUnauthorizedError(coded(401, "sign_in_required", "Sign in to continue."))).toBe(true);
    expect(isUnauthorizedError(coded(401, "sign_in_required", "Soo gal si aad u sii waddo."))).toBe(true);
  });

  it("does not redirect the sign-in page on a wrong password", () => {
    expect(isUnauthorizedError(coded(401, "bad_credentials"))).toBe(false);
  });

  it("does not redirect the guest sign-in on wrong guest credentials", () => {
    expect(isUnauthorizedError(coded(401, "bad_guest_credentials"))).toBe(false);
  });

  it("does not redirect the second-factor step: its challenge, a wrong or an expired code", () => {
    expect(isUnauthorizedError(new ApiError(401, "", JSON.stringify({ totpRequired: true, challenge: "c" })))).toBe(false);
    expect(isUnauthorizedError(coded(401, "second_factor_wrong"))).toBe(false);
    expect(isUnauthorizedError(coded(401, "sign_in_expired"))).toBe(false);
  });

  it("ignores the text and other statuses", () => {
    expect(isUnauthorizedError(new Error("401: Unauthorized"))).toBe(false);
    expect(isUnauthorizedError(coded(403, "sign_in_required"))).toBe(false);
    expect(isUnauthorizedError("401: Unauthorized")).toBe(false);
  });
});

describe("handleUnauthorized", () => {
  it("redirects to /api/login after 500 ms, once per burst", () => {
    vi.useFakeTimers();
    const navigate = vi.fn();
    handleUnauthorized(navigate);
    handleUnauthorized(navigate);
    vi.advanceTimersByTime(499);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith("/api/login");
  });
});

describe("logout", () => {
  it("posts the sign-out, clears storage and JS cookies, keeps the language, then goes home", async () => {
    localStorage.setItem("secret", "x");
    localStorage.setItem("kormeer-language", "so");
    sessionStorage.setItem("s", "y");
    document.cookie = "visible=1; path=/";
    document.cookie = "kormeer-language=so; path=/";
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const navigate = vi.fn();
    const fetchFn = vi.fn<typeof fetch>(async () => new Response("{}", { status: 200 }));
    vi.stubGlobal("fetch", fetchFn);
    await logout(navigate);
    vi.unstubAllGlobals();
    const req = fetchFn.mock.calls[0]?.[0] as Request;
    expect(new URL(req.url).pathname).toBe("/api/logout");
    expect(req.method).toBe("POST");
    expect(req.credentials).toBe("include");
    expect(localStorage.getItem("secret")).toBeNull();
    expect(localStorage.getItem("kormeer-language")).toBe("so");
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).not.toContain("visible=1");
    expect(document.cookie).toContain("kormeer-language=so");
    expect(writeText).toHaveBeenCalledWith("");
    expect(navigate).toHaveBeenCalledWith("/");
  });

  it("still navigates when the clipboard refuses or the network is down", async () => {
    Object.defineProperty(navigator, "clipboard", {
      value: { writeText: () => Promise.reject(new Error("denied")) },
      configurable: true,
    });
    const navigate = vi.fn();
    await logout(navigate, () => Promise.reject(new TypeError("offline")));
    expect(navigate).toHaveBeenCalledWith("/");
  });
});

describe("toast reducer", () => {
  it("keeps at most one toast", () => {
    let state = { toasts: [] as { id: string }[] };
    state = reducer(state as never, { type: "ADD_TOAST", toast: { id: "1" } });
    state = reducer(state as never, { type: "ADD_TOAST", toast: { id: "2" } });
    expect(state.toasts.map((t) => t.id)).toEqual(["2"]);
  });
});
