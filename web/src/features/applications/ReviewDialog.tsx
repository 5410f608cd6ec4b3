import { useId, useState } from "react";
import type { FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { CheckCircle2, Loader2, XCircle } from "lucide-react";
import { ApiError, apiJson } from "@/api/client";
import { describeError } from "@/api/errors";
import type { InstitutionApplication } from "@/api/types";
import { TextareaField } from "@/components/TextareaField";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { APPLICATIONS_KEY } from "@/features/applications/ApplicationForm";

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
  const notesId = useId();
  const [notes, setNotes] = useState("");
  const [error, setError] = useState<string | null>(null);
  const reject = decision === "reject";

  const mutation = useMutation({
    mutationFn: ({ id, body }: { id: string; body: { notes?: string } }) =>
      apiJson<InstitutionApplication>("POST", `/api/institution-applications/${id}/${decision}`, body),
    onSuccess: () => {
      toast({ title: t("common.success"), description: t(reject ? "applications.rejected" : "applications.approved") });
      void queryClient.invalidateQueries({ queryKey: APPLICATIONS_KEY });
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
      void queryClient.invalidateQueries({ queryKey: APPLICATIONS_KEY });
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
    <Dialog open={application !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent data-testid={`${decision}-dialog`}>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t(reject ? "applications.rejectDialog.title" : "applications.approveDialog.title")}</DialogTitle>
            <DialogDescription>
              {t(reject ? "applications.rejectDialog.description" : "applications.approveDialog.description", {
                name: application?.institutionName ?? "",
                type: typeLabel,
              })}
            </DialogDescription>
          </DialogHeader>
          <TextareaField
            id={notesId}
            label={t(reject ? "applications.rejectDialog.notes" : "applications.approveDialog.notes")}
            required={reject}
            rows={4}
            value={notes}
            onChange={(value) => {
              setNotes(value);
              if (error) setError(null);
            }}
            error={error}
            testId="review-notes"
            errorTestId="review-error"
          />
          <DialogFooter>
            <Button variant="outline" onClick={close} disabled={mutation.isPending}>
              {t("common.cancel")}
            </Button>
            <Button
              type="submit"
              variant={reject ? "destructive" : "default"}
              disabled={mutation.isPending}
              data-testid="review-confirm"
            >
              {mutation.isPending ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : reject ? (
                <XCircle aria-hidden="true" />
              ) : (
                <CheckCircle2 aria-hidden="true" />
              )}
              {mutation.isPending
                ? t("common.processing")
                : t(reject ? "applications.rejectDialog.confirm" : "applications.approveDialog.confirm")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
