import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { transactionIsoOptions } from "@/features/switchfeed/api";
import type { IsoStatusEntry } from "@/features/switchfeed/types";
import { formatDateTime } from "@/lib/format";

const OUTCOME_VARIANT: Record<IsoStatusEntry["outcome"], "default" | "secondary" | "destructive" | "outline"> = {
  pending: "outline",
  accepted: "secondary",
  settled: "default",
  rejected: "destructive",
};

/**
 * The ISO 20022 part of a transaction's detail panel: the identifiers it came from the switch
 * with and the status reports received for it. Nothing is shown for a transaction that did not
 * come from the switch (the server answers 404) or while loading.
 */
export function IsoPanel({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useQuery(transactionIsoOptions(id));
  const iso = query.data;
  if (!iso) return null;
  const ids: Array<[string, string | undefined]> = [
    [t("switchFeed.iso.messageType"), iso.messageType],
    [t("switchFeed.iso.msgId"), iso.msgId],
    [t("switchFeed.iso.endToEndId"), iso.endToEndId],
    [t("switchFeed.iso.uetr"), iso.uetr],
    [t("switchFeed.iso.txId"), iso.txId],
    [t("switchFeed.iso.instrId"), iso.instrId],
    [t("switchFeed.iso.debtorAgent"), iso.debtorAgent],
    [t("switchFeed.iso.creditorAgent"), iso.creditorAgent],
    [t("switchFeed.iso.settlementDate"), iso.settlementDate],
  ];
  return (
    <section aria-labelledby="tx-iso-heading" className="rounded-lg border p-4" data-testid="tx-detail-iso">
      <h3 id="tx-iso-heading" className="mb-3 font-semibold">
        {t("switchFeed.iso.title")}
      </h3>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {ids
          .filter(([, value]) => !!value)
          .map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
              <dd className="mt-0.5 break-all font-mono text-sm">{value}</dd>
            </div>
          ))}
      </dl>
      <h4 className="mb-2 mt-4 text-sm font-semibold">{t("switchFeed.iso.history")}</h4>
      {iso.history.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("switchFeed.iso.noHistory")}</p>
      ) : (
        <ol className="space-y-2 border-l pl-4" data-testid="tx-iso-history">
          {iso.history.map((h) => (
            <li key={`${h.msgId}-${h.receivedAt}-${h.statusCode}`} className="text-sm" data-testid="tx-iso-status">
              <span className="flex flex-wrap items-center gap-2">
                <Badge variant={OUTCOME_VARIANT[h.outcome]}>{t(`switchFeed.outcome.${h.outcome}`)}</Badge>
                <span className="font-mono">{h.statusCode}</span>
                {h.reasonCode ? <span className="font-mono text-muted-foreground">{h.reasonCode}</span> : null}
                {!h.applied ? <span className="text-xs text-muted-foreground">{t("switchFeed.iso.notApplied")}</span> : null}
              </span>
              <span className="block text-xs text-muted-foreground">
                {formatDateTime(h.reportedAt)} · <span className="font-mono">{h.msgId}</span>
              </span>
              {h.info ? <span className="block">{h.info}</span> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
