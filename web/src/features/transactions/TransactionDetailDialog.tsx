import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { ReactNode } from "react";
import { ApiError } from "@/api/client";
import { describeError } from "@/api/errors";
import { Badge } from "@/components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { InstitutionLink } from "@/features/compliance/AlertReferences";
import { reasonText, ruleSentence } from "@/lib/alertText";
import { IsoPanel } from "@/features/switchfeed/IsoPanel";
import { transactionDetailOptions } from "@/features/transactions/api";
import { ChannelBadge } from "@/features/transactions/ChannelBadge";
import { TransactionSanctions } from "@/features/transactions/TransactionSanctions";
import { riskTextClass, riskVariant, transactionStatusVariant } from "@/lib/statusBadges";
import { formatMoney } from "@/lib/money";
import { formatDateTime } from "@/lib/format";
import { cn } from "@/lib/utils";

function Field({ label, children, mono = false }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className={cn("mt-0.5 break-words text-sm", mono && "font-mono")}>{children ?? "—"}</dd>
    </div>
  );
}

/** Text or an em dash. */
function v(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === "" ? "—" : String(value);
}

/** The detail panel of a transaction: every field, its sanctions matches, the AML score and its rules, and the log. */
export function TransactionDetailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useQuery(transactionDetailOptions(id));
  const tx = query.data;
  const error =
    query.error instanceof ApiError && query.error.status === 403 ? describeError(query.error, t) : query.error ? t("transactions.detail.loadFailed") : null;

  return (
    <Dialog open={id !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-3xl" data-testid="tx-detail">
        <DialogHeader>
          <DialogTitle className="font-mono">{tx?.transactionId ?? t("transactions.detail.title")}</DialogTitle>
          <DialogDescription>{t("transactions.detail.description")}</DialogDescription>
        </DialogHeader>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : !tx ? (
          <div className="space-y-3" aria-busy="true">
            {Array.from({ length: 4 }, (_, i) => (
              <span key={i} className="block h-5 animate-pulse rounded bg-muted" />
            ))}
          </div>
        ) : (
          <div className="space-y-6">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={transactionStatusVariant(tx.status)}>{t(`transactions.status.${tx.status}`, { defaultValue: tx.status })}</Badge>
              <ChannelBadge mode={tx.transferMode} />
              <Badge variant="outline">{t(`transactions.type.${tx.type}`, { defaultValue: tx.type })}</Badge>
              <span className="ml-auto text-xl font-semibold tabular-nums" data-testid="tx-detail-amount">
                {formatMoney(tx.amount, tx.currency)}
              </span>
            </div>

            <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              <Field label={t("transactions.detail.npssReference")} mono>
                <span data-testid="tx-detail-npss">{v(tx.npssReference)}</span>
              </Field>
              <Field label={t("transactions.detail.id")} mono>{tx.id}</Field>
              <Field label={t("transactions.detail.fee")}>
                <span className="tabular-nums">{tx.fee ? formatMoney(tx.fee, tx.currency) : "—"}</span>
              </Field>
              <Field label={t("transactions.detail.sender")}>
                {tx.senderName ? <span className="block">{tx.senderName}</span> : null}
                <span className={cn("block font-mono", tx.senderName && "text-xs text-muted-foreground")}>{v(tx.sender)}</span>
              </Field>
              <Field label={t("transactions.detail.recipient")}>
                {tx.recipientName ? <span className="block">{tx.recipientName}</span> : null}
                <span className={cn("block font-mono", tx.recipientName && "text-xs text-muted-foreground")}>{v(tx.receiver)}</span>
              </Field>
              <Field label={t("transactions.detail.flowType")}>{v(tx.flowType)}</Field>
              <Field label={t("transactions.detail.senderInstitution")}>{v(tx.senderInstitution)}</Field>
              <Field label={t("transactions.detail.receiverInstitution")}>{v(tx.receiverInstitution)}</Field>
              <Field label={t("transactions.detail.settlementMode")}>{v(tx.settlementMode)}</Field>
              <Field label={t("transactions.detail.routingCode")} mono>{v(tx.routingCode)}</Field>
              <Field label={t("transactions.detail.ussdCode")} mono>{v(tx.ussdCode)}</Field>
              <Field label={t("transactions.detail.pspId")}>
                {tx.pspId ? <InstitutionLink id={tx.pspId} name={tx.pspName} kind="psp" /> : "—"}
              </Field>
              <Field label={t("transactions.detail.mnoId")}>
                {tx.mnoId ? <InstitutionLink id={tx.mnoId} name={tx.mnoName} kind="mno" /> : "—"}
              </Field>
              <Field label={t("transactions.detail.createdAt")}>{formatDateTime(tx.createdAt)}</Field>
              <Field label={t("transactions.detail.processedAt")}>{tx.processedAt ? formatDateTime(tx.processedAt) : "—"}</Field>
            </dl>

            <TransactionSanctions tx={tx} />

            <IsoPanel id={tx.id} />

            <section aria-labelledby="tx-aml-heading" className="rounded-lg border p-4">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h3 id="tx-aml-heading" className="font-semibold">
                  {t("transactions.detail.aml")}
                </h3>
                <span className="flex items-center gap-2">
                  <span className={cn("text-2xl font-bold tabular-nums", riskTextClass(tx.riskLevel))} data-testid="tx-detail-aml-score">
                    {tx.amlScore ?? 0}
                  </span>
                  <span className="text-sm text-muted-foreground">/ 100</span>
                  <Badge variant={riskVariant(tx.riskLevel)}>{t(`transactions.risk.${tx.riskLevel ?? "low"}`, { defaultValue: tx.riskLevel ?? "" })}</Badge>
                </span>
              </div>
              {tx.amlRules && tx.amlRules.length > 0 ? (
                <ul className="mt-3 space-y-2" data-testid="tx-detail-rules">
                  {tx.amlRules.map((r) => {
                    const sentence = r.params ? ruleSentence(r.rule, r.params, t) : "";
                    return (
                      <li key={r.rule} className="rounded-md bg-muted/60 p-3 text-sm">
                        <span className="flex items-center justify-between gap-2">
                          <span className="font-semibold">{t(`amlSettings.rules.${r.rule}.title`, { defaultValue: r.rule })}</span>
                          <span className="tabular-nums text-muted-foreground">+{r.weight}</span>
                        </span>
                        {sentence ? (
                          <span className="mt-1 block text-muted-foreground">{sentence}</span>
                        ) : (
                          // Scored before rules kept their facts: what the rule looks for, in the
                          // reader's language, and the evidence as it was stored, in English.
                          <>
                            <span className="mt-1 block text-muted-foreground">{t(`amlSettings.rules.${r.rule}.help`, { defaultValue: "" })}</span>
                            <span lang="en" className="mt-1 block text-xs text-muted-foreground">
                              {r.evidence}
                            </span>
                          </>
                        )}
                      </li>
                    );
                  })}
                </ul>
              ) : (
                <p className="mt-2 text-sm text-muted-foreground">{t("transactions.detail.noRules")}</p>
              )}
              {tx.amlRuleVersion != null ? (
                <p className="mt-2 text-xs text-muted-foreground">{t("transactions.detail.ruleVersion", { version: tx.amlRuleVersion })}</p>
              ) : null}
            </section>

            <section aria-labelledby="tx-log-heading">
              <h3 id="tx-log-heading" className="mb-2 font-semibold">
                {t("transactions.detail.log")}
              </h3>
              {tx.logs.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("transactions.detail.noLog")}</p>
              ) : (
                <ol className="space-y-2 border-l pl-4" data-testid="tx-detail-log">
                  {tx.logs.map((l, i) => (
                    <li key={i} className="text-sm" data-testid="tx-log-entry">
                      <span className="font-medium">{t(`transactions.detail.actions.${l.action}`, { defaultValue: l.action })}</span>
                      {l.previousStatus || l.newStatus ? (
                        <span className="text-muted-foreground">
                          {" · "}
                          {[l.previousStatus, l.newStatus]
                            .filter((s): s is string => !!s)
                            .map((s) => t(`transactions.status.${s}`, { defaultValue: s }))
                            .join(" → ")}
                        </span>
                      ) : null}
                      <span className="block text-xs text-muted-foreground">{formatDateTime(l.createdAt)}</span>
                      {l.reasonCode ? (
                        <span className="block" data-testid="tx-log-reason">
                          {reasonText(l.reasonCode, l.reasonParams, t)}
                        </span>
                      ) : l.notes ? (
                        <span className="block">{l.notes}</span>
                      ) : null}
                    </li>
                  ))}
                </ol>
              )}
            </section>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
