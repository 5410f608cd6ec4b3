import { afterEach, describe, expect, it, vi } from "vitest";
import { registerServiceWorker } from "@/features/protection/serviceWorker";

afterEach(() => vi.restoreAllMocks());

function fakeNavigator(register: (url: string, opts: RegistrationOptions) => Promise<unknown>, controller: unknown = {}) {
  return { serviceWorker: { register, controller } } as unknown as Navigator;
}

const loadedWindow = { document: { readyState: "complete" }, addEventListener: vi.fn() } as unknown as Window;

describe("registerServiceWorker", () => {
  it("registers /sw.js with the root scope and logs a new version", async () => {
    const listeners: Record<string, () => void> = {};
    const worker = { state: "installing", addEventListener: (_: string, fn: () => void) => (listeners.state = fn) };
    const registration = { installing: worker, addEventListener: (_: string, fn: () => void) => (listeners.update = fn) };
    const register = vi.fn(() => Promise.resolve(registration));
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    registerServiceWorker(fakeNavigator(register), loadedWindow);
    expect(register).toHaveBeenCalledWith("/sw.js", { scope: "/" });
    await Promise.resolve();
    listeners.update!();
    worker.state = "installed";
    listeners.state!();
    expect(info).toHaveBeenCalledWith(expect.stringContaining("new version"));
  });

  it("only logs a registration failure", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    registerServiceWorker(fakeNavigator(() => Promise.reject(new Error("nope"))), loadedWindow);
    await new Promise((r) => setTimeout(r, 0));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("registration failed"), expect.any(Error));
  });

  it("does nothing without service worker support", () => {
    expect(() => registerServiceWorker({} as Navigator, loadedWindow)).not.toThrow();
  });
});
