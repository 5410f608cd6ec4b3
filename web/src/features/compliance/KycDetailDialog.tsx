import { useId, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { CheckCircle2, Loader2, XCircle } from "lucide-react";
import { ApiError } from "@/api/client";
import { describeError } from "@/api/errors";
import type { KycApplication } from "@/api/types";
import { TextareaField } from "@/components/TextareaField";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { sharedKeys } from "@/api/keys";
import { reviewKyc } from "@/features/compliance/api";
import { complianceVariant, kycRisk, kycStatus, riskVariant } from "@/lib/statusBadges";
import { formatDateTime } from "@/lib/format";

/**
 * Every field of a KYC application with its risk level and who decided it;
 * regulators approve (→ compliant) or reject (→ non_compliant, a reason
 * required) an application awaiting review.
 */
export function KycDetailDialog({
  application,
  canReview,
  onClose,
  institutionName,
}: {
  application: KycApplication | null;
  canReview: boolean;
  onClose: () => void;
  /** The name of the institution it came through (/kyc knows the registry; /compliance does not show it). */
  institutionName?: (id: string) => string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notesId = useId();
  const [notes, setNotes] = useState("");
  const [error, setError] = useState<string | null>(null);

  const review = useMutation({
    mutationFn: ({ id, decision, notes: n }: { id: string; decision: "approve" | "reject"; notes: string }) =>
      reviewKyc(id, { decision, notes: n }),
    onSuccess: (_app, { decision }) => {
      toast({ title: t("common.success"), description: t(decision === "approve" ? "kyc.review.approved" : "kyc.review.rejected") });
      void queryClient.invalidateQueries({ queryKey: sharedKeys.kycApplications });
      void queryClient.invalidateQueries({ queryKey: sharedKeys.metrics });
      close();
    },
    onError: (err) => {
      console.error("Failed to review KYC application", err);
      const message = err instanceof ApiError ? describeError(err, t) : t("kyc.review.failed");
      setError(message);
      toast({ title: t("kyc.review.failed"), description: message, variant: "destructive" });
      void queryClient.invalidateQueries({ queryKey: sharedKeys.kycApplications });
    },
  });

  function close() {
    setNotes("");
    setError(null);
    review.reset();
    onClose();
  }

  function decide(decision: "approve" | "reject") {
    if (!application) return;
    const trimmed = notes.trim();
    if (decision === "reject" && trimmed === "") {
      setError(t("kyc.review.reasonRequired"));
      return;
    }
    setError(null);
    review.mutate({ id: application.id, decision, notes: trimmed });
  }

  const status = application ? kycStatus(application.status) : "pending";
  const risk = kycRisk(application?.risk ?? "");
  const reviewable = canReview && (status === "under_review" || status === "pending");
  const rows: [string, string][] = application
    ? [
        [t("kyc.fields.fullName"), application.fullName],
        [t("kyc.fields.nationalId"), application.nationalId],
        [t("kyc.fields.phoneNumber"), application.phoneNumber],
        [t("kyc.fields.email"), application.email],
        [t("kyc.fields.address"), application.address],
        [t("kyc.fields.documentType"), t(`kyc.documentTypes.${application.documentType}`, { defaultValue: application.documentType })],
        [t("kyc.fields.documentNumber"), application.documentNumber],
        [t("kyc.detail.pep"), t(application.pep ? "kyc.detail.yes" : "kyc.detail.no")],
        ...(institutionName
          ? [[t("kyc.detail.institution"), application.institutionId ? institutionName(application.institutionId) : t("kyc.detail.direct")] as [string, string]]
          : []),
        [t("kyc.detail.submitted"), formatDateTime(application.createdAt)],
        [t("kyc.detail.reviewed"), application.reviewedAt ? formatDateTime(application.reviewedAt) : "—"],
        [t("kyc.detail.reviewedBy"), application.reviewedBy || "—"],
        [t("kyc.detail.reviewNotes"), application.reviewNotes || "—"],
      ]
    : [];
  return (
    <Dialog open={application !== null} onOpenChange={(o) => (o ? undefined : close())}>
      <DialogContent className="max-w-xl" data-testid="kyc-detail">
        <DialogHeader>
          <DialogTitle>{application?.fullName}</DialogTitle>
          <DialogDescription className="flex items-center gap-2">
            {t("kyc.detail.title")}
            <Badge variant={complianceVariant(status)} data-testid="kyc-detail-status">
              {t(`kyc.status.${status}`)}
            </Badge>
            <Badge variant={riskVariant(risk)} data-testid="kyc-detail-risk">
              {t(`kyc.risk.${risk}`)}
            </Badge>
          </DialogDescription>
        </DialogHeader>
        <p className="text-xs text-muted-foreground">{t("kyc.detail.riskHint")}</p>
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          {rows.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="font-medium text-muted-foreground">{k}</dt>
              <dd className="break-words">{v}</dd>
            </div>
          ))}
        </dl>
        {reviewable ? (
          <div className="space-y-2 border-t pt-4">
            <TextareaField
              id={notesId}
              label={t("kyc.review.notes")}
              rows={3}
              value={notes}
              onChange={(value) => {
                setNotes(value);
                if (error) setError(null);
              }}
              error={error}
              testId="kyc-review-notes"
              errorTestId="kyc-review-error"
            />
            <DialogFooter>
              <Button variant="destructive" onClick={() => decide("reject")} disabled={review.isPending} data-testid="kyc-reject">
                {review.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <XCircle aria-hidden="true" />}
                {t("kyc.review.reject")}
              </Button>
              <Button onClick={() => decide("approve")} disabled={review.isPending} data-testid="kyc-approve">
                {review.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <CheckCircle2 aria-hidden="true" />}
                {t("kyc.review.approve")}
              </Button>
            </DialogFooter>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
