import { useId, useState } from "react";
import type { FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Loader2 } from "lucide-react";
import { ApiError } from "@/api/client";
import { describeError } from "@/api/errors";
import { sharedKeys } from "@/api/keys";
import type { ComplianceAudit } from "@/api/types";
import { TextareaField } from "@/components/TextareaField";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { completeAudit, complianceKeys } from "@/features/compliance/api";

/**
 * A scheduled audit's outcome: the regulator records its findings (none is a valid outcome) and
 * the audit is completed. Findings make the system propose a compliance status for the
 * institution on the registry. A completed audit shows what it found.
 */
export function AuditOutcome({ audit }: { audit: ComplianceAudit }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [findings, setFindings] = useState("");
  const complete = useMutation({
    mutationFn: () => completeAudit(audit.id, findings.trim()),
    onSuccess: () => {
      toast({ title: t("audits.completed") });
      setOpen(false);
    },
    onError: (err) =>
      toast({ title: t("audits.completeFailed"), description: err instanceof ApiError ? describeError(err, t) : undefined, variant: "destructive" }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: complianceKeys.audits });
      void queryClient.invalidateQueries({ queryKey: sharedKeys.institutions("psp") });
      void queryClient.invalidateQueries({ queryKey: sharedKeys.institutions("mno") });
    },
  });

  if (audit.status === "completed") {
    return (
      <p className="w-full break-words text-muted-foreground" data-testid="audit-findings">
        {audit.findings ? t("audits.findingsWere", { findings: audit.findings }) : t("audits.noFindings")}
      </p>
    );
  }
  if (audit.status !== "scheduled") return null;
  if (!open) {
    return (
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} data-testid="audit-record-outcome">
        {t("audits.recordOutcome")}
      </Button>
    );
  }
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    complete.mutate();
  }
  return (
    <form noValidate onSubmit={onSubmit} className="grid w-full gap-2">
      <TextareaField id={id} label={t("audits.findings")} rows={2} value={findings} onChange={setFindings} error={null}
        testId="audit-findings-input" />
      <div className="flex justify-end gap-2">
        <Button type="button" size="sm" variant="outline" onClick={() => setOpen(false)} disabled={complete.isPending}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" size="sm" disabled={complete.isPending} data-testid="audit-complete">
          {complete.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {t("audits.complete")}
        </Button>
      </div>
    </form>
  );
}
