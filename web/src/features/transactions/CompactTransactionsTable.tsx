import { useTranslation } from "react-i18next";
import type { Transaction } from "@/api/types";
import { ListTable } from "@/components/DataTable";
import { Badge } from "@/components/ui/badge";
import { compactStatus, riskVariant, transactionStatusVariant } from "@/lib/statusBadges";
import { formatAmount } from "@/lib/money";
import { formatDate, shortId } from "@/lib/format";

/** The row fields the compact table shows (001 §3, "table/transfer views"). */
export type CompactTransaction = Pick<
  Transaction,
  "id" | "amount" | "currency" | "sender" | "receiver" | "status" | "riskLevel" | "amlScore" | "createdAt"
>;

/**
 * The compact transactions table (001 §2): id in 8 characters (shortId),
 * amount, currency, sender, receiver, status (completed, failed, cancelled,
 * else pending), risk level, AML score and date. `loading` shows 5 skeleton rows.
 */
export function CompactTransactionsTable({
  transactions,
  loading = false,
  caption,
  onSelect,
}: {
  transactions: CompactTransaction[];
  loading?: boolean;
  caption?: string;
  onSelect?: (id: string) => void;
}) {
  const { t } = useTranslation();
  const cols = ["id", "amount", "currency", "sender", "receiver", "status", "risk", "aml", "date"] as const;
  const columns = cols.map((c) => {
    const label = t(`transactions.compact.${c}`);
    return c === "amount" || c === "aml" ? { label, align: "right" as const } : label;
  });
  return (
    <ListTable
      caption={caption ?? t("transactions.compact.caption")}
      testId="compact-transactions"
      minWidth="min-w-[48rem]"
      dense
      loading={loading}
      skeletonRows={5}
      skeletonWidth="max-w-24"
      isEmpty={transactions.length === 0}
      emptyMessage={t("transactions.emptyTitle")}
      columns={columns}
    >
      {!loading
        ? transactions.map((tx) => {
            const status = compactStatus(tx.status);
            return (
              <tr key={tx.id} className="border-b last:border-0 hover:bg-muted/30" data-testid="compact-row">
                <td className="px-3 py-3 font-mono" title={tx.id}>
                  {onSelect ? (
                    <button type="button" className="cursor-pointer underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring" onClick={() => onSelect(tx.id)}>
                      {shortId(tx.id)}
                    </button>
                  ) : (
                    shortId(tx.id)
                  )}
                </td>
                <td className="px-3 py-3 text-right tabular-nums">{formatAmount(tx.amount, tx.currency)}</td>
                <td className="px-3 py-3">{tx.currency}</td>
                <td className="max-w-40 truncate px-3 py-3 font-mono text-xs">{tx.sender ?? "—"}</td>
                <td className="max-w-40 truncate px-3 py-3 font-mono text-xs">{tx.receiver ?? "—"}</td>
                <td className="px-3 py-3">
                  <Badge variant={transactionStatusVariant(status)}>{t(`transactions.status.${status}`)}</Badge>
                </td>
                <td className="px-3 py-3">
                  <Badge variant={riskVariant(tx.riskLevel)}>{t(`transactions.risk.${tx.riskLevel ?? "low"}`, { defaultValue: tx.riskLevel ?? "" })}</Badge>
                </td>
                <td className="px-3 py-3 text-right tabular-nums">{tx.amlScore ?? 0}</td>
                <td className="whitespace-nowrap px-3 py-3 tabular-nums">{formatDate(tx.createdAt)}</td>
              </tr>
            );
          })
        : null}
    </ListTable>
  );
}
