import { afterEach, describe, expect, it, vi } from "vitest";
import { hostPoster, parseIncoming, startBridge } from "@/features/transfers/bridge";

type W = Window & { ReactNativeWebView?: unknown; webkit?: unknown };

afterEach(() => {
  delete (window as W).ReactNativeWebView;
  delete (window as W).webkit;
});

describe("mobile bridge", () => {
  it("does nothing in a plain browser", () => {
    expect(hostPoster(window)).toBeNull();
    expect(startBridge(() => {})).toBeNull();
  });

  it("posts the start-up messages to a React Native host and hears its messages", () => {
    const sent: string[] = [];
    (window as W).ReactNativeWebView = { postMessage: (s: string) => sent.push(s) };
    const onMessage = vi.fn();
    const bridge = startBridge(onMessage);
    expect(bridge).not.toBeNull();
    expect(sent.map((s) => (JSON.parse(s) as { type: string }).type)).toEqual([
      "INIT_CLEARING_HOUSE",
      "INTERFACE_READY",
      "NETWORK_STATUS",
    ]);
    window.dispatchEvent(new MessageEvent("message", { data: JSON.stringify({ type: "OFFLINE_SYNC_COMPLETE", count: 3 }) }));
    document.dispatchEvent(new MessageEvent("message", { data: { type: "CLEARING_HOUSE_STATUS", payload: { status: "connected" } } }));
    window.dispatchEvent(new MessageEvent("message", { data: "not json" }));
    window.dispatchEvent(new MessageEvent("message", { data: { type: "SOMETHING_ELSE" } }));
    expect(onMessage.mock.calls.map((c) => c[0])).toEqual([
      { type: "OFFLINE_SYNC_COMPLETE", payload: { count: 3 } },
      { type: "CLEARING_HOUSE_STATUS", payload: { status: "connected" } },
    ]);
    window.dispatchEvent(new Event("offline"));
    expect(JSON.parse(sent.at(-1) ?? "{}")).toMatchObject({ type: "NETWORK_STATUS" });
    bridge?.stop();
    window.dispatchEvent(new MessageEvent("message", { data: { type: "MOBILE_AUTH_STATUS" } }));
    expect(onMessage).toHaveBeenCalledTimes(2);
  });

  it("uses a WKWebView message handler", () => {
    const postMessage = vi.fn();
    (window as W).webkit = { messageHandlers: { kormeer: { postMessage } } };
    hostPoster(window)?.({ type: "INTERFACE_READY", payload: { page: "transfers" } });
    expect(postMessage).toHaveBeenCalledWith(JSON.stringify({ type: "INTERFACE_READY", payload: { page: "transfers" } }));
  });

  it("ignores what is not a host message", () => {
    expect(parseIncoming(42)).toBeNull();
    expect(parseIncoming({ type: "CLEARING_HOUSE_UPDATE" })).toEqual({ type: "CLEARING_HOUSE_UPDATE", payload: {} });
  });
});
