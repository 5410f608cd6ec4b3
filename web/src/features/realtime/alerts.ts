import type { QueryClient } from "@tanstack/react-query";
import { sharedKeys } from "@/api/keys";
import type { AlertParams } from "@/api/types";
import { alertDescription, alertTitle, type Translate } from "@/lib/alertText";
import type { ToastInput } from "@/components/ui/use-toast";
import type { DesktopAlert } from "@/features/realtime/notifications";
import type { RealtimeMessage } from "@/features/realtime/socket";

export type AlertSeverity = "low" | "medium" | "high" | "critical";

/** How long a compliance alert toast stays, by severity (spec 000 §9). */
export const ALERT_TOAST_DURATION_MS: Record<AlertSeverity, number> = {
  critical: Number.POSITIVE_INFINITY,
  high: 10_000,
  medium: 8_000,
  low: 5_000,
};

/** Reads a severity, defaulting to medium like the stored alerts do. */
export function normaliseSeverity(value: unknown): AlertSeverity {
  return value === "low" || value === "high" || value === "critical" || value === "medium"
    ? value
    : "medium";
}

export interface AlertHandlerDeps {
  queryClient: Pick<QueryClient, "invalidateQueries">;
  toast: (input: ToastInput) => unknown;
  translate: Translate;
  /** Raises a desktop notification for a critical alert when the browser allows it. */
  notify?: (alert: DesktopAlert) => void;
  logger?: Pick<Console, "error">;
}

/**
 * Acts on one server message. compliance_alert refreshes the alerts list and
 * shows a toast by severity; error is logged; everything else is ignored.
 */
export function handleRealtimeMessage(message: RealtimeMessage, deps: AlertHandlerDeps): void {
  switch (message.type) {
    case "compliance_alert": {
      const data = (message.data && typeof message.data === "object" ? message.data : {}) as {
        id?: unknown;
        severity?: unknown;
        title?: unknown;
        description?: unknown;
        code?: unknown;
        params?: unknown;
      };
      const severity = normaliseSeverity(data.severity);
      // Said in the reader's language from the code and params; the server's English without them.
      const words = {
        title: typeof data.title === "string" ? data.title : "",
        description: typeof data.description === "string" ? data.description : "",
        message: "",
        code: typeof data.code === "string" ? data.code : null,
        params: data.params && typeof data.params === "object" ? (data.params as AlertParams) : null,
      };
      const title = alertTitle(words, deps.translate);
      const description = alertDescription(words, deps.translate);
      void deps.queryClient.invalidateQueries({ queryKey: sharedKeys.alerts });
      deps.toast({
        title: `${deps.translate(`realtime.severity.${severity}`)} · ${title}`,
        description,
        duration: ALERT_TOAST_DURATION_MS[severity],
        variant: severity === "critical" || severity === "high" ? "destructive" : "default",
      });
      if (severity === "critical") {
        deps.notify?.({ ...(typeof data.id === "string" ? { id: data.id } : {}), title, body: description });
      }
      return;
    }
    case "error":
      (deps.logger ?? console).error("[realtime] server error", message.message);
      return;
    default:
      // auth_success and unknown types need no action.
      return;
  }
}
