import { useId, useState } from "react";
import type { FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { CalendarCheck, Loader2 } from "lucide-react";
import { ApiError } from "@/api/client";
import { describeError, describeFieldErrors } from "@/api/errors";
import { pagedItems, usePagedList } from "@/api/paging";
import { PageFooter } from "@/components/PageFooter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { complianceKeys, readAudits, scheduleAudit } from "@/features/compliance/api";
import { COMPLIANCE_LIST_SIZE } from "@/features/compliance/compliance";
import { formatDate } from "@/lib/format";
import { useAllInstitutions } from "@/api/institutions";
import { AuditOutcome } from "@/features/compliance/AuditOutcome";

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

type AuditErrors = Partial<Record<"institutionId" | "scheduledFor" | "scope", string>>;

/**
 * 'Schedule Compliance Audit': an institution (licensed PSPs and MNOs), a date
 * (today or later) and a scope; the server notifies that institution's staff.
 * Lists the audits already scheduled.
 */
export function AuditDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const uid = useId();
  const queryClient = useQueryClient();
  const psps = useAllInstitutions("psp", open);
  const mnos = useAllInstitutions("mno", open);
  // Audits already scheduled, newest first, five at a time ("Load more" reaches every one).
  const audits = usePagedList(complianceKeys.audits, { limit: COMPLIANCE_LIST_SIZE }, readAudits, { enabled: open });
  const auditList = pagedItems(audits.data);
  const [institutionId, setInstitutionId] = useState("");
  const [scheduledFor, setScheduledFor] = useState("");
  const [scope, setScope] = useState("");
  const [errors, setErrors] = useState<AuditErrors>({});

  const schedule = useMutation({
    mutationFn: () => scheduleAudit({ institutionId, scheduledFor, scope: scope.trim() }),
    onSuccess: (res) => {
      toast({ title: t("audits.scheduled"), description: t("audits.notified", { count: res.notifiedStaff }) });
      void queryClient.invalidateQueries({ queryKey: complianceKeys.audits });
      setInstitutionId("");
      setScheduledFor("");
      setScope("");
    },
    onError: (err) => {
      console.error("Failed to schedule compliance audit", err);
      if (err instanceof ApiError) setErrors(describeFieldErrors(err, t) as AuditErrors);
      toast({
        title: t("audits.failed"),
        description: err instanceof ApiError ? describeError(err, t) : undefined,
        variant: "destructive",
      });
    },
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const found: AuditErrors = {};
    if (!institutionId) found.institutionId = t("audits.errors.institution");
    if (!/^\d{4}-\d{2}-\d{2}$/.test(scheduledFor) || scheduledFor < today()) found.scheduledFor = t("audits.errors.date");
    if (scope.trim().length < 5 || scope.trim().length > 1000) found.scope = t("audits.errors.scope");
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    schedule.mutate();
  }

  const institutions = [...(psps.data ?? []), ...(mnos.data ?? [])].filter((i) => i.licenseStatus !== "revoked");
  const field = (key: keyof AuditErrors) => ({
    "aria-invalid": errors[key] ? true : undefined,
    "aria-describedby": errors[key] ? `${uid}-${key}-error` : undefined,
  });
  const errorLine = (key: keyof AuditErrors) =>
    errors[key] ? (
      <p id={`${uid}-${key}-error`} className="text-sm text-destructive">
        {errors[key]}
      </p>
    ) : null;

  return (
    <Dialog open={open} onOpenChange={(o) => (schedule.isPending ? undefined : onOpenChange(o))}>
      <DialogContent className="max-w-2xl" data-testid="audit-dialog">
        <DialogHeader>
          <DialogTitle>{t("audits.title")}</DialogTitle>
          <DialogDescription>{t("audits.description")}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1.5 sm:col-span-2">
            <Label htmlFor={`${uid}-institutionId`}>{t("audits.institution")}</Label>
            <NativeSelect
              id={`${uid}-institutionId`}
              value={institutionId}
              onChange={(e) => setInstitutionId(e.target.value)}
              data-testid="audit-institution"
              {...field("institutionId")}
            >
              <option value="">{psps.isLoading || mnos.isLoading ? t("audits.loading") : t("audits.chooseInstitution")}</option>
              {institutions.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.name} ({t(`applications.types.${i.type}`, { defaultValue: i.type })} · {i.licenseNumber})
                </option>
              ))}
            </NativeSelect>
            {errorLine("institutionId")}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${uid}-scheduledFor`}>{t("audits.date")}</Label>
            <Input
              id={`${uid}-scheduledFor`}
              type="date"
              min={today()}
              value={scheduledFor}
              onChange={(e) => setScheduledFor(e.target.value)}
              data-testid="audit-date"
              {...field("scheduledFor")}
            />
            {errorLine("scheduledFor")}
          </div>
          <div className="space-y-1.5 sm:col-span-2">
            <Label htmlFor={`${uid}-scope`}>{t("audits.scope")}</Label>
            <Textarea
              id={`${uid}-scope`}
              rows={3}
              value={scope}
              onChange={(e) => setScope(e.target.value)}
              placeholder={t("audits.scopePlaceholder")}
              data-testid="audit-scope"
              {...field("scope")}
            />
            {errorLine("scope")}
          </div>
          <DialogFooter className="sm:col-span-2">
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={schedule.isPending}>
              {t("common.close")}
            </Button>
            <Button type="submit" disabled={schedule.isPending} data-testid="audit-submit">
              {schedule.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <CalendarCheck aria-hidden="true" />}
              {t("audits.schedule")}
            </Button>
          </DialogFooter>
        </form>
        <div className="border-t pt-4">
          <h3 className="mb-2 text-sm font-semibold">{t("audits.listTitle")}</h3>
          {audits.isLoading ? (
            <Skeleton className="h-16" aria-busy="true" />
          ) : auditList.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("audits.empty")}</p>
          ) : (
            <ul className="divide-y text-sm" data-testid="audit-list">
              {auditList.map((a) => (
                <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <div className="min-w-0">
                    <p className="font-medium">{a.institutionName}</p>
                    <p className="break-words text-muted-foreground">{a.scope}</p>
                  </div>
                  <div className="flex items-center gap-2">
                    <span className="tabular-nums">{formatDate(`${a.scheduledFor}T00:00:00`)}</span>
                    <Badge variant="secondary">{t(`audits.status.${a.status}`, { defaultValue: a.status })}</Badge>
                  </div>
                  <AuditOutcome audit={a} />
                </li>
              ))}
            </ul>
          )}
          <div className="mt-2">
            <PageFooter query={audits} shown={null} failed={t("audits.loadMoreFailed")} testId="audits" />
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
