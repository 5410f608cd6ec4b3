import { useCallback, useState } from "react";

/** Where desktop notifications stand in this browser. */
export type NotificationState = "unsupported" | NotificationPermission;

/** What the app uses of the browser's Notification (a fake in tests). */
export interface NotificationApi {
  readonly permission: NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  new (title: string, options?: NotificationOptions): Pick<Notification, "close" | "onclick">;
}

function browserApi(): NotificationApi | undefined {
  return typeof Notification === "undefined" ? undefined : (Notification as unknown as NotificationApi);
}

/** The permission as it stands, or "unsupported" where the browser has no notifications. */
export function notificationState(api: NotificationApi | undefined = browserApi()): NotificationState {
  return api ? api.permission : "unsupported";
}

/**
 * Asks for permission. Browsers only honour the request from a person's own
 * click (and people refuse prompts that appear on load), so only the "Desktop
 * alerts" button calls it.
 */
export async function requestNotifications(api: NotificationApi | undefined = browserApi()): Promise<NotificationState> {
  if (!api) return "unsupported";
  if (api.permission !== "default") return api.permission;
  try {
    return await api.requestPermission();
  } catch (error) {
    console.error("[realtime] notification permission request failed", error);
    return api.permission;
  }
}

/** A critical alert as a desktop notification shows it. */
export interface DesktopAlert {
  id?: string;
  title: string;
  body: string;
}

/**
 * Shows a critical alert as a desktop notification that waits for the person,
 * if they allowed notifications; clicking it brings the tab forward and opens
 * the alert. Each alert has its own tag, so two critical alerts in a row both
 * show instead of the second replacing the first.
 */
export function desktopNotify(
  alert: DesktopAlert,
  open: (id: string) => void,
  api: NotificationApi | undefined = browserApi(),
): void {
  if (!api || api.permission !== "granted") return;
  try {
    const n = new api(alert.title, {
      body: alert.body,
      requireInteraction: true,
      tag: `kormeer-alert-${alert.id ?? "critical"}`,
    });
    const id = alert.id;
    n.onclick = () => {
      window.focus();
      if (id) open(id);
      n.close();
    };
  } catch (error) {
    console.error("[realtime] notification failed", error);
  }
}

/** The permission state for a button, and the request that updates it. */
export function useNotificationPermission(api?: NotificationApi): [NotificationState, () => Promise<void>] {
  const [state, setState] = useState<NotificationState>(() => notificationState(api ?? browserApi()));
  const request = useCallback(async () => {
    setState(await requestNotifications(api ?? browserApi()));
  }, [api]);
  return [state, request];
}
