import { useTranslation } from "react-i18next";
import { BellOff, BellRing } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useNotificationPermission } from "@/features/realtime/notifications";
import type { NotificationApi } from "@/features/realtime/notifications";

/**
 * Turns on desktop notifications for critical alerts (issue 16, part 7): the
 * browser's permission prompt appears only when the person clicks, and once
 * decided the button gives way to a line saying whether they are on or blocked
 * (a blocked permission can only be changed in the browser's site settings).
 */
export function DesktopAlertsButton({ api }: { api?: NotificationApi }) {
  const { t } = useTranslation();
  const [state, request] = useNotificationPermission(api);
  if (state === "unsupported") return null;
  if (state === "default") {
    return (
      <Button variant="outline" size="sm" onClick={() => void request()} data-testid="desktop-alerts-enable">
        <BellRing aria-hidden="true" />
        {t("realtime.desktop.enable")}
      </Button>
    );
  }
  const on = state === "granted";
  return (
    <p className="flex items-center gap-1.5 text-sm text-muted-foreground" role="status" data-testid="desktop-alerts-state">
      {on ? <BellRing className="h-4 w-4 text-success" aria-hidden="true" /> : <BellOff className="h-4 w-4" aria-hidden="true" />}
      {on ? t("realtime.desktop.on") : t("realtime.desktop.blocked")}
    </p>
  );
}
