import { useEffect, useId, useState } from "react";
import type { FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Copy, Loader2, RefreshCw } from "lucide-react";
import type { TFunction } from "i18next";
import { ApiError } from "@/api/client";
import { describeError, describeFieldErrors } from "@/api/errors";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import type { ControlProps } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/use-toast";
import { useAllInstitutions } from "@/api/institutions";
import { createUser, resetUserPassword, settingsKeys, updateUser } from "@/features/settings/api";
import type { Account } from "@/features/settings/types";
import { isProposal, needsDualControl } from "@/features/settings/approvals";
import type { ProposalAnswer } from "@/features/settings/approvals";
import {
  ROLES,
  checkNewAccount,
  generateTemporaryPassword,
  institutionKind,
  newAccountBody,
  pickableInstitutions,
} from "@/features/settings/users";
import type { NewAccountForm } from "@/features/settings/users";
import { fieldErrorText } from "@/lib/fieldErrorText";


/** Tells the administrator that their change waits for a second one (dual control). */
export function useProposalNotice() {
  const { t } = useTranslation();
  return (answer: ProposalAnswer) =>
    toast({
      title: t("approvals.proposed"),
      description: answer.eligibleApprovers === 0 ? t("approvals.noApprover") : t("approvals.awaitsSecond", { email: answer.target.email ?? "" }),
    });
}

function useErrorText() {
  const { t } = useTranslation();
  return (v: string | undefined) => fieldErrorText(v, t);
}

/** The roles an account may have; a FormField gives it its id and aria wiring. */
function RoleSelect({
  value,
  onChange,
  ...rest
}: Partial<ControlProps> & { value: string; onChange: (role: string) => void; "data-testid": string }) {
  const { t } = useTranslation();
  return (
    <NativeSelect {...rest} value={value} onChange={(e) => onChange(e.target.value)}>
      {ROLES.map((r) => (
        <option key={r} value={r}>
          {t(`roles.${r}`)}
        </option>
      ))}
    </NativeSelect>
  );
}

