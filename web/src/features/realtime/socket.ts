/**
 * The real-time alert connection (spec 000 §4, §7, §9): a WebSocket to /ws on
 * the page's own host, opened only for a signed-in user. The server takes the
 * user from the session cookie; the `{type:"auth", userId}` greeting is sent
 * because the protocol names it, never as proof of identity.
 */

/** Reconnection attempts after an abnormal close before giving up. */
export const MAX_RECONNECT_ATTEMPTS = 5;
/** First reconnection delay; each further attempt doubles it. */
export const BASE_RECONNECT_DELAY_MS = 1000;
/** Upper bound on the reconnection delay. */
export const MAX_RECONNECT_DELAY_MS = 30_000;
/** WebSocket close code for a normal closure: never reconnect after it. */
export const NORMAL_CLOSURE = 1000;

export type ConnectionStatus = "connected" | "disconnected";

/** Delay before reconnection attempt `attempt` (0-based): 1 s, 2 s, 4 s … capped at 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(BASE_RECONNECT_DELAY_MS * 2 ** attempt, MAX_RECONNECT_DELAY_MS);
}

/** The URL of the alert socket for the current page (wss on https pages). */
export function socketUrl(loc: Pick<Location, "protocol" | "host"> = window.location): string {
  return `${loc.protocol === "https:" ? "wss" : "ws"}://${loc.host}/ws`;
}

/** A message from the server, as far as the client cares. */
export interface RealtimeMessage {
  type: string;
  data?: unknown;
  message?: string;
}

/** The subset of the browser WebSocket the client uses, so tests can fake it. */
export interface SocketLike {
  readyState: number;
  onopen: ((ev: Event) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketFactory = (url: string) => SocketLike;

export interface RealtimeClientOptions {
  url: string;
  userId: string;
  onStatus: (status: ConnectionStatus) => void;
  onMessage: (message: RealtimeMessage) => void;
  createSocket?: SocketFactory;
  logger?: Pick<Console, "error" | "warn" | "info">;
}

/** Parses a frame; anything that is not an object with a string type is dropped. */
export function parseMessage(raw: unknown): RealtimeMessage | null {
  if (typeof raw !== "string") return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === "object" && typeof (value as { type?: unknown }).type === "string") {
      return value as RealtimeMessage;
    }
  } catch {
    // Not JSON: ignored like any unknown message.
  }
  return null;
}

/**
 * Owns one WebSocket at a time and the reconnection schedule. After an
 * abnormal close it retries with exponential backoff up to five times; a
 * normal close (1000) or an explicit close() ends it for good until
 * reconnect() is called.
 */
export class RealtimeClient {
  private socket: SocketLike | null = null;
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private readonly createSocket: SocketFactory;
  private readonly logger: Pick<Console, "error" | "warn" | "info">;

  constructor(private readonly options: RealtimeClientOptions) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.logger = options.logger ?? console;
  }

  /** Number of reconnection attempts made since the last successful open. */
  get reconnectAttempts(): number {
    return this.attempts;
  }

  /** Opens the connection. */
  connect(): void {
    this.stopped = false;
    this.clearTimer();
    this.detach();
    let socket: SocketLike;
    try {
      socket = this.createSocket(this.options.url);
    } catch (error) {
      this.logger.error("[realtime] could not open socket", error);
      this.options.onStatus("disconnected");
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.attempts = 0;
      this.options.onStatus("connected");
      try {
        socket.send(JSON.stringify({ type: "auth", userId: this.options.userId }));
      } catch (error) {
        this.logger.error("[realtime] could not send auth message", error);
      }
    };
    socket.onmessage = (event) => {
      const message = parseMessage(event.data);
      if (message) this.options.onMessage(message);
    };
    socket.onerror = (event) => {
      this.logger.error("[realtime] socket error", event);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.options.onStatus("disconnected");
      if (this.stopped || event.code === NORMAL_CLOSURE) return;
      this.scheduleReconnect();
    };
  }

  /** Manual reconnect (the panel's button): resets the attempt counter. */
  reconnect(): void {
    this.attempts = 0;
    this.connect();
  }

  /** Closes normally and stops reconnecting. */
  close(): void {
    this.stopped = true;
    this.clearTimer();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      try {
        socket.close(NORMAL_CLOSURE, "client closed");
      } catch {
        // Already closed.
      }
    }
    this.options.onStatus("disconnected");
  }

  private scheduleReconnect(): void {
    if (this.attempts >= MAX_RECONNECT_ATTEMPTS) {
      this.logger.warn("[realtime] giving up after", MAX_RECONNECT_ATTEMPTS, "attempts");
      return;
    }
    const delay = reconnectDelay(this.attempts);
    this.attempts += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.stopped) this.connect();
    }, delay);
  }

  private clearTimer(): void {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
  }

  private detach(): void {
    const old = this.socket;
    this.socket = null;
    if (old) {
      old.onclose = null;
      old.onmessage = null;
      try {
        old.close(NORMAL_CLOSURE);
      } catch {
        // ignore
      }
    }
  }
}
