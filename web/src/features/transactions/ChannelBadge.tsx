import { useTranslation } from "react-i18next";
import { Smartphone, Wifi } from "lucide-react";
import { Badge } from "@/components/ui/badge";

/**
 * A transaction's channel (online, or offline through USSD): an outlined badge with its icon, so
 * that it never looks like a status badge, which is filled: "Online" and "Completed" side by side
 * must read as two different things.
 */
export function ChannelBadge({ mode }: { mode: string }) {
  const { t } = useTranslation();
  const online = mode === "online";
  const Icon = online ? Wifi : Smartphone;
  return (
    <Badge variant="outline" className="gap-1 font-normal" data-testid="channel-badge" data-mode={mode}>
      <Icon className="h-3 w-3" aria-hidden="true" />
      {online ? t("transactions.mode.online") : mode === "offline" || mode === "ussd" ? t("transactions.offlineUssd") : mode}
    </Badge>
  );
}
