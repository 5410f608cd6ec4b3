import { useTranslation } from "react-i18next";
import { Bell, BellOff, RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useRealtime } from "@/features/realtime/RealtimeContext";
import { cn } from "@/lib/utils";

/**
 * The live-alert connection's state, in the header (issue 17: nothing floats over forms and
 * cards on phones): a dot and a bell, with its words from the medium width up (always read to
 * screen readers), and a Reconnect button when the connection is lost. The header leaves it out
 * for guests, who receive no alerts.
 */
export function AlertStatusPanel() {
  const { t } = useTranslation();
  const { status, reconnect } = useRealtime();
  const connected = status === "connected";
  const label = connected ? t("realtime.active") : t("realtime.disconnected");
  return (
    <div data-testid="alert-status-panel" role="status" aria-live="polite" title={label} className="flex shrink-0 items-center gap-1.5 text-sm">
      <span aria-hidden="true" className={cn("h-2 w-2 rounded-full", connected ? "bg-success" : "bg-destructive")} />
      {connected ? (
        <Bell className="hidden h-4 w-4 text-success sm:block" aria-hidden="true" />
      ) : (
        <BellOff className="hidden h-4 w-4 text-destructive sm:block" aria-hidden="true" />
      )}
      <span className="sr-only xl:not-sr-only xl:whitespace-nowrap xl:font-medium">{label}</span>
      {connected ? null : (
        <Button size="sm" variant="outline" onClick={reconnect} className="h-8 px-2" aria-label={t("realtime.reconnect")}>
          <RefreshCw aria-hidden="true" />
          <span className="hidden sm:inline">{t("realtime.reconnect")}</span>
        </Button>
      )}
    </div>
  );
}
