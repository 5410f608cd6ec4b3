import { useTranslation } from "react-i18next";
import { Globe, Smartphone, Wifi, WifiOff } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { toast } from "@/components/ui/use-toast";
import type { IncomingMessage } from "@/features/transfers/bridge";
import { TransferForm } from "@/features/transfers/TransferForm";
import { useMobileBridge } from "@/features/transfers/useMobileBridge";

/** /transfers: the mobile-app wrapper (badges, bridge) around the transfer form (001 §2). */
export function TransfersPage() {
  const { t } = useTranslation();
  const title = t("transfers.title");
  const onHostMessage = (m: IncomingMessage) => {
    if (m.type === "OFFLINE_SYNC_COMPLETE") {
      const count = typeof m.payload.count === "number" ? m.payload.count : 0;
      toast({ title: t("transfers.bridge.syncTitle"), description: t("transfers.bridge.syncDescription", { count }) });
    } else if (m.type === "CLEARING_HOUSE_CONFIRMATION") {
      toast({ title: t("transfers.bridge.confirmationTitle"), description: t("transfers.bridge.confirmationDescription") });
    }
  };
  const { isHost, clearing, online, post } = useMobileBridge(onHostMessage);

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-7xl space-y-6" data-testid="transfers-page">
      <PageHeader
        title={title}
        description={t("transfers.subtitle")}
        actions={
          <div className="flex flex-wrap gap-2" data-testid="bridge-badges">
            <Badge variant={isHost ? "default" : "outline"} className="gap-1">
              {isHost ? <Smartphone className="h-3 w-3" aria-hidden="true" /> : <Globe className="h-3 w-3" aria-hidden="true" />}
              {isHost ? t("transfers.bridge.mobileApp") : t("transfers.bridge.web")}
            </Badge>
            {isHost ? (
              <Badge variant={clearing === "connected" ? "default" : "secondary"} data-testid="clearing-status">
                {t(`transfers.bridge.clearing.${clearing}`)}
              </Badge>
            ) : null}
            <Badge variant={online ? "outline" : "destructive"} className="gap-1">
              {online ? <Wifi className="h-3 w-3" aria-hidden="true" /> : <WifiOff className="h-3 w-3" aria-hidden="true" />}
              {online ? t("transfers.bridge.online") : t("transfers.bridge.offline")}
            </Badge>
          </div>
        }
      />
      <TransferForm post={post} />
    </section>
  );
}

export default TransfersPage;
