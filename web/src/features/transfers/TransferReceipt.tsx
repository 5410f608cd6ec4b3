import { forwardRef } from "react";
import { useTranslation } from "react-i18next";
import { CheckCircle2, Clock, Printer } from "lucide-react";
import type { TransferResponse } from "@/api/types";
import { Button } from "@/components/ui/button";
import { formatMoney } from "@/lib/money";
import { formatDateTime } from "@/lib/format";
import { cn } from "@/lib/utils";

/** Printing shows the receipt alone (the rest of the page is hidden). */
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  #transfer-receipt, #transfer-receipt * { visibility: visible !important; }
  #transfer-receipt { position: absolute; inset: 0 auto auto 0; width: 100%; border: 0 !important; box-shadow: none !important; }
  #transfer-receipt .no-print { display: none !important; }
}`;

/**
 * The receipt of an accepted transfer, with its voucher (001 §2, §4). A transfer held for review
 * (sanctions screening or AML) is accepted but not completed: its receipt says it is pending review.
 */
export const TransferReceipt = forwardRef<HTMLDivElement, { receipt: TransferResponse; onDone: () => void }>(
  ({ receipt, onDone }, ref) => {
    const { t } = useTranslation();
    const held = receipt.status === "pending";
    const Icon = held ? Clock : CheckCircle2;
    const rows: [string, string, string?][] = [
      [t("transfers.receipt.transactionId"), receipt.transactionId, "receipt-transaction-id"],
      [t("transfers.receipt.npssReference"), receipt.npssReference, "receipt-npss"],
      [t("transfers.amount"), formatMoney(receipt.amount, receipt.currency)],
      [t("transfers.fee"), formatMoney(receipt.fee, receipt.currency)],
      [t("transfers.total"), formatMoney(receipt.total, receipt.currency), "receipt-total"],
      [t("transfers.flowType"), receipt.flowType],
      [t("transfers.route"), `${receipt.route.name} (${receipt.route.routingCode})`],
      [t("transfers.receipt.settlement"), receipt.settlementMode],
      ...(receipt.ussdCode ? ([[t("transfers.ussdCode"), receipt.ussdCode]] as [string, string][]) : []),
      [t("transfers.receipt.status"), t(`transactions.status.${receipt.status}`, { defaultValue: receipt.status })],
      [t("transfers.receipt.time"), formatDateTime(receipt.createdAt)],
    ];
    return (
      <section
        id="transfer-receipt"
        ref={ref}
        tabIndex={-1}
        aria-labelledby="receipt-title"
        className={cn(
          "rounded-lg border-2 bg-card p-5 shadow-sm focus-visible:outline-2 focus-visible:outline-ring sm:p-6",
          held ? "border-amber-500/60" : "border-emerald-600/40",
        )}
        data-testid="transfer-receipt"
        data-status={receipt.status}
      >
        <style>{PRINT_CSS}</style>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex items-center gap-3">
            <Icon className={cn("h-8 w-8 shrink-0", held ? "text-amber-600" : "text-emerald-600")} aria-hidden="true" />
            <div>
              <h2 id="receipt-title" className="text-lg font-semibold">
                {held ? t("transfers.held.title") : t("transfers.receipt.title")}
              </h2>
              <p className="text-sm text-muted-foreground" data-testid="receipt-outcome">
                {held ? t("transfers.held.description") : t("transfers.success.description")}
              </p>
            </div>
          </div>
          <div className="no-print flex gap-2">
            <Button variant="outline" size="sm" onClick={() => window.print()} data-testid="receipt-print">
              <Printer aria-hidden="true" />
              {t("transfers.receipt.print")}
            </Button>
            <Button variant="ghost" size="sm" onClick={onDone}>
              {t("transfers.receipt.newTransfer")}
            </Button>
          </div>
        </div>
        <div className="mt-4 rounded-md border border-dashed p-4" data-testid="voucher">
          <p className="mb-3 text-xs font-semibold uppercase tracking-widest text-muted-foreground">{t("transfers.receipt.voucher")}</p>
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            {rows.map(([label, value, testId]) => (
              <div key={label} className="flex justify-between gap-3 border-b border-dotted pb-1">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="break-all text-right font-medium tabular-nums" data-testid={testId}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
    );
  },
);
TransferReceipt.displayName = "TransferReceipt";
