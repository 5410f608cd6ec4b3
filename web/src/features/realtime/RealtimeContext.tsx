import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "@/components/ui/use-toast";
import { useLocation } from "wouter";
import { handleRealtimeMessage } from "@/features/realtime/alerts";
import { desktopNotify } from "@/features/realtime/notifications";
import { RealtimeClient, socketUrl } from "@/features/realtime/socket";
import type { ConnectionStatus, SocketFactory } from "@/features/realtime/socket";

/** The alert queue with one alert open: where a desktop notification's click leads. */
export function alertQueueHref(id: string): string {
  return `/compliance/alerts?alert=${encodeURIComponent(id)}`;
}

/** What the UI needs from the alert connection. */
export interface RealtimeState {
  status: ConnectionStatus;
  reconnect: () => void;
}

const RealtimeContext = createContext<RealtimeState>({
  status: "disconnected",
  reconnect: () => {},
});

/** The alert connection state for the current user. */
export function useRealtime(): RealtimeState {
  return useContext(RealtimeContext);
}

interface ProviderProps {
  /** The signed-in user's id, or null when nobody is signed in (no socket then). */
  userId: string | null;
  children: ReactNode;
  createSocket?: SocketFactory;
}

/** Opens the socket while a user is signed in and shares its status. */
export function RealtimeProvider({ userId, children, createSocket }: ProviderProps) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const [status, setStatus] = useState<ConnectionStatus>("disconnected");
  const clientRef = useRef<RealtimeClient | null>(null);
  const tRef = useRef(t);
  tRef.current = t;
  const [, navigate] = useLocation();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  useEffect(() => {
    if (!userId) return undefined;
    const client = new RealtimeClient({
      url: socketUrl(),
      userId,
      onStatus: setStatus,
      onMessage: (message) =>
        handleRealtimeMessage(message, {
          queryClient,
          toast,
          translate: tRef.current,
          notify: (alert) => desktopNotify(alert, (id) => navigateRef.current(alertQueueHref(id))),
        }),
      ...(createSocket ? { createSocket } : {}),
    });
    clientRef.current = client;
    client.connect();
    return () => {
      client.close();
      clientRef.current = null;
    };
  }, [userId, queryClient, createSocket]);

  const reconnect = useCallback(() => clientRef.current?.reconnect(), []);
  const value = useMemo(() => ({ status, reconnect }), [status, reconnect]);
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}
