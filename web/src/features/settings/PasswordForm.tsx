import { useId, useState } from "react";
import type { FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Loader2 } from "lucide-react";
import { ApiError } from "@/api/client";
import { describeError, describeFieldErrors } from "@/api/errors";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { changePassword } from "@/features/settings/api";
import { fieldErrorText } from "@/lib/fieldErrorText";

type Field = "currentPassword" | "newPassword" | "confirmPassword";

/** Browser-side checks (the server's rules: 8 to 128 characters, different from the current one). */
export function checkPasswordChange(values: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.currentPassword) errors.currentPassword = "settings.password.errors.currentRequired";
  const n = [...values.newPassword].length;
  if (n < 8) errors.newPassword = "settings.password.errors.tooShort";
  else if (n > 128) errors.newPassword = "settings.password.errors.tooLong";
  else if (values.newPassword === values.currentPassword) errors.newPassword = "settings.password.errors.same";
  if (!errors.newPassword && values.confirmPassword !== values.newPassword) {
    errors.confirmPassword = "settings.password.errors.mismatch";
  }
  return errors;
}

/** Change my password: current, new and confirmation. Other sessions end on the server. */
export function PasswordForm({ onChanged, idPrefix = "password" }: { onChanged?: () => void; idPrefix?: string }) {
  const { t } = useTranslation();
  const formId = useId();
  const [values, setValues] = useState<Record<Field, string>>({ currentPassword: "", newPassword: "", confirmPassword: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: () => changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword }),
    onSuccess: () => {
      setValues({ currentPassword: "", newPassword: "", confirmPassword: "" });
      setErrors({});
      setFormError(null);
      toast({ title: t("settings.password.changed"), description: t("settings.password.changedDescription") });
      onChanged?.();
    },
    onError: (err) => {
      if (err instanceof ApiError) {
        const f = describeFieldErrors(err, t);
        const next: Partial<Record<Field, string>> = {};
        if (f.currentPassword) next.currentPassword = f.currentPassword;
        if (f.newPassword) next.newPassword = f.newPassword;
        setErrors(next);
        setFormError(Object.keys(next).length ? null : describeError(err, t));
      } else {
        setFormError(t("settings.password.failed"));
      }
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = checkPasswordChange(values);
    setErrors(found);
    setFormError(null);
    const first = (Object.keys(found) as Field[])[0];
    if (first) {
      document.getElementById(`${formId}-${first}`)?.focus();
      return;
    }
    mutation.mutate();
  }

  const text = (v: string | undefined) => fieldErrorText(v, t);
  const field = (name: Field, autoComplete: string) => {
    const id = `${formId}-${name}`;
    const error = text(errors[name]);
    return (
      <div className="space-y-1.5">
        <Label htmlFor={id}>{t(`settings.password.${name}`)}</Label>
        <Input
          id={id}
          name={name}
          type="password"
          autoComplete={autoComplete}
          value={values[name]}
          onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid={`${idPrefix}-${name}`}
        />
        {error ? (
          <p id={`${id}-error`} className="text-sm text-destructive" data-testid={`${idPrefix}-error-${name}`}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-4" data-testid={`${idPrefix}-form`}>
      {field("currentPassword", "current-password")}
      {field("newPassword", "new-password")}
      {field("confirmPassword", "new-password")}
      <p className="text-xs text-muted-foreground">{t("settings.password.hint")}</p>
      {formError ? (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      ) : null}
      <Button type="submit" disabled={mutation.isPending} data-testid={`${idPrefix}-submit`}>
        {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {t("settings.password.submit")}
      </Button>
    </form>
  );
}
