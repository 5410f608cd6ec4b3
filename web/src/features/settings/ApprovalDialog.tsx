import { useEffect, useId, useState } from "react";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { CheckCircle2, Loader2, Undo2, XCircle } from "lucide-react";
import { ApiError } from "@/api/client";
import { describeError } from "@/api/errors";
import { TextareaField } from "@/components/TextareaField";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { useDecideApproval } from "@/features/settings/api";
import type { Approval } from "@/features/settings/approvals";

export type ApprovalDecision = "approve" | "reject" | "withdraw";

/** The account a proposal is about, by name. */
export function targetName(a: Approval): string {
  return `${a.target.firstName ?? ""} ${a.target.lastName ?? ""}`.trim() || a.target.email || a.target.id;
}

/**
 * Confirms a decision on a proposal. Rejecting or withdrawing needs a reason (the server refuses
 * it too); approving takes an optional note. The server's refusal (for instance an approver whom
 * the proposer created last week) is shown in the dialog as it says it.
 */
export function ApprovalDialog({
  approval,
  decision,
  onOpenChange,
}: {
  approval: Approval | null;
  decision: ApprovalDecision;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const reasonId = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const needsReason = decision !== "approve";

  useEffect(() => {
    setReason("");
    setError(null);
  }, [approval, decision]);

  const mutation = useDecideApproval(decision, {
    onSuccess: () => {
      toast({ title: t(`approvals.done.${decision}`), description: approval ? targetName(approval) : undefined });
      onOpenChange(false);
    },
    onError: (err) => setError(err instanceof ApiError ? describeError(err, t) : t("approvals.failed")),
  });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!approval) return;
    const trimmed = reason.trim();
    if (needsReason && trimmed === "") {
      setError(t("approvals.reasonRequired"));
      return;
    }
    setError(null);
    mutation.mutate({ id: approval.id, body: trimmed === "" ? {} : { reason: trimmed } });
  }

  const Icon = decision === "approve" ? CheckCircle2 : decision === "reject" ? XCircle : Undo2;
  return (
    <Dialog open={approval !== null} onOpenChange={(open) => (mutation.isPending ? undefined : onOpenChange(open))}>
      <DialogContent data-testid={`approval-${decision}-dialog`}>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t(`approvals.dialog.${decision}.title`)}</DialogTitle>
            <DialogDescription>
              {approval
                ? t(`approvals.dialog.${decision}.description`, {
                    name: targetName(approval),
                    role: t(`roles.${approval.role}`, { defaultValue: approval.role }),
                    proposer: approval.proposedByName,
                  })
                : null}
            </DialogDescription>
          </DialogHeader>
          <TextareaField
            id={reasonId}
            label={t(needsReason ? "approvals.reason" : "approvals.note")}
            required={needsReason}
            rows={3}
            value={reason}
            onChange={(v) => {
              setReason(v);
              if (error) setError(null);
            }}
            error={error}
            testId="approval-reason"
            errorTestId="approval-error"
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={mutation.isPending}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" variant={decision === "approve" ? "default" : "destructive"} disabled={mutation.isPending} data-testid="approval-confirm">
              {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Icon aria-hidden="true" />}
              {mutation.isPending ? t("common.processing") : t(`approvals.dialog.${decision}.confirm`)}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
