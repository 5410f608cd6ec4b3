import { useState } from "react";
import type { FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { CheckCircle2, XCircle } from "lucide-react";
import { ApiError } from "@/api/client";
import { describeError } from "@/api/errors";
import type { InstitutionApplication } from "@/api/types";
import { ReasonDialog } from "@/components/ReasonDialog";
import { toast } from "@/components/ui/use-toast";
import { sharedKeys } from "@/api/keys";
import { decideApplication } from "@/features/applications/api";

export type ReviewDecision = "approve" | "reject";

interface ReviewDialogProps {
  application: InstitutionApplication | null;
  decision: ReviewDecision;
  onOpenChange: (open: boolean) => void;
}

/**
 * Confirms an approval or a rejection with review notes. Notes are trimmed and
 * omitted when empty; a rejection without a reason is refused here, before any
 * call (the server refuses it too).
 */
export function ReviewDialog({ application, decision, onOpenChange }: ReviewDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [notes, setNotes] = useState("");
  const [error, setError] = useState<string | null>(null);
  const reject = decision === "reject";

  const mutation = useMutation({
    mutationFn: ({ id, body }: { id: string; body: { notes?: string } }) => decideApplication(id, decision, body),
    onSuccess: () => {
      toast({ title: t("common.success"), description: t(reject ? "applications.rejected" : "applications.approved") });
      void queryClient.invalidateQueries({ queryKey: sharedKeys.institutionApplications });
      close();
    },
    onError: (err) => {
      console.error(reject ? "Failed to reject application" : "Failed to approve application", err);
      const message = err instanceof ApiError ? describeError(err, t) : null;
      setError(message);
      toast({
        title: t(reject ? "applications.rejectionFailed" : "applications.approvalFailed"),
        description: message ?? undefined,
        variant: "destructive",
      });
      void queryClient.invalidateQueries({ queryKey: sharedKeys.institutionApplications });
    },
  });

  function close() {
    setNotes("");
    setError(null);
    mutation.reset();
    onOpenChange(false);
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!application) return;
    const trimmed = notes.trim();
    if (reject && trimmed === "") {
      setError(t("applications.rejectDialog.reasonRequired"));
      return;
    }
    setError(null);
    mutation.mutate({ id: application.id, body: trimmed === "" ? {} : { notes: trimmed } });
  }

  const typeLabel = application ? t(`applications.types.${application.institutionType === "mno" ? "mno" : "psp"}`) : "";
  return (
    <ReasonDialog
      open={application !== null}
      onClose={close}
      onSubmit={onSubmit}
      pending={mutation.isPending}
      testId={`${decision}-dialog`}
      title={t(reject ? "applications.rejectDialog.title" : "applications.approveDialog.title")}
      description={t(reject ? "applications.rejectDialog.description" : "applications.approveDialog.description", {
        name: application?.institutionName ?? "",
        type: typeLabel,
      })}
      reason={{
        label: t(reject ? "applications.rejectDialog.notes" : "applications.approveDialog.notes"),
        required: reject,
        rows: 4,
        value: notes,
        onChange: (value) => {
          setNotes(value);
          if (error) setError(null);
        },
        error,
        testId: "review-notes",
        errorTestId: "review-error",
      }}
      confirm={{
        label: t(reject ? "applications.rejectDialog.confirm" : "applications.approveDialog.confirm"),
        icon: reject ? XCircle : CheckCircle2,
        variant: reject ? "destructive" : "default",
        testId: "review-confirm",
      }}
    />
  );
}
