import { useId, useState } from "react";
import type { FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Loader2, UserPlus } from "lucide-react";
import { ApiError } from "@/api/client";
import { describeError } from "@/api/errors";
import { pagedItems, usePagedList } from "@/api/paging";
import type { MobileUser } from "@/api/types";
import { DataTable } from "@/components/DataTable";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { mobileAccessKeys, readMobileUsers, registerMobileUser, setMobileUserStatus } from "@/features/mobile-access/api";
import { ListFooter } from "@/features/mobile-access/ListFooter";
import {
  ACTION_STATUS,
  isRegistrationField,
  needsReason,
  userActions,
  validateRegistration,
} from "@/features/mobile-access/mobileAccess";
import type { RegistrationField, RegistrationInput, UserAction } from "@/features/mobile-access/mobileAccess";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "@/lib/format";


export function userVariant(status: string): "default" | "secondary" | "destructive" | "outline" {
  if (status === "approved") return "default";
  if (status === "suspended") return "secondary";
  if (status === "revoked") return "destructive";
  return "outline";
}

/** "Utilisateurs mobiles": the list (paged on the server, "Charger plus"), status actions and the registration form. */
export function MobileUsersSection() {
  const { t } = useTranslation();
  const query = usePagedList(mobileAccessKeys.users, {}, readMobileUsers);
  const users = pagedItems(query.data);
  const [target, setTarget] = useState<{ user: MobileUser; action: UserAction } | null>(null);
  const [registering, setRegistering] = useState(false);
  return (
    <Card>
      <CardHeader className="flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle as="h2">{t("mobileAccess.users.title")}</CardTitle>
          <CardDescription>{t("mobileAccess.users.description")}</CardDescription>
        </div>
        <Button variant="outline" onClick={() => setRegistering(true)} data-testid="register-user">
          <UserPlus aria-hidden="true" />
          {t("mobileAccess.users.register")}
        </Button>
      </CardHeader>
      <DataTable
        caption={t("mobileAccess.users.title")}
        testId="mobile-users-table"
        minWidth="min-w-[50rem]"
        error={query.isError ? t("mobileAccess.users.loadFailed") : null}
        loading={query.isLoading}
        isEmpty={users.length === 0} emptyMessage={t("mobileAccess.users.empty")}
        underHeader
        columns={[t("mobileAccess.users.name"), t("mobileAccess.users.phoneAndId"), t("mobileAccess.users.platform"), t("mobileAccess.users.status"), t("mobileAccess.users.createdAt"), { label: t("mobileAccess.users.actions"), align: "right" }]}
      >
        {users.map((u) => (
          <tr key={u.id} className="border-b last:border-0" data-testid="mobile-user-row" data-phone={u.phoneNumber}>
            <th scope="row" className="whitespace-nowrap px-4 py-3 text-left font-medium" data-sensitive="">
              {u.fullName}
              {u.email ? <span className="block text-xs font-normal text-muted-foreground">{u.email}</span> : null}
            </th>
            <td className="whitespace-nowrap px-4 py-3 tabular-nums" data-sensitive="">
              <span className="block">{u.phoneNumber}</span>
              <span className="block font-mono text-xs text-muted-foreground">
                <span className="sr-only">{t("mobileAccess.users.nationalId")} : </span>
                {u.nationalId}
              </span>
            </td>
            <td className="px-4 py-3">{u.platform ?? "—"}</td>
            <td className="px-4 py-3">
              <Badge variant={userVariant(u.status)} className="whitespace-nowrap" data-testid="mobile-user-status">
                {t(`mobileAccess.userStatus.${u.status}`, { defaultValue: u.status })}
              </Badge>
              {u.suspensionReason && u.status !== "approved" ? (
                <span className="mt-1 block max-w-48 text-xs text-muted-foreground">{u.suspensionReason}</span>
              ) : null}
              {u.lockedUntil && new Date(u.lockedUntil).getTime() > Date.now() ? (
                <span className="mt-1 block text-xs font-medium text-destructive">{t("mobileAccess.users.locked", { date: formatDateTime(u.lockedUntil) })}</span>
              ) : null}
            </td>
            <td className="whitespace-nowrap px-4 py-3 tabular-nums">{formatDateTime(u.createdAt)}</td>
            <td className="px-4 py-3">
              <div className="flex justify-end gap-1.5">
                {userActions(u.status).map((action) => (
                  <Button
                    key={action}
                    size="sm"
                    variant={action === "revoke" ? "destructive" : action === "suspend" ? "outline" : "default"}
                    onClick={() => setTarget({ user: u, action })}
                    aria-label={`${t(`mobileAccess.userActions.${action}`)} ${u.fullName}`}
                    data-testid={`user-${action}`}
                  >
                    {t(`mobileAccess.userActions.${action}`)}
                  </Button>
                ))}
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
      <ListFooter query={query} loaded={users.length} total={query.data?.pages[0]?.total ?? null} testId="mobile-users" />
      <StatusDialog key={target ? `${target.user.id}-${target.action}` : "none"} target={target} onClose={() => setTarget(null)} />
      <RegisterDialog open={registering} onOpenChange={setRegistering} />
    </Card>
  );
}

function StatusDialog({ target, onClose }: { target: { user: MobileUser; action: UserAction } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reasonId = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const action = target?.action ?? "approve";
  const withReason = needsReason(action);

  const mutation = useMutation({
    mutationFn: ({ id, body }: { id: string; body: { status: string; reason: string } }) => setMobileUserStatus(id, body),
    onSuccess: (user) => {
      toast({ title: t("mobileAccess.toasts.statusChanged"), description: `${user.fullName} : ${t(`mobileAccess.userStatus.${user.status}`, { defaultValue: user.status })}` });
      onClose();
    },
    onError: (err) => {
      const message = err instanceof ApiError ? describeError(err, t) : t("mobileAccess.toasts.statusFailed");
      setError(message);
      toast({ title: t("mobileAccess.toasts.statusFailed"), description: message, variant: "destructive" });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: mobileAccessKeys.users });
      void queryClient.invalidateQueries({ queryKey: mobileAccessKeys.codes });
    },
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!target) return;
    const trimmed = reason.trim();
    if (withReason && !trimmed) {
      setError(t("mobileAccess.statusDialog.reasonRequired"));
      return;
    }
    setError(null);
    mutation.mutate({ id: target.user.id, body: { status: ACTION_STATUS[action], reason: trimmed } });
  }

  const errorId = `${reasonId}-error`;
  return (
    <Dialog open={target !== null} onOpenChange={(open) => (open || mutation.isPending ? undefined : onClose())}>
      <DialogContent data-testid="user-status-dialog">
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t(`mobileAccess.statusDialog.titles.${action}`)}</DialogTitle>
            <DialogDescription>{t(`mobileAccess.statusDialog.descriptions.${action}`, { name: target?.user.fullName ?? "" })}</DialogDescription>
          </DialogHeader>
          {withReason ? (
            <div className="space-y-2">
              <Label htmlFor={reasonId}>
                {t("mobileAccess.statusDialog.reason")}
                <span aria-hidden="true" className="ml-0.5 text-destructive">*</span>
              </Label>
              <Textarea
                id={reasonId}
                rows={3}
                value={reason}
                maxLength={1000}
                data-testid="user-status-reason"
                onChange={(e) => {
                  setReason(e.target.value);
                  if (error) setError(null);
                }}
                aria-required="true"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
              />
            </div>
          ) : null}
          {error ? (
            <p id={errorId} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
              {t("mobileAccess.dialog.cancel")}
            </Button>
            <Button
              type="submit"
              variant={action === "revoke" || action === "suspend" ? "destructive" : "default"}
              disabled={mutation.isPending}
              data-testid="user-status-confirm"
            >
              {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {t(`mobileAccess.userActions.${action}`)}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const EMPTY: RegistrationInput = { fullName: "", phoneNumber: "", nationalId: "", email: "", platform: "" };

function RegisterDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const base = useId();
  const [form, setForm] = useState<RegistrationInput>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<RegistrationField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: (body: Record<string, string>) => registerMobileUser(body),
    onSuccess: (user) => {
      toast({ title: t("mobileAccess.toasts.registered"), description: `${user.fullName} — ${t("mobileAccess.toasts.registeredDescription")}` });
      close();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) {
        setFormError(t("mobileAccess.validation.conflict"));
      } else if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
        const next: Partial<Record<RegistrationField, string>> = {};
        for (const key of Object.keys(err.fields)) {
          if (isRegistrationField(key)) next[key] = t(`mobileAccess.validation.${key}`);
        }
        setErrors(next);
        setFormError(t("mobileAccess.validation.fix"));
      } else {
        setFormError(err instanceof ApiError ? describeError(err, t) : t("mobileAccess.toasts.registerFailed"));
      }
      toast({ title: t("mobileAccess.toasts.registerFailed"), variant: "destructive" });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: mobileAccessKeys.users }),
  });

  function close() {
    setForm(EMPTY);
    setErrors({});
    setFormError(null);
    mutation.reset();
    onOpenChange(false);
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const bad = validateRegistration(form);
    setErrors(Object.fromEntries(bad.map((f) => [f, t(`mobileAccess.validation.${f}`)])));
    setFormError(null);
    if (bad.length > 0) return;
    const body: Record<string, string> = {
      fullName: form.fullName.trim(),
      phoneNumber: form.phoneNumber.trim(),
      nationalId: form.nationalId.trim(),
    };
    if (form.email.trim()) body.email = form.email.trim();
    if (form.platform) body.platform = form.platform;
    mutation.mutate(body);
  }

  const field = (name: Exclude<RegistrationField, "platform">, label: string, extra: { type?: string; hint?: string; placeholder?: string } = {}) => {
    const id = `${base}-${name}`;
    const err = errors[name];
    const described = [extra.hint ? `${id}-hint` : "", err ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
    return (
      <div className="space-y-1.5">
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          type={extra.type ?? "text"}
          value={form[name]}
          placeholder={extra.placeholder}
          onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))}
          aria-invalid={err ? true : undefined}
          aria-describedby={described}
          data-testid={`register-${name}`}
        />
        {extra.hint ? (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {extra.hint}
          </p>
        ) : null}
        {err ? (
          <p id={`${id}-error`} className="text-sm text-destructive">
            {err}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : mutation.isPending ? undefined : close())}>
      <DialogContent data-testid="register-dialog">
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t("mobileAccess.register.title")}</DialogTitle>
            <DialogDescription>{t("mobileAccess.register.description")}</DialogDescription>
          </DialogHeader>
          {field("fullName", t("mobileAccess.register.fullName"))}
          {field("phoneNumber", t("mobileAccess.register.phoneNumber"), { type: "tel", hint: t("mobileAccess.register.phoneHint"), placeholder: "+252 63 4123456" })}
          {field("nationalId", t("mobileAccess.register.nationalId"))}
          {field("email", t("mobileAccess.register.email"), { type: "email" })}
          <div className="space-y-1.5">
            <Label htmlFor={`${base}-platform`}>{t("mobileAccess.register.platform")}</Label>
            <NativeSelect
              id={`${base}-platform`}
              value={form.platform}
              onChange={(e) => setForm((f) => ({ ...f, platform: e.target.value as RegistrationInput["platform"] }))}
              data-testid="register-platform"
            >
              <option value="">{t("mobileAccess.register.noPlatform")}</option>
              <option value="android">android</option>
              <option value="ios">ios</option>
            </NativeSelect>
          </div>
          {formError ? (
            <p role="alert" className="text-sm text-destructive">
              {formError}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={close} disabled={mutation.isPending}>
              {t("mobileAccess.dialog.cancel")}
            </Button>
            <Button type="submit" disabled={mutation.isPending} data-testid="register-submit">
              {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {t("mobileAccess.register.submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
