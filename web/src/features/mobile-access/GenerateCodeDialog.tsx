import { useId, useState } from "react";
import type { FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, Copy, KeyRound, Loader2 } from "lucide-react";
import type { TFunction } from "i18next";
import { ApiError } from "@/api/client";
import { describeError, describeFieldErrors } from "@/api/errors";
import { pagedItems, usePagedList } from "@/api/paging";
import type { GeneratedAccessCode } from "@/api/types";
import { PageFooter } from "@/components/PageFooter";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { SelectField } from "@/components/ui/select-field";
import { toast } from "@/components/ui/use-toast";
import { DEFAULT_ADMIN_EMAIL } from "@/features/mobile-access/mobileAccess";
import { formatDateTime } from "@/lib/format";
import { generateAccessCode, mobileAccessKeys, readMobileUsers } from "@/features/mobile-access/api";
import { useTranslation } from "react-i18next";

const METHODS = ["both", "sms", "email"] as const;
type Method = (typeof METHODS)[number];

/** The generate-code dialog (001 §2) and, after success, the one-time display of the full code. */
export function GenerateCodeDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const ids = { user: useId(), email: useId(), method: useId() };
  const [userId, setUserId] = useState("");
  const [adminEmail, setAdminEmail] = useState(DEFAULT_ADMIN_EMAIL);
  const [method, setMethod] = useState<Method>("both");
  const [generated, setGenerated] = useState<GeneratedAccessCode | null>(null);
  // Only approved users may get a code (001 §5): the server filters them, 200 a page.
  const approved = usePagedList(mobileAccessKeys.users, { status: "approved", limit: 200 }, readMobileUsers, { enabled: open });
  const choices = pagedItems(approved.data);

  const mutation = useMutation({
    mutationFn: (body: { mobileUserId: string; notificationMethod: Method; adminEmail: string }) => generateAccessCode(body),
    onSuccess: (result) => {
      toast({ title: t("mobileAccess.toasts.generated"), description: result.message ?? t("mobileAccess.toasts.generatedDescription") });
      setGenerated(result);
      setUserId("");
      onOpenChange(false);
    },
    onError: (err) => {
      const message = err instanceof ApiError ? detail(err, t) : t("mobileAccess.toasts.generateFailed");
      toast({ title: t("mobileAccess.toasts.error"), description: message, variant: "destructive" });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: mobileAccessKeys.codes });
      void queryClient.invalidateQueries({ queryKey: mobileAccessKeys.outbox });
    },
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!userId) return;
    mutation.mutate({ mobileUserId: userId, notificationMethod: method, adminEmail: adminEmail.trim() });
  }

  async function copy(code: string) {
    try {
      if (!navigator.clipboard?.writeText) throw new Error("no clipboard");
      await navigator.clipboard.writeText(code);
      toast({ title: t("mobileAccess.reveal.copied") });
    } catch {
      toast({ title: t("mobileAccess.reveal.copyFailed"), variant: "destructive" });
    }
  }

  const code = generated?.accessCode;
  return (
    <>
      <Dialog open={open} onOpenChange={(next) => (mutation.isPending ? undefined : onOpenChange(next))}>
        <DialogContent data-testid="generate-dialog">
          <form noValidate onSubmit={onSubmit} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{t("mobileAccess.dialog.title")}</DialogTitle>
              <DialogDescription>{t("mobileAccess.dialog.description")}</DialogDescription>
            </DialogHeader>
            <div className="space-y-1.5">
              <Label htmlFor={ids.user}>{t("mobileAccess.dialog.user")}</Label>
              <NativeSelect
                id={ids.user}
                value={userId}
                onChange={(e) => setUserId(e.target.value)}
                data-testid="generate-user"
                aria-describedby={choices.length === 0 ? `${ids.user}-none` : undefined}
              >
                <option value="">{t("mobileAccess.dialog.userPlaceholder")}</option>
                {choices.map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.fullName} — {u.phoneNumber}
                  </option>
                ))}
              </NativeSelect>
              {choices.length === 0 ? (
                <p id={`${ids.user}-none`} className="text-sm text-muted-foreground">
                  {t("mobileAccess.dialog.noApproved")}
                </p>
              ) : null}
              <PageFooter query={approved} shown={null} failed={t("mobileAccess.paging.failed")} loadMore={t("mobileAccess.paging.loadMore")} testId="generate-users" />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={ids.email}>{t("mobileAccess.dialog.adminEmail")}</Label>
              <Input
                id={ids.email}
                type="email"
                autoComplete="email"
                value={adminEmail}
                onChange={(e) => setAdminEmail(e.target.value)}
                data-testid="generate-email"
              />
            </div>
            <SelectField
              id={ids.method}
              label={t("mobileAccess.dialog.method")}
              value={method}
              onChange={setMethod}
              options={METHODS.map((m) => ({ value: m, label: t(`mobileAccess.dialog.methods.${m}`) }))}
              testId="generate-method"
            />
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)} disabled={mutation.isPending}>
                {t("mobileAccess.dialog.cancel")}
              </Button>
              <Button type="submit" disabled={!userId || mutation.isPending} data-testid="generate-submit">
                {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <KeyRound aria-hidden="true" />}
                {mutation.isPending ? t("mobileAccess.dialog.pending") : t("mobileAccess.dialog.submit")}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>

      <Dialog open={code != null} onOpenChange={(next) => (next ? undefined : setGenerated(null))}>
        <DialogContent data-testid="code-reveal">
          <DialogHeader>
            <DialogTitle>{t("mobileAccess.reveal.title")}</DialogTitle>
            <DialogDescription>{t("mobileAccess.reveal.description", { name: code?.mobileUser?.fullName ?? "" })}</DialogDescription>
          </DialogHeader>
          <p
            className="select-all rounded-md border bg-muted px-4 py-3 text-center font-mono text-3xl font-bold tracking-[0.3em]"
            data-testid="full-code"
            data-allow-select=""
          >
            {code?.code}
          </p>
          {code ? <p className="text-center text-sm text-muted-foreground">{t("mobileAccess.reveal.expires", { date: formatDateTime(code.expiresAt) })}</p> : null}
          <p role="alert" className="flex items-start gap-2 rounded-md border border-amber-500/50 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            {t("mobileAccess.reveal.warning")}
          </p>
          <DialogFooter>
            <Button variant="outline" onClick={() => code?.code && void copy(code.code)} data-testid="copy-code">
              <Copy aria-hidden="true" />
              {t("mobileAccess.reveal.copy")}
            </Button>
            <Button onClick={() => setGenerated(null)} data-testid="reveal-close">
              {t("mobileAccess.reveal.close")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** What went wrong, from the error's code; the fields at fault are named after it, since the dialog
 * has no input beside which to show them. */
function detail(err: ApiError, t: TFunction): string {
  const fields = Object.values(describeFieldErrors(err, t));
  const base = describeError(err, t);
  return fields.length ? `${base} ${fields.join(" · ")}` : base;
}
