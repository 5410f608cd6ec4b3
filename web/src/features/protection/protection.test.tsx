import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, render } from "@testing-library/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { ClientProtection } from "@/features/protection/ClientProtection";
import {
  BLUR_CLASS,
  SENSITIVE_CLASS,
  devtoolsLikelyOpen,
  isBlockedShortcut,
  isProtectedPath,
} from "@/features/protection/protection";

function mount(path: string) {
  const location = memoryLocation({ path, record: true });
  const utils = render(
    <Router hook={location.hook}>
      <div>
        <span className="tabular-nums" data-testid="amount">1,250.00</span>
        <span data-testid="plain">Hello</span>
        <input data-testid="field" />
      </div>
      <ClientProtection />
    </Router>,
  );
  return { ...utils, location };
}

function fire(target: EventTarget, event: Event): boolean {
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

const key = (init: KeyboardEventInit) => new KeyboardEvent("keydown", { bubbles: true, cancelable: true, ...init });

let writeText: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers();
  writeText = vi.fn(() => Promise.resolve());
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
  vi.spyOn(document, "hasFocus").mockReturnValue(true);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("protected paths", () => {
  it("excludes paths containing jwt-test, register or login", () => {
    expect(isProtectedPath("/")).toBe(true);
    expect(isProtectedPath("/transactions")).toBe(true);
    expect(isProtectedPath("/jwt-test")).toBe(false);
    expect(isProtectedPath("/login")).toBe(false);
    expect(isProtectedPath("/api/login")).toBe(false);
    expect(isProtectedPath("/register")).toBe(false);
    expect(isProtectedPath("/public/register-now")).toBe(false);
  });

  it("blocks exactly the listed shortcuts", () => {
    expect(isBlockedShortcut({ key: "F12", ctrlKey: false, metaKey: false, shiftKey: false, altKey: false })).toBe(true);
    for (const k of ["I", "J", "C", "i"]) {
      expect(isBlockedShortcut({ key: k, ctrlKey: true, metaKey: false, shiftKey: true, altKey: false })).toBe(true);
      expect(isBlockedShortcut({ key: k, ctrlKey: false, metaKey: true, shiftKey: true, altKey: false })).toBe(true);
    }
    for (const k of ["u", "s", "p", "U"]) {
      expect(isBlockedShortcut({ key: k, ctrlKey: true, metaKey: false, shiftKey: false, altKey: false })).toBe(true);
    }
    // Typing and ordinary editing shortcuts stay allowed.
    expect(isBlockedShortcut({ key: "s", ctrlKey: false, metaKey: false, shiftKey: false, altKey: false })).toBe(false);
    expect(isBlockedShortcut({ key: "c", ctrlKey: true, metaKey: false, shiftKey: false, altKey: false })).toBe(false);
    expect(isBlockedShortcut({ key: "v", ctrlKey: true, metaKey: false, shiftKey: false, altKey: false })).toBe(false);
    expect(isBlockedShortcut({ key: "a", ctrlKey: true, metaKey: false, shiftKey: false, altKey: false })).toBe(false);
  });

  it("detects developer tools beyond a 160 px difference only", () => {
    expect(devtoolsLikelyOpen({ outerWidth: 1280, innerWidth: 1280, outerHeight: 800, innerHeight: 800 })).toBe(false);
    expect(devtoolsLikelyOpen({ outerWidth: 1280, innerWidth: 1120, outerHeight: 800, innerHeight: 800 })).toBe(false);
    expect(devtoolsLikelyOpen({ outerWidth: 1280, innerWidth: 1119, outerHeight: 800, innerHeight: 800 })).toBe(true);
    expect(devtoolsLikelyOpen({ outerWidth: 1280, innerWidth: 1280, outerHeight: 900, innerHeight: 700 })).toBe(true);
    expect(devtoolsLikelyOpen({ outerWidth: 0, innerWidth: 1280, outerHeight: 0, innerHeight: 800 })).toBe(false);
  });
});

describe("ClientProtection", () => {
  it("blocks the context menu, drag/drop and shortcuts, but not typing", () => {
    const { getByTestId } = mount("/transactions");
    const plain = getByTestId("plain");
    expect(fire(plain, new MouseEvent("contextmenu", { bubbles: true, cancelable: true }))).toBe(true);
    expect(fire(plain, new Event("dragstart", { bubbles: true, cancelable: true }))).toBe(true);
    expect(fire(plain, new Event("drop", { bubbles: true, cancelable: true }))).toBe(true);
    expect(fire(plain, key({ key: "F12" }))).toBe(true);
    expect(fire(plain, key({ key: "u", ctrlKey: true }))).toBe(true);
    expect(fire(plain, key({ key: "I", ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(fire(getByTestId("field"), key({ key: "a" }))).toBe(false);
    expect(fire(getByTestId("field"), key({ key: "c", ctrlKey: true }))).toBe(false);
  });

  it("marks sensitive elements about a second after load and blocks selecting them", () => {
    const { getByTestId } = mount("/");
    const amount = getByTestId("amount");
    expect(amount).not.toHaveClass(SENSITIVE_CLASS);
    act(() => vi.advanceTimersByTime(1_000));
    expect(amount).toHaveClass(SENSITIVE_CLASS);
    expect(getByTestId("plain")).not.toHaveClass(SENSITIVE_CLASS);
    expect(fire(amount.firstChild!, new Event("selectstart", { bubbles: true, cancelable: true }))).toBe(true);
    expect(fire(getByTestId("plain"), new Event("selectstart", { bubbles: true, cancelable: true }))).toBe(false);
    expect(fire(getByTestId("field"), new Event("selectstart", { bubbles: true, cancelable: true }))).toBe(false);
  });

  it("blurs the page while the window is not focused", () => {
    const { getByTestId } = mount("/");
    act(() => {
      window.dispatchEvent(new Event("blur"));
    });
    expect(document.documentElement).toHaveClass(BLUR_CLASS);
    expect(document.body.querySelector('[data-testid="protection-hidden"]')).not.toBeNull();
    act(() => {
      window.dispatchEvent(new Event("focus"));
    });
    expect(document.documentElement).not.toHaveClass(BLUR_CLASS);
    expect(getByTestId("plain")).toBeInTheDocument();
  });

  it("clears the clipboard every 30 seconds", () => {
    mount("/");
    act(() => vi.advanceTimersByTime(29_999));
    expect(writeText).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(writeText).toHaveBeenCalledWith("");
    act(() => vi.advanceTimersByTime(30_000));
    expect(writeText).toHaveBeenCalledTimes(2);
  });

  it("survives a missing clipboard", () => {
    Object.defineProperty(navigator, "clipboard", { value: undefined, configurable: true });
    mount("/");
    expect(() => act(() => vi.advanceTimersByTime(30_000))).not.toThrow();
  });

  it("logs a warning only when developer tools seem open", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    mount("/");
    act(() => vi.advanceTimersByTime(2_000));
    expect(warn).not.toHaveBeenCalled();
    vi.spyOn(window, "outerWidth", "get").mockReturnValue(window.innerWidth + 400);
    vi.spyOn(window, "outerHeight", "get").mockReturnValue(window.innerHeight);
    act(() => vi.advanceTimersByTime(3_000));
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("does nothing on excluded paths, and stops when the path becomes excluded", () => {
    const { getByTestId, location } = mount("/login");
    const plain = getByTestId("plain");
    expect(fire(plain, new MouseEvent("contextmenu", { bubbles: true, cancelable: true }))).toBe(false);
    expect(fire(plain, key({ key: "F12" }))).toBe(false);
    act(() => vi.advanceTimersByTime(30_000));
    expect(writeText).not.toHaveBeenCalled();
    expect(getByTestId("amount")).not.toHaveClass(SENSITIVE_CLASS);

    act(() => location.navigate("/compliance"));
    expect(fire(plain, new MouseEvent("contextmenu", { bubbles: true, cancelable: true }))).toBe(true);
    act(() => location.navigate("/jwt-test"));
    expect(fire(plain, new MouseEvent("contextmenu", { bubbles: true, cancelable: true }))).toBe(false);
    act(() => {
      window.dispatchEvent(new Event("blur"));
    });
    expect(document.documentElement).not.toHaveClass(BLUR_CLASS);
  });
});
