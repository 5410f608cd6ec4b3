/**
 * The mobile bridge (001 §7): when the transfer page runs inside a host
 * mobile app (a React Native WebView or a WKWebView), it posts messages to the
 * host and listens for the host's answers. In a plain browser nothing happens.
 */

/** Messages the page posts to the host app. */
export type OutgoingMessage =
  | { type: "INIT_CLEARING_HOUSE"; payload: { automaticCompensation: boolean; virtualClearing: boolean } }
  | { type: "INTERFACE_READY"; payload: { page: "transfers" } }
  | { type: "NETWORK_STATUS"; payload: { online: boolean } }
  | { type: "SUBMIT_CLEARING_HOUSE"; payload: ClearingHouseSubmission }
  | { type: "TRANSACTION_OFFLINE"; payload: ClearingHouseSubmission };

/** Types of the messages the host may send (001 §7). */
export const INCOMING_TYPES = [
  "CLEARING_HOUSE_STATUS",
  "CLEARING_HOUSE_UPDATE",
  "CLEARING_HOUSE_CONFIRMATION",
  "OFFLINE_SYNC_COMPLETE",
  "MOBILE_AUTH_STATUS",
] as const;

export type IncomingType = (typeof INCOMING_TYPES)[number];

/** A message from the host, with whatever it carried (e.g. `count` for an offline sync). */
export interface IncomingMessage {
  type: IncomingType;
  payload: Record<string, unknown>;
}

/** What a clearing-house submission carries (001 §7). */
export interface ClearingHouseSubmission {
  id: string;
  amount: string;
  currency: string;
  type: string;
  senderAccount: string;
  receiverAccount: string;
  routingInfo: { senderOperator: string; receiverOperator: string; settlementMode: "real-time" | "batch" };
  fees: { processingFee: number; routingFee: number; settlementFee: number; totalFee: number };
  metadata: Record<string, string | number | null>;
}

/** The host-app hooks a WebView exposes. */
interface HostWindow {
  ReactNativeWebView?: { postMessage: (data: string) => void };
  webkit?: { messageHandlers?: Record<string, { postMessage: (data: unknown) => void } | undefined> };
}

/** The name of the WKWebView message handler the iOS host registers. */
export const WEBKIT_HANDLER = "kormeer";

/** Returns how to post to the host app, or null when the page is not inside one. */
export function hostPoster(win: unknown = typeof window === "undefined" ? undefined : window): ((m: OutgoingMessage) => void) | null {
  const w = win as HostWindow | undefined;
  if (!w) return null;
  const rn = w.ReactNativeWebView;
  if (rn && typeof rn.postMessage === "function") return (m) => rn.postMessage(JSON.stringify(m));
  const handlers = w.webkit?.messageHandlers;
  if (handlers) {
    const handler = handlers[WEBKIT_HANDLER] ?? Object.values(handlers).find((h) => h && typeof h.postMessage === "function");
    if (handler) return (m) => handler.postMessage(JSON.stringify(m));
  }
  return null;
}

/** Reads a host message (a JSON string or an object); null for anything that is not one of ours. */
export function parseIncoming(data: unknown): IncomingMessage | null {
  let value = data;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== "object") return null;
  const obj = value as Record<string, unknown>;
  if (typeof obj.type !== "string" || !(INCOMING_TYPES as readonly string[]).includes(obj.type)) return null;
  const payload = obj.payload && typeof obj.payload === "object" ? (obj.payload as Record<string, unknown>) : {};
  // Some hosts put fields next to the type rather than under payload.
  const { type, payload: _ignored, ...rest } = obj;
  void _ignored;
  return { type: type as IncomingType, payload: { ...rest, ...payload } };
}

/**
 * Starts the bridge: posts "initialise clearing house", "interface ready" and
 * the network status, follows online/offline changes, and hands host messages
 * to `onMessage`. Returns null outside a host app, else the poster and a stop
 * function.
 */
export function startBridge(
  onMessage: (m: IncomingMessage) => void,
  win: Window & HostWindow = window,
): { post: (m: OutgoingMessage) => void; stop: () => void } | null {
  const post = hostPoster(win);
  if (!post) return null;
  post({ type: "INIT_CLEARING_HOUSE", payload: { automaticCompensation: true, virtualClearing: true } });
  post({ type: "INTERFACE_READY", payload: { page: "transfers" } });
  post({ type: "NETWORK_STATUS", payload: { online: win.navigator.onLine } });
  const onNetwork = () => post({ type: "NETWORK_STATUS", payload: { online: win.navigator.onLine } });
  const onHost = (event: Event) => {
    const m = parseIncoming((event as MessageEvent).data);
    if (m) onMessage(m);
  };
  win.addEventListener("online", onNetwork);
  win.addEventListener("offline", onNetwork);
  win.addEventListener("message", onHost);
  // React Native's Android WebView dispatches host messages on document.
  win.document.addEventListener("message", onHost);
  return {
    post,
    stop: () => {
      win.removeEventListener("online", onNetwork);
      win.removeEventListener("offline", onNetwork);
      win.removeEventListener("message", onHost);
      win.document.removeEventListener("message", onHost);
    },
  };
}
