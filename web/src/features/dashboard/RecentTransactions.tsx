import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Eye } from "lucide-react";
import type { Transaction } from "@/api/types";
import { ListTable } from "@/components/DataTable";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { dashboardStatusVariant } from "@/lib/statusBadges";
import { formatAmount } from "@/lib/money";
import { formatDateTime, shortId } from "@/lib/format";

export type RecentTransaction = Pick<Transaction, "id" | "transactionId" | "senderInstitution" | "pspId" | "amount" | "currency" | "status" | "createdAt">;

const COLS = ["id", "psp", "amount", "status", "timestamp", "actions"] as const;

/**
 * The dashboard's recent transactions (000 §2): transaction ID, PSP ("N/A"
 * when absent), amount, status badge, timestamp and a view action that opens
 * the transaction on /transactions. 5 skeleton rows; "No transactions found".
 */
export function RecentTransactions({ transactions, loading }: { transactions: RecentTransaction[]; loading: boolean }) {
  const { t } = useTranslation();
  if (!loading && transactions.length === 0) {
    // Outside the wide table, so it stays readable on a phone.
    return (
      <p className="px-4 py-10 text-center text-sm text-muted-foreground" data-testid="recent-empty">
        {t("dashboard.recent.empty")}
      </p>
    );
  }
  const columns = COLS.map((c) => {
    const label = t(`dashboard.recent.columns.${c}`);
    return c === "amount" || c === "actions" ? { label, align: "right" as const } : label;
  });
  return (
    <ListTable
      caption={t("dashboard.recent.title")}
      testId="recent-transactions"
      minWidth="min-w-[40rem]"
      loading={loading}
      skeletonRows={5}
      skeletonTestId="recent-skeleton"
      skeletonWidth="max-w-28"
      columns={columns}
    >
      {!loading
        ? transactions.map((tx) => (
            <tr key={tx.id} className="border-b last:border-0 hover:bg-muted/30" data-testid="recent-row">
              <th scope="row" className="whitespace-nowrap px-4 py-3 text-left font-mono text-xs font-medium">
                {tx.transactionId || shortId(tx.id)}
              </th>
              <td className="max-w-48 truncate px-4 py-3">{tx.senderInstitution || t("dashboard.recent.na")}</td>
              <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums">{formatAmount(tx.amount, tx.currency)} {tx.currency}</td>
              <td className="px-4 py-3">
                <Badge variant={dashboardStatusVariant(tx.status)} data-testid="recent-status">
                  {t(`dashboard.recent.status.${tx.status}`, { defaultValue: tx.status })}
                </Badge>
              </td>
              <td className="whitespace-nowrap px-4 py-3 tabular-nums">
                <time dateTime={tx.createdAt}>{formatDateTime(tx.createdAt)}</time>
              </td>
              <td className="px-4 py-3 text-right">
                <Button asChild variant="ghost" size="sm">
                  <Link href={`/transactions?id=${encodeURIComponent(tx.id)}`} aria-label={t("dashboard.recent.viewOne", { id: tx.transactionId || shortId(tx.id) })}>
                    <Eye aria-hidden="true" />
                    {t("dashboard.recent.view")}
                  </Link>
                </Button>
              </td>
            </tr>
          ))
        : null}
    </ListTable>
  );
}
