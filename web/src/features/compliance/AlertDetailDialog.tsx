import { useId, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Loader2 } from "lucide-react";
import { ApiError } from "@/api/client";
import { describeError } from "@/api/errors";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { alertStatusVariant, caseActions, severityVariant } from "@/features/compliance/alertDisplay";
import { actOnAlert, alertDetailOptions, alertKeys } from "@/features/compliance/api";
import { InstitutionLink, TransactionLink } from "@/features/compliance/AlertReferences";
import { alertDescription, alertTitle } from "@/lib/alertText";
import { ALERTS_LIST_KEY } from "@/features/compliance/alertsQueue";
import { formatAmount } from "@/lib/money";
import { formatDateTime } from "@/lib/format";

type CaseAction = "assign" | "investigate" | "note" | "close";

/**
 * An alert's case (issue 5): every field, the history, and for regulators the
 * workflow — assign to me, investigate, add a note, close as resolved or false
 * positive (a note is required to note and to close).
 */
export function AlertDetailDialog({
  id,
  canAct,
  userId,
  onClose,
}: {
  id: string | null;
  canAct: boolean;
  userId?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const noteId = useId();
  const outcomeId = useId();
  const [note, setNote] = useState("");
  const [outcome, setOutcome] = useState<"resolved" | "false_positive">("resolved");
  const [error, setError] = useState<string | null>(null);
  const detail = useQuery(alertDetailOptions(id));

  const act = useMutation({
    mutationFn: (action: CaseAction) =>
      actOnAlert(id ?? "", {
        action,
        ...(action === "close" ? { outcome } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      }),
    onSuccess: (updated, action) => {
      queryClient.setQueryData(alertKeys.detail(updated.id), updated);
      void queryClient.invalidateQueries({ queryKey: ALERTS_LIST_KEY });
      toast({ title: t("common.success"), description: t(`alerts.case.done.${action}`) });
      setNote("");
      setError(null);
    },
    onError: (err) => {
      console.error("Alert case action failed", err);
      const message = err instanceof ApiError ? describeError(err, t) : t("alerts.case.failed");
      setError(message);
      void queryClient.invalidateQueries({ queryKey: alertKeys.detail(id ?? "") });
    },
  });

  function run(action: CaseAction) {
    if ((action === "note" || action === "close") && note.trim() === "") {
      setError(t("alerts.case.noteRequired"));
      return;
    }
    setError(null);
    act.mutate(action);
  }

  function close() {
    setNote("");
    setError(null);
    act.reset();
    onClose();
  }

  const a = detail.data;
  const actions = a && canAct ? caseActions(a) : [];
  const errorId = `${noteId}-error`;
  return (
    <Dialog open={id !== null} onOpenChange={(o) => (o ? undefined : close())}>
      <DialogContent className="max-w-2xl" data-testid="alert-detail">
        <DialogHeader>
          <DialogTitle className="break-words">{a ? alertTitle(a, t) : t("alerts.details")}</DialogTitle>
          <DialogDescription>{t("alerts.case.description")}</DialogDescription>
        </DialogHeader>
        {detail.isLoading ? (
          <Skeleton className="h-32" aria-busy="true" />
        ) : detail.isError || !a ? (
          <p role="alert" className="text-sm text-destructive">
            {t("alerts.case.loadFailed")}
          </p>
        ) : (
          <div className="space-y-5">
            <div className="flex flex-wrap gap-2">
              <Badge variant={severityVariant(a.severity)}>{t(`realtime.severity.${a.severity}`, { defaultValue: a.severity })}</Badge>
              <Badge variant={alertStatusVariant(a.status)} data-testid="alert-detail-status">
                {t(`alerts.status.${a.status}`, { defaultValue: a.status })}
              </Badge>
              <Badge variant="outline">{t(`alerts.types.${a.alertType}`, { defaultValue: a.alertType })}</Badge>
              {a.overdue ? (
                <Badge variant="destructive" data-testid="alert-detail-overdue">
                  {t("alerts.queue.overdue")}
                </Badge>
              ) : null}
            </div>
            <p className="break-words text-sm" data-testid="alert-detail-description">
              {alertDescription(a, t)}
            </p>
            <dl className="grid gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[auto_1fr]">
              {(
                [
                  ["triggerRule", a.triggerRule ? t(`amlSettings.rules.${a.triggerRule}.title`, { defaultValue: a.triggerRule }) : null],
                  ["amount", a.amount ? `${formatAmount(a.amount, a.currency ?? "USD")} ${a.currency ?? ""}`.trim() : null],
                  [
                    "relatedTransaction",
                    a.relatedTransactionId ? <TransactionLink id={a.relatedTransactionId} number={a.relatedTransactionNumber} /> : null,
                  ],
                  ["institution", a.institutionId ? <InstitutionLink id={a.institutionId} name={a.institutionName} kind={a.institutionKind} /> : null],
                  ["assignedTo", a.assignedTo && a.assignedTo === userId ? t("alerts.case.you") : a.assignedTo],
                  ["resolution", a.resolution],
                  ["createdAt", formatDateTime(a.createdAt)],
                  ["dueAt", a.dueAt ? formatDateTime(a.dueAt) : null],
                  ["resolvedAt", a.resolvedAt ? formatDateTime(a.resolvedAt) : null],
                ] as const
              ).map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="font-medium text-muted-foreground">{t(`alerts.case.fields.${k}`)}</dt>
                  <dd className="break-all">{v || "—"}</dd>
                </div>
              ))}
            </dl>

            {actions.length > 0 ? (
              <div className="space-y-3 rounded-lg border p-4" data-testid="alert-case-actions">
                <div className="space-y-1.5">
                  <Label htmlFor={noteId}>{t("alerts.case.note")}</Label>
                  <Textarea
                    id={noteId}
                    rows={3}
                    value={note}
                    onChange={(e) => {
                      setNote(e.target.value);
                      if (error) setError(null);
                    }}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                    data-testid="alert-case-note"
                  />
                  {error ? (
                    <p id={errorId} role="alert" className="text-sm text-destructive" data-testid="alert-case-error">
                      {error}
                    </p>
                  ) : null}
                </div>
                <div className="flex flex-wrap gap-2">
                  {actions.includes("assign") ? (
                    <Button size="sm" variant="outline" onClick={() => run("assign")} disabled={act.isPending} data-testid="case-assign">
                      {t("alerts.case.assign")}
                    </Button>
                  ) : null}
                  {actions.includes("investigate") ? (
                    <Button size="sm" variant="outline" onClick={() => run("investigate")} disabled={act.isPending} data-testid="case-investigate">
                      {t("alerts.case.investigate")}
                    </Button>
                  ) : null}
                  {actions.includes("note") ? (
                    <Button size="sm" variant="outline" onClick={() => run("note")} disabled={act.isPending} data-testid="case-note">
                      {t("alerts.case.addNote")}
                    </Button>
                  ) : null}
                </div>
                {actions.includes("close") ? (
                  <div className="flex flex-wrap items-end gap-2 border-t pt-3">
                    <div className="space-y-1.5">
                      <Label htmlFor={outcomeId}>{t("alerts.case.outcome")}</Label>
                      <NativeSelect
                        id={outcomeId}
                        value={outcome}
                        onChange={(e) => setOutcome(e.target.value === "false_positive" ? "false_positive" : "resolved")}
                        className="h-9 w-auto py-0"
                        data-testid="case-outcome"
                      >
                        <option value="resolved">{t("alerts.status.resolved")}</option>
                        <option value="false_positive">{t("alerts.status.false_positive")}</option>
                      </NativeSelect>
                    </div>
                    <Button size="sm" onClick={() => run("close")} disabled={act.isPending} data-testid="case-close">
                      {act.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                      {t("alerts.case.close")}
                    </Button>
                  </div>
                ) : null}
              </div>
            ) : null}

            <div>
              <h3 className="mb-2 text-sm font-semibold">{t("alerts.case.history")}</h3>
              {a.history.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t("alerts.case.noHistory")}</p>
              ) : (
                <ol className="space-y-2 border-l pl-4 text-sm" data-testid="alert-history">
                  {a.history.map((h, i) => (
                    <li key={i}>
                      <p className="font-medium">
                        {t(`alerts.case.actions.${h.action}`, { defaultValue: h.action })}
                        {h.fromStatus && h.toStatus && h.fromStatus !== h.toStatus
                          ? ` · ${t(`alerts.status.${h.fromStatus}`, { defaultValue: h.fromStatus })} → ${t(`alerts.status.${h.toStatus}`, { defaultValue: h.toStatus })}`
                          : ""}
                      </p>
                      <p className="text-xs text-muted-foreground">{h.userId && h.userId === userId ? t("alerts.case.you") : h.userId}</p>
                      {h.note ? <p className="break-words text-muted-foreground">{h.note}</p> : null}
                      <p className="text-xs text-muted-foreground tabular-nums">
                        <time dateTime={h.createdAt}>{formatDateTime(h.createdAt)}</time>
                      </p>
                    </li>
                  ))}
                </ol>
              )}
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
