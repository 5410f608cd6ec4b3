import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  MAX_RECONNECT_ATTEMPTS,
  RealtimeClient,
  parseMessage,
  reconnectDelay,
  socketUrl,
} from "@/features/realtime/socket";
import type { SocketLike } from "@/features/realtime/socket";
import { ALERT_TOAST_DURATION_MS, handleRealtimeMessage } from "@/features/realtime/alerts";
import type { Translate } from "@/lib/alertText";

class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: ((ev: Event) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  sent: string[] = [];
  closedWith: number | undefined;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event("open"));
  }
  serverClose(code: number) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
  receive(data: unknown) {
    this.onmessage?.({ data: typeof data === "string" ? data : JSON.stringify(data) } as MessageEvent);
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const statuses: string[] = [];
  const messages: unknown[] = [];
  const logger = { error: vi.fn(), warn: vi.fn(), info: vi.fn() };
  const client = new RealtimeClient({
    url: "ws://example.test/ws",
    userId: "u-1",
    onStatus: (s) => statuses.push(s),
    onMessage: (m) => messages.push(m),
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    logger,
  });
  return { client, sockets, statuses, messages, logger };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("reconnectDelay", () => {
  it("starts at 1 s, doubles, caps at 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(reconnectDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });
});

describe("socketUrl", () => {
  it("uses wss on https pages and ws otherwise", () => {
    expect(socketUrl({ protocol: "https:", host: "kormeer.example" })).toBe("wss://kormeer.example/ws");
    expect(socketUrl({ protocol: "http:", host: "127.0.0.1:8080" })).toBe("ws://127.0.0.1:8080/ws");
  });
});

describe("RealtimeClient", () => {
  it("sends the auth message on open and reports connected", () => {
    const { client, sockets, statuses } = setup();
    client.connect();
    sockets[0]!.open();
    expect(sockets[0]!.url).toBe("ws://example.test/ws");
    expect(JSON.parse(sockets[0]!.sent[0]!)).toEqual({ type: "auth", userId: "u-1" });
    expect(statuses.at(-1)).toBe("connected");
  });

  it("reconnects after abnormal closes on the 1-2-4-8-16 s schedule, then gives up", () => {
    const { client, sockets, statuses } = setup();
    client.connect();
    const expected = [1000, 2000, 4000, 8000, 16000];
    for (let attempt = 0; attempt < MAX_RECONNECT_ATTEMPTS; attempt++) {
      sockets.at(-1)!.serverClose(1006);
      expect(statuses.at(-1)).toBe("disconnected");
      const before = sockets.length;
      vi.advanceTimersByTime(expected[attempt]! - 1);
      expect(sockets.length).toBe(before);
      vi.advanceTimersByTime(1);
      expect(sockets.length).toBe(before + 1);
    }
    // Sixth abnormal close: no more attempts.
    sockets.at(-1)!.serverClose(1006);
    vi.advanceTimersByTime(60_000);
    expect(sockets.length).toBe(1 + MAX_RECONNECT_ATTEMPTS);
  });

  it("resets the schedule after a successful open", () => {
    const { client, sockets } = setup();
    client.connect();
    sockets[0]!.serverClose(1006);
    vi.advanceTimersByTime(1000);
    sockets[1]!.serverClose(1006);
    vi.advanceTimersByTime(2000);
    sockets[2]!.open();
    expect(client.reconnectAttempts).toBe(0);
    sockets[2]!.serverClose(1011);
    vi.advanceTimersByTime(1000);
    expect(sockets.length).toBe(4);
  });

  it("does not reconnect after a normal close (1000)", () => {
    const { client, sockets } = setup();
    client.connect();
    sockets[0]!.open();
    sockets[0]!.serverClose(1000);
    vi.advanceTimersByTime(60_000);
    expect(sockets.length).toBe(1);
  });

  it("close() ends normally and cancels a pending retry", () => {
    const { client, sockets, statuses } = setup();
    client.connect();
    sockets[0]!.serverClose(1006);
    client.close();
    vi.advanceTimersByTime(60_000);
    expect(sockets.length).toBe(1);
    expect(statuses.at(-1)).toBe("disconnected");
  });

  it("manual reconnect after giving up opens a new socket", () => {
    const { client, sockets } = setup();
    client.connect();
    for (let i = 0; i <= MAX_RECONNECT_ATTEMPTS; i++) {
      sockets.at(-1)!.serverClose(1006);
      vi.advanceTimersByTime(30_000);
    }
    const count = sockets.length;
    client.reconnect();
    expect(sockets.length).toBe(count + 1);
    sockets.at(-1)!.open();
    expect(client.reconnectAttempts).toBe(0);
  });

  it("passes parsed messages on and drops malformed ones; errors are only logged", () => {
    const { client, sockets, messages, logger } = setup();
    client.connect();
    sockets[0]!.open();
    sockets[0]!.receive({ type: "auth_success" });
    sockets[0]!.receive("not json");
    sockets[0]!.receive({ noType: true });
    sockets[0]!.onerror?.(new Event("error"));
    expect(messages).toEqual([{ type: "auth_success" }]);
    expect(logger.error).toHaveBeenCalled();
  });
});

describe("parseMessage", () => {
  it("accepts only objects with a string type", () => {
    expect(parseMessage('{"type":"x","data":1}')).toEqual({ type: "x", data: 1 });
    expect(parseMessage("[]")).toBeNull();
    expect(parseMessage('{"type":3}')).toBeNull();
    expect(parseMessage(42)).toBeNull();
  });
});

describe("handleRealtimeMessage", () => {
  function deps() {
    return {
      queryClient: { invalidateQueries: vi.fn(async () => {}) },
      toast: vi.fn(),
      // t that answers the key itself: these tests check routing and timing, not words.
      translate: ((key: string) => key) as unknown as Translate,
      notify: vi.fn(),
      logger: { error: vi.fn() },
    };
  }

  it.each([
    ["critical", Number.POSITIVE_INFINITY],
    ["high", 10_000],
    ["medium", 8_000],
    ["low", 5_000],
    ["bogus", 8_000],
  ])("a %s compliance alert invalidates alerts and toasts for %d ms", (severity, duration) => {
    const d = deps();
    handleRealtimeMessage(
      { type: "compliance_alert", data: { id: "a-1", severity, title: "Large transfer", description: "Over limit" } },
      d,
    );
    expect(d.queryClient.invalidateQueries).toHaveBeenCalledWith({ queryKey: ["/api/alerts"] });
    expect(d.toast).toHaveBeenCalledTimes(1);
    const arg = d.toast.mock.calls[0]![0] as { duration: number; description: string; title: string };
    expect(arg.duration).toBe(duration);
    expect(arg.description).toBe("Over limit");
    expect(arg.title).toContain("Large transfer");
    expect(d.notify).toHaveBeenCalledTimes(severity === "critical" ? 1 : 0);
    if (severity === "critical") {
      expect(d.notify).toHaveBeenCalledWith({ id: "a-1", title: "Large transfer", body: "Over limit" });
    }
  });

  it("matches the severity table", () => {
    expect(ALERT_TOAST_DURATION_MS).toEqual({ critical: Infinity, high: 10000, medium: 8000, low: 5000 });
  });

  it("ignores unknown types and logs server errors", () => {
    const d = deps();
    handleRealtimeMessage({ type: "something_new", data: {} }, d);
    handleRealtimeMessage({ type: "auth_success" }, d);
    expect(d.toast).not.toHaveBeenCalled();
    expect(d.queryClient.invalidateQueries).not.toHaveBeenCalled();
    handleRealtimeMessage({ type: "error", message: "bad auth" }, d);
    expect(d.logger.error).toHaveBeenCalled();
    expect(d.toast).not.toHaveBeenCalled();
  });
});
