import { useTranslation } from "react-i18next";
import { Bell, BellOff, RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useRealtime } from "@/features/realtime/RealtimeContext";
import { cn } from "@/lib/utils";

/** Floating bottom-right indicator of the real-time alert connection. */
export function AlertStatusPanel() {
  const { t } = useTranslation();
  const { status, reconnect } = useRealtime();
  const connected = status === "connected";
  return (
    <div
      data-testid="alert-status-panel"
      role="status"
      aria-live="polite"
      className="fixed bottom-4 right-4 z-40 flex items-center gap-3 rounded-lg border bg-card px-3 py-2 text-sm shadow-lg"
    >
      <span
        aria-hidden="true"
        className={cn(
          "h-2.5 w-2.5 rounded-full",
          connected ? "bg-success animate-pulse" : "bg-destructive",
        )}
      />
      {connected ? (
        <Bell className="h-4 w-4 text-success" aria-hidden="true" />
      ) : (
        <BellOff className="h-4 w-4 text-destructive" aria-hidden="true" />
      )}
      <span className="font-medium">
        {connected ? t("realtime.active") : t("realtime.disconnected")}
      </span>
      {connected ? null : (
        <Button size="sm" variant="outline" onClick={reconnect} className="h-8">
          <RefreshCw aria-hidden="true" />
          {t("realtime.reconnect")}
        </Button>
      )}
    </div>
  );
}
