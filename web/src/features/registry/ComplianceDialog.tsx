import { useId, useState } from "react";
import type { FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Lightbulb, Loader2 } from "lucide-react";
import { ApiError } from "@/api/client";
import { describeError } from "@/api/errors";
import type { ComplianceProposal, ComplianceStatus, RegistryEntry } from "@/api/types";
import { TextareaField } from "@/components/TextareaField";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/use-toast";
import { complianceDetailOptions, useComplianceActions } from "@/features/registry/api";
import { complianceTargets } from "@/features/registry/registry";
import { complianceVariant } from "@/lib/statusBadges";
import { formatDateTime, formatNumber } from "@/lib/format";

interface ComplianceDialogProps {
  kind: "psp" | "mno";
  entry: RegistryEntry | null;
  /** Regulators change the status and decide proposals; staff only read their history. */
  regulator: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The facts behind a proposal, one sentence each, in the reader's language. */
export function proposalFacts(p: ComplianceProposal, t: TFunction): string[] {
  const facts: string[] = [];
  if (p.overdueCriticalAlerts > 0) {
    facts.push(t("registry.proposal.overdue", { count: p.overdueCriticalAlerts, formatted: formatNumber(p.overdueCriticalAlerts) }));
  }
  if (p.kycRejections > 0) {
    facts.push(t("registry.proposal.kyc", { count: p.kycRejections, formatted: formatNumber(p.kycRejections) }));
  }
  for (const finding of p.auditFindings) facts.push(t("registry.proposal.audit", { finding }));
  return facts;
}

/**
 * An institution's compliance status: the current one with its reason and since when, the
 * pending proposal with the facts behind it (confirm or dismiss), "Change status" with a
 * required reason, and the history of every change.
 */
export function ComplianceDialog({ kind, entry, regulator, onOpenChange }: ComplianceDialogProps) {
  const { t } = useTranslation();
  const statusId = useId();
  const reasonId = useId();
  const dismissId = useId();
  const [to, setTo] = useState<ComplianceStatus | "">("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ status?: string; reason?: string; dismiss?: string }>({});
  const [dismissing, setDismissing] = useState(false);
  const [dismissReason, setDismissReason] = useState("");
  const detail = useQuery(complianceDetailOptions(kind, entry));
  const current = detail.data?.institution ?? entry;
  const proposal = detail.data?.proposal ?? null;
  const status = current?.complianceStatus ?? "pending";

  const { change, confirm, dismiss } = useComplianceActions(kind, entry, {
    changed: (_, body) => {
      toast({ title: t("registry.complianceChanged"), description: t(`registry.compliance.${body.status}`) });
      setTo("");
      setReason("");
    },
    confirmed: () => toast({ title: t("registry.proposal.confirmed") }),
    dismissed: () => {
      toast({ title: t("registry.proposal.dismissed") });
      setDismissing(false);
      setDismissReason("");
    },
    failed: (err) => {
      const message = err instanceof ApiError ? describeError(err, t) : null;
      toast({ title: t("registry.complianceFailed"), description: message ?? undefined, variant: "destructive" });
    },
  });
  const busy = change.isPending || confirm.isPending || dismiss.isPending;

  /** A required text's value, its error, and an edit that clears the error. */
  const edited = (key: "reason" | "dismiss", value: string, set: (v: string) => void) => ({
    value,
    error: errors[key] ?? null,
    onChange: (v: string) => {
      set(v);
      setErrors((e) => ({ ...e, [key]: undefined }));
    },
  });

  function close() {
    setTo("");
    setReason("");
    setErrors({});
    setDismissing(false);
    setDismissReason("");
    onOpenChange(false);
  }

  function onChange(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const next: typeof errors = {};
    if (!to) next.status = t("registry.changeDialog.statusRequired");
    if (!reason.trim()) next.reason = t("registry.dialog.reasonRequired");
    setErrors(next);
    if (to && reason.trim()) change.mutate({ status: to, reason: reason.trim() });
  }

  function onDismiss(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!proposal) return;
    if (!dismissReason.trim()) {
      setErrors({ dismiss: t("registry.dialog.reasonRequired") });
      return;
    }
    setErrors({});
    dismiss.mutate({ status: proposal.status, reason: dismissReason.trim() });
  }

  return (
    <Dialog open={entry !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent data-testid="compliance-dialog" className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t("registry.changeDialog.title", { name: entry?.name ?? "" })}</DialogTitle>
          <DialogDescription>{t(regulator ? "registry.changeDialog.description" : "registry.changeDialog.staffDescription")}</DialogDescription>
        </DialogHeader>

        <div className="rounded-md border p-3 text-sm" data-testid="compliance-current">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={complianceVariant(status)}>{t(`registry.compliance.${status}`, { defaultValue: status })}</Badge>
            {current?.complianceSince ? (
              <span className="text-muted-foreground">{t("registry.since", { date: formatDateTime(current.complianceSince) })}</span>
            ) : null}
          </div>
          {current?.complianceReason ? <p className="mt-2 break-words">{current.complianceReason}</p> : null}
        </div>

        {regulator && proposal ? (
          <section aria-labelledby={`${statusId}-proposal`} className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/30 dark:text-amber-100" data-testid="compliance-proposal">
            <h3 id={`${statusId}-proposal`} className="flex items-center gap-2 font-semibold">
              <Lightbulb className="h-4 w-4 shrink-0" aria-hidden="true" />
              {t("registry.proposal.title", { status: t(`registry.compliance.${proposal.status}`) })}
            </h3>
            <p className="mt-1">{t("registry.proposal.intro", { date: formatDateTime(proposal.factsSince) })}</p>
            <ul className="mt-2 list-disc space-y-1 pl-5 break-words">
              {proposalFacts(proposal, t).map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
            {dismissing ? (
              <form noValidate onSubmit={onDismiss} className="mt-3 grid gap-3">
                <TextareaField id={dismissId} label={t("registry.proposal.dismissReason")} required rows={2}
                  {...edited("dismiss", dismissReason, setDismissReason)} testId="proposal-dismiss-reason" />
                <div className="flex flex-wrap justify-end gap-2">
                  <Button type="button" variant="outline" size="sm" onClick={() => setDismissing(false)} disabled={busy}>
                    {t("common.cancel")}
                  </Button>
                  <Button type="submit" size="sm" disabled={busy} data-testid="proposal-dismiss-submit">
                    {dismiss.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                    {t("registry.proposal.dismiss")}
                  </Button>
                </div>
              </form>
            ) : (
              <div className="mt-3 flex flex-wrap justify-end gap-2">
                <Button variant="outline" size="sm" onClick={() => setDismissing(true)} disabled={busy} data-testid="proposal-dismiss">
                  {t("registry.proposal.dismiss")}
                </Button>
                <Button size="sm" onClick={() => confirm.mutate(proposal)} disabled={busy} data-testid="proposal-confirm">
                  {confirm.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                  {t("registry.proposal.confirm")}
                </Button>
              </div>
            )}
          </section>
        ) : null}

        {regulator ? (
          <form noValidate onSubmit={onChange} className="grid gap-3" aria-labelledby={`${statusId}-change`}>
            <h3 id={`${statusId}-change`} className="font-semibold">{t("registry.changeStatus")}</h3>
            <div className="space-y-1.5">
              <Label htmlFor={statusId}>
                {t("registry.changeDialog.newStatus")}
                <span aria-hidden="true" className="text-destructive"> *</span>
              </Label>
              <NativeSelect
                id={statusId}
                value={to}
                required
                aria-invalid={errors.status ? true : undefined}
                aria-describedby={errors.status ? `${statusId}-error` : undefined}
                onChange={(e) => {
                  setTo(e.target.value as ComplianceStatus | "");
                  if (errors.status) setErrors({ ...errors, status: undefined });
                }}
                data-testid="compliance-status-select"
              >
                <option value="">{t("registry.changeDialog.choose")}</option>
                {complianceTargets(status).map((s) => (
                  <option key={s} value={s}>
                    {t(`registry.compliance.${s}`)}
                  </option>
                ))}
              </NativeSelect>
              {errors.status ? (
                <p id={`${statusId}-error`} className="text-sm text-destructive">{errors.status}</p>
              ) : null}
            </div>
            <TextareaField id={reasonId} label={t("registry.dialog.reason")} required rows={3}
              {...edited("reason", reason, setReason)} testId="compliance-reason" />
            <div className="flex justify-end">
              <Button type="submit" disabled={busy} data-testid="compliance-submit">
                {change.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                {change.isPending ? t("common.processing") : t("registry.changeStatus")}
              </Button>
            </div>
          </form>
        ) : null}

        <section aria-labelledby={`${statusId}-history`}>
          <h3 id={`${statusId}-history`} className="font-semibold">{t("registry.history.title")}</h3>
          {detail.isLoading ? (
            <p role="status" className="mt-2 text-sm text-muted-foreground">{t("registry.history.loading")}</p>
          ) : detail.isError ? (
            <p role="alert" className="mt-2 text-sm text-destructive">{t("registry.history.failed")}</p>
          ) : (detail.data?.history.length ?? 0) === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground" data-testid="compliance-history-empty">{t("registry.history.empty")}</p>
          ) : (
            <ol className="mt-2 space-y-2" data-testid="compliance-history">
              {detail.data?.history.map((h) => (
                <li key={h.id} className="rounded-md border p-2 text-sm" data-testid="compliance-history-item">
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <Badge variant={complianceVariant(h.to)}>{t(`registry.compliance.${h.to}`, { defaultValue: h.to })}</Badge>
                    <span className="text-muted-foreground">
                      {t("registry.history.from", { status: t(`registry.compliance.${h.from}`, { defaultValue: h.from }) })}
                    </span>
                    {h.source === "proposal" ? <Badge variant="outline">{t("registry.history.fromProposal")}</Badge> : null}
                  </div>
                  <p className="mt-1 break-words">{h.reason}</p>
                  <p className="mt-1 text-xs text-muted-foreground">
                    {h.changedByName
                      ? t("registry.history.by", { name: h.changedByName, date: formatDateTime(h.createdAt) })
                      : formatDateTime(h.createdAt)}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </section>
      </DialogContent>
    </Dialog>
  );
}
