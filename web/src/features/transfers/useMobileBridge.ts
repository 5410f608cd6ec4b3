import { useCallback, useEffect, useRef, useState } from "react";
import { startBridge } from "@/features/transfers/bridge";
import type { IncomingMessage, OutgoingMessage } from "@/features/transfers/bridge";

/** Clearing-house connection states (001 §4). */
export type ClearingStatus = "disconnected" | "connecting" | "connected";

/** Simulated clearing-house connect delay (001 §4). */
export const CONNECT_DELAY_MS = 3_000;

/**
 * The transfer page's side of the mobile bridge: whether a host app is
 * present, the clearing-house connection, the network, and a `post` that does
 * nothing outside a host app.
 */
export function useMobileBridge(onMessage?: (m: IncomingMessage) => void) {
  const [isHost, setIsHost] = useState(false);
  const [clearing, setClearing] = useState<ClearingStatus>("disconnected");
  const [online, setOnline] = useState(() => (typeof navigator === "undefined" ? true : navigator.onLine));
  const postRef = useRef<((m: OutgoingMessage) => void) | null>(null);
  const handlerRef = useRef(onMessage);
  handlerRef.current = onMessage;

  useEffect(() => {
    const onNet = () => setOnline(navigator.onLine);
    window.addEventListener("online", onNet);
    window.addEventListener("offline", onNet);
    const bridge = startBridge((m) => {
      if (m.type === "CLEARING_HOUSE_STATUS") {
        const s = m.payload.status;
        if (s === "connected" || s === "connecting" || s === "disconnected") setClearing(s);
      }
      handlerRef.current?.(m);
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (bridge) {
      postRef.current = bridge.post;
      setIsHost(true);
      setClearing("connecting");
      timer = setTimeout(() => setClearing((c) => (c === "connecting" ? "connected" : c)), CONNECT_DELAY_MS);
    }
    return () => {
      window.removeEventListener("online", onNet);
      window.removeEventListener("offline", onNet);
      if (timer) clearTimeout(timer);
      bridge?.stop();
      postRef.current = null;
    };
  }, []);

  const post = useCallback((m: OutgoingMessage) => postRef.current?.(m), []);
  return { isHost, clearing, online, post };
}
