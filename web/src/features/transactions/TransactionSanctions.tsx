import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ShieldAlert } from "lucide-react";
import { Link } from "wouter";
import type { TransactionDetail } from "@/api/types";
import { Badge } from "@/components/ui/badge";
import { useAuth } from "@/features/auth/useAuth";
import { transactionSanctionsOptions } from "@/features/transactions/api";
import { isRegulator } from "@/lib/roles";
import { formatNumber } from "@/lib/format";

/** The log reason of a transaction held by sanctions screening (domain.ReasonSanctionsHold). */
const SANCTIONS_HOLD = "sanctions_hold";

/**
 * The transaction's sanctions screening in its detail panel. Regulators see each match (list
 * entry, alias, score, strength, review status) and a link to the review queue; institutions
 * see only that the transaction is held for review, never the list entry (docs/DECISIONS.md,
 * "Sanctions screening in the flow"), and the server refuses them the matches anyway.
 */
export function TransactionSanctions({ tx }: { tx: TransactionDetail }) {
  const { user } = useAuth();
  if (isRegulator(user?.role)) return <RegulatorView id={tx.id} />;
  const held = tx.status === "pending" && tx.logs.some((l) => l.reasonCode === SANCTIONS_HOLD);
  return held ? <HeldNotice /> : null;
}

function HeldNotice() {
  const { t } = useTranslation();
  return (
    <p role="status" className="flex items-start gap-2 rounded-lg border border-amber-500/60 bg-amber-50 p-3 text-sm dark:bg-amber-950/30" data-testid="tx-sanctions-held">
      <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" aria-hidden="true" />
      {t("transactions.detail.sanctions.heldNotice")}
    </p>
  );
}

function RegulatorView({ id }: { id: string }) {
  const { t } = useTranslation();
  const query = useQuery(transactionSanctionsOptions(id));
  const matches = query.data?.items;
  // A transaction whose names matched nothing needs no section.
  if (matches && matches.length === 0) return null;
  return (
    <section aria-labelledby="tx-sanctions-heading" className="rounded-lg border p-4" data-testid="tx-sanctions">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="tx-sanctions-heading" className="font-semibold">
          {t("transactions.detail.sanctions.title")}
        </h3>
        <Link href="/sanctions" className="text-sm text-primary underline underline-offset-4" data-testid="tx-sanctions-link">
          {t("transactions.detail.sanctions.review")}
        </Link>
      </div>
      {query.isError ? (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {t("sanctions.loadFailed")}
        </p>
      ) : !matches ? (
        <span className="mt-3 block h-5 animate-pulse rounded bg-muted" aria-busy="true" />
      ) : (
        <ul className="mt-3 space-y-2">
          {matches.map((m) => (
            <li key={m.id} className="rounded-md bg-muted/60 p-3 text-sm" data-testid="tx-sanctions-match">
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{m.screenedName}</span>
                <span className="text-muted-foreground">({t(`sanctions.party.${m.party}`, { defaultValue: m.party })})</span>
                <Badge variant={m.strength === "strong" ? "destructive" : "secondary"}>{t(`sanctions.strength.${m.strength}`)}</Badge>
                <Badge variant="outline" data-testid="tx-sanctions-status">
                  {t(`sanctions.status.${m.status}`)}
                </Badge>
              </span>
              <span className="mt-1 block text-muted-foreground">
                {t("sanctions.match.entry", { ref: m.ref, entryName: m.entryName, alias: m.alias, score: formatNumber(m.score) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