/** The institutions of one kind to pick from; a FormField gives it its id and aria wiring. */
function InstitutionSelect({
  kind,
  value,
  onChange,
  ...control
}: Partial<ControlProps> & {
  kind: "psp" | "mno";
  value: string;
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation();
  const query = useAllInstitutions(kind);
  const list = pickableInstitutions(query.data);
  return (
    <NativeSelect
      {...control}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      disabled={query.isLoading}
      data-testid="user-institution"
    >
      <option value="">{query.isLoading ? t("users.loadingInstitutions") : t("users.chooseInstitution")}</option>
      {list.map((e) => (
        <option key={e.id} value={e.id}>
          {e.name}
        </option>
      ))}
    </NativeSelect>
  );
}

function serverErrors(err: unknown, fallback: string, t: TFunction): Record<string, string> {
  if (err instanceof ApiError) {
    const f = describeFieldErrors(err, t);
    return Object.keys(f).length ? { ...f, form: describeError(err, t) } : { form: describeError(err, t) };
  }
  return { form: fallback };
}

const emptyAccount: NewAccountForm = {
  email: "",
  firstName: "",
  lastName: "",
  password: "",
  role: "cbsl_officer",
  institution: "",
  username: "",
  isGuest: false,
  guestUnits: "100",
};

/** Create an account: role, institution for PSP/MNO staff, guest allowance for guests. */
export function CreateUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const base = useId().replace(/:/g, "");
  const [form, setForm] = useState<NewAccountForm>(emptyAccount);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const kind = institutionKind(form.role);
  const notifyProposal = useProposalNotice();

  useEffect(() => {
    if (open) {
      setForm({ ...emptyAccount, password: generateTemporaryPassword() });
      setErrors({});
    }
  }, [open]);

  const mutation = useMutation({
    mutationFn: () => createUser(newAccountBody(form)),
    onSuccess: (answer) => {
      if (isProposal(answer)) notifyProposal(answer);
      else toast({ title: t("users.created"), description: answer.email ?? undefined });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.users });
      onOpenChange(false);
    },
    onError: (err) => setErrors(serverErrors(err, t("users.failed"), t)),
  });

  const set = <K extends keyof NewAccountForm>(key: K, value: NewAccountForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = checkNewAccount(form);
    setErrors(found);
    if (Object.keys(found).length === 0) mutation.mutate();
  }

  const id = (name: string) => `${base}-${name}`;
  const text = (name: string) => errorText(errors[name]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl" data-testid="user-create-dialog">
        <DialogHeader>
          <DialogTitle>{t("users.createTitle")}</DialogTitle>
          <DialogDescription>{t("users.createDescription")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
          <FormField id={id("firstName")} label={t("users.fields.firstName")} error={text("firstName")} errorTestId="user-error-firstName">
            <Input value={form.firstName} onChange={(e) => set("firstName", e.target.value)} data-testid="user-firstName" />
          </FormField>
          <FormField id={id("lastName")} label={t("users.fields.lastName")} error={text("lastName")} errorTestId="user-error-lastName">
            <Input value={form.lastName} onChange={(e) => set("lastName", e.target.value)} data-testid="user-lastName" />
          </FormField>
          <div className="sm:col-span-2">
            <FormField id={id("email")} label={t("users.fields.email")} error={text("email")} errorTestId="user-error-email">
              <Input type="email" autoComplete="off" value={form.email} onChange={(e) => set("email", e.target.value)} data-testid="user-email" />
            </FormField>
          </div>
          <div className="sm:col-span-2">
            <FormField id={id("password")} label={t("users.fields.password")} error={text("password")} hint={t("users.passwordHint")} errorTestId="user-error-password">
              {(control) => (
                <div className="flex gap-2">
                  <Input {...control} autoComplete="off" spellCheck={false} className="font-mono" value={form.password} onChange={(e) => set("password", e.target.value)} data-testid="user-password" />
                  <Button type="button" variant="outline" onClick={() => set("password", generateTemporaryPassword())} aria-label={t("users.generate")} title={t("users.generate")}>
                    <RefreshCw aria-hidden="true" />
                  </Button>
                </div>
              )}
            </FormField>
          </div>
          <FormField id={id("role")} label={t("users.fields.role")} error={text("role")} hint={needsDualControl(form.role) ? t("users.needsApproval") : undefined} errorTestId="user-error-role">
            <RoleSelect
              value={form.role}
              onChange={(role) => setForm((f) => ({ ...f, role, institution: "", isGuest: role === "citizen" ? f.isGuest : false }))}
              data-testid="user-role"
            />
          </FormField>
          <FormField id={id("username")} label={t("users.fields.username")} error={text("username")} errorTestId="user-error-username">
            <Input autoComplete="off" value={form.username} onChange={(e) => set("username", e.target.value)} data-testid="user-username" />
          </FormField>
          {kind ? (
            <div className="sm:col-span-2">
              <FormField id={id("institution")} label={t(`users.fields.institution_${kind}`)} error={text("institution")} errorTestId="user-error-institution">
                <InstitutionSelect kind={kind} value={form.institution} onChange={(v) => set("institution", v)} />
              </FormField>
            </div>
          ) : null}
          {form.role === "citizen" ? (
            <div className="space-y-3 rounded-md border p-3 sm:col-span-2">
              <label className="flex cursor-pointer items-center gap-2 text-sm font-medium">
                <input type="checkbox" className="h-4 w-4 accent-[var(--color-primary)]" checked={form.isGuest} onChange={(e) => set("isGuest", e.target.checked)} data-testid="user-guest" />
                {t("users.fields.isGuest")}
              </label>
              {errors.isGuest ? <p className="text-sm text-destructive">{text("isGuest")}</p> : null}
              {form.isGuest ? (
                <FormField id={id("guestUnitsRemaining")} label={t("users.fields.guestUnits")} error={text("guestUnitsRemaining")} hint={t("users.unitsHint")} errorTestId="user-error-guestUnitsRemaining">
                  <Input inputMode="numeric" className="max-w-40" value={form.guestUnits} onChange={(e) => set("guestUnits", e.target.value)} data-testid="user-guest-units" />
                </FormField>
              ) : null}
            </div>
          ) : null}
          {errors.form ? (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive sm:col-span-2" data-testid="user-form-error">
              {errors.form}
            </p>
          ) : null}
          <DialogFooter className="sm:col-span-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={mutation.isPending} data-testid="user-create-submit">
              {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {t("users.create")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export type UserAction = "role" | "toggle" | "reset" | "units";

function accountName(a: Account): string {
  const n = `${a.firstName ?? ""} ${a.lastName ?? ""}`.trim();
  return n || a.email || a.id;
}

/** Change role, disable/enable, reset the password or top up a guest's units, each confirmed. */
export function UserActionDialog({
  target,
  onOpenChange,
}: {
  target: { account: Account; action: UserAction } | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const base = useId().replace(/:/g, "");
  const account = target?.account;
  const action = target?.action ?? "role";
  const [role, setRole] = useState("");
  const [institution, setInstitution] = useState("");
  const [password, setPassword] = useState("");
  const [units, setUnits] = useState("100");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const notifyProposal = useProposalNotice();

  useEffect(() => {
    if (target) {
      setRole(target.account.role ?? "citizen");
      setInstitution(target.account.institution ?? "");
      setPassword(generateTemporaryPassword());
      setUnits("100");
      setErrors({});
      setDone(null);
    }
  }, [target]);

  const kind = institutionKind(role);

  const mutation = useMutation({
    mutationFn: async () => {
      if (!account) throw new Error("no account");
      switch (action) {
        case "role":
          return updateUser(account.id, kind ? { role, institution } : { role });
        case "toggle":
          return updateUser(account.id, { isActive: !account.isActive });
        case "reset":
          return resetUserPassword(account.id, password);
        case "units":
          return updateUser(account.id, { guestUnitsRemaining: (account.guestUnitsRemaining ?? 0) + Number(units) });
      }
    },
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: settingsKeys.users });
      if (isProposal(answer)) {
        notifyProposal(answer);
        onOpenChange(false);
        return;
      }
      const key = action === "toggle" ? (account?.isActive ? "users.done.disabled" : "users.done.enabled") : (`users.done.${action}` as const);
      toast({ title: t(key), description: account ? accountName(account) : undefined });
      if (action === "reset") setDone(password);
      else onOpenChange(false);
    },
    onError: (err) => setErrors(serverErrors(err, t("users.failed"), t)),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (action === "role" && kind && !institution) found.institution = "users.errors.institution";
    if (action === "reset" && ([...password].length < 8 || [...password].length > 128)) found.password = "users.errors.password";
    if (action === "units" && (!/^\d+$/.test(units.trim()) || Number(units) < 1 || (account?.guestUnitsRemaining ?? 0) + Number(units) > 100_000)) {
      found.guestUnitsRemaining = "users.errors.topUp";
    }
    setErrors(found);
    if (Object.keys(found).length === 0) mutation.mutate();
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(done ?? password);
      toast({ title: t("users.copied") });
    } catch {
      // Clipboard needs permission; the password is on screen to copy by hand.
    }
  }

  const id = (name: string) => `${base}-${name}`;
  const text = (name: string) => errorText(errors[name]);
  const name = account ? accountName(account) : "";
  const destructive = action === "toggle" && account?.isActive;
  const titleKey = action === "toggle" ? (account?.isActive ? "users.actions.disable" : "users.actions.enable") : (`users.actions.${action}` as const);

  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent data-testid={`user-${action}-dialog`}>
        <DialogHeader>
          <DialogTitle>{t(titleKey)}</DialogTitle>
          <DialogDescription>{t(`users.confirm.${action === "toggle" ? (account?.isActive ? "disable" : "enable") : action}`, { name })}</DialogDescription>
        </DialogHeader>
        {done ? (
          <div className="space-y-3" data-testid="user-reset-done">
            <p className="text-sm">{t("users.resetDone", { name })}</p>
            <div className="flex gap-2">
              <Input readOnly value={done} className="font-mono" aria-label={t("users.fields.temporaryPassword")} data-testid="user-reset-password-value" />
              <Button type="button" variant="outline" onClick={() => void copy()} aria-label={t("users.copy")} title={t("users.copy")}>
                <Copy aria-hidden="true" />
              </Button>
            </div>
            <DialogFooter>
              <Button onClick={() => onOpenChange(false)} data-testid="user-reset-close">
                {t("common.close")}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="space-y-4">
            {action === "role" ? (
              <>
                <FormField
                  id={id("role")}
                  label={t("users.fields.role")}
                  error={text("role")}
                  hint={needsDualControl(role) && role !== account?.role ? t("users.needsApproval") : undefined}
                  errorTestId="user-error-role"
                >
                  <RoleSelect value={role} onChange={(r) => { setRole(r); setInstitution(""); }} data-testid="user-role-select" />
                </FormField>
                {kind ? (
                  <FormField id={id("institution")} label={t(`users.fields.institution_${kind}`)} error={text("institution")} errorTestId="user-error-institution">
                    <InstitutionSelect kind={kind} value={institution} onChange={setInstitution} />
                  </FormField>
                ) : null}
              </>
            ) : null}
            {action === "reset" ? (
              <FormField id={id("password")} label={t("users.fields.temporaryPassword")} error={text("password")} hint={t("users.resetHint")} errorTestId="user-error-password">
                {(control) => (
                  <div className="flex gap-2">
                    <Input {...control} autoComplete="off" spellCheck={false} className="font-mono" value={password} onChange={(e) => setPassword(e.target.value)} data-testid="user-reset-password" />
                    <Button type="button" variant="outline" onClick={() => setPassword(generateTemporaryPassword())} aria-label={t("users.generate")} title={t("users.generate")}>
                      <RefreshCw aria-hidden="true" />
                    </Button>
                  </div>
                )}
              </FormField>
            ) : null}
            {action === "units" ? (
              <FormField
                id={id("guestUnitsRemaining")}
                label={t("users.fields.addUnits")}
                error={text("guestUnitsRemaining")}
                hint={t("users.unitsNow", { count: account?.guestUnitsRemaining ?? 0 })}
                errorTestId="user-error-guestUnitsRemaining"
              >
                <Input inputMode="numeric" className="max-w-40" value={units} onChange={(e) => setUnits(e.target.value)} data-testid="user-units" />
              </FormField>
            ) : null}
            {errors.form ? (
              <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive" data-testid="user-form-error">
                {errors.form}
              </p>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={mutation.isPending} data-testid="user-action-submit">
                {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                {t(titleKey)}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
