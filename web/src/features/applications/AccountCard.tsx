import { useState } from "react";
import type { FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Loader2, MailCheck, UserPlus } from "lucide-react";
import { ApiError } from "@/api/client";
import { describeError, describeFieldErrors } from "@/api/errors";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { validEmail } from "@/lib/contactValidation";
import { registerAccount } from "@/features/applications/api";
import { fieldErrorText } from "@/lib/fieldErrorText";

interface AccountValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

type AccountErrors = Partial<Record<keyof AccountValues, string>>;

/** Minimum password length for an applicant account. */
export const MIN_PASSWORD = 8;

/** Checks the applicant account form; values are i18n keys or server text. */
export function validateAccount(v: AccountValues): AccountErrors {
  const e: AccountErrors = {};
  if (!v.firstName.trim()) e.firstName = "apply.account.required";
  if (!v.lastName.trim()) e.lastName = "apply.account.required";
  if (!v.email.trim()) e.email = "apply.account.required";
  else if (!validEmail(v.email.trim().toLowerCase())) e.email = "apply.account.invalidEmail";
  if (v.password.length < MIN_PASSWORD) e.password = "apply.account.passwordShort";
  return e;
}

/**
 * The signed-out step of /apply: create a citizen account or sign in. The
 * server answers every registration the same way (it never says whether an
 * address has an account) and e-mails a confirmation link; this card then
 * tells the person to check their e-mail and sign in after confirming.
 */
export function AccountCard({ next }: { next: string }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<AccountValues>({ firstName: "", lastName: "", email: "", password: "" });
  const [errors, setErrors] = useState<AccountErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: (body: AccountValues) => registerAccount(body),
    onSuccess: (_, body) => setSentTo(body.email),
    onError: (err) => {
      if (err instanceof ApiError) {
        setErrors(describeFieldErrors(err, t) as AccountErrors);
        setFailure(describeError(err, t));
      } else {
        setFailure(t("login.networkError"));
      }
    },
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setFailure(null);
    const found = validateAccount(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    mutation.mutate({
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim().toLowerCase(),
      password: values.password,
    });
  }

  const msg = (v: string | undefined) => fieldErrorText(v, t);
  const signInHref = `/login?next=${encodeURIComponent(next)}`;
  if (sentTo) {
    return (
      <Card className="mx-auto w-full max-w-lg" data-testid="account-check-email">
        <CardHeader>
          <MailCheck className="mb-2 h-8 w-8 text-primary" aria-hidden="true" />
          <CardTitle as="h2">{t("apply.account.checkEmailTitle")}</CardTitle>
          <CardDescription role="status">{t("apply.account.checkEmail", { email: sentTo })}</CardDescription>
        </CardHeader>
        <CardContent>
          <Link href={signInHref} className="font-medium text-primary underline underline-offset-4" data-testid="account-sign-in">
            {t("apply.account.signIn")}
          </Link>
        </CardContent>
      </Card>
    );
  }
  const field = (key: keyof AccountValues, type: string, autoComplete: string, hint?: string) => {
    const id = `account-${key}`;
    const error = msg(errors[key]);
    const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
    return (
      <div className="space-y-2">
        <Label htmlFor={id}>{t(`apply.account.${key}`)}</Label>
        <Input
          id={id}
          type={type}
          autoComplete={autoComplete}
          value={values[key]}
          onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-required="true"
        />
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-error`} className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <Card className="mx-auto w-full max-w-lg" data-testid="account-card">
      <CardHeader>
        <CardTitle as="h2">{t("apply.account.title")}</CardTitle>
        <CardDescription>{t("apply.account.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {field("firstName", "text", "given-name")}
            {field("lastName", "text", "family-name")}
          </div>
          {field("email", "email", "email")}
          {field("password", "password", "new-password", `${t("apply.account.passwordHint")} ${t("apply.account.passwordCommon")}`)}
          {failure ? (
            <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive">
              <p>{`${t("apply.account.failed")}: ${failure}`}</p>
            </div>
          ) : null}
          <Button type="submit" className="w-full" disabled={mutation.isPending} data-testid="account-submit">
            {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
            {mutation.isPending ? t("apply.account.submitting") : t("apply.account.submit")}
          </Button>
          <p className="text-center text-sm text-muted-foreground">
            {t("apply.account.haveAccount")}{" "}
            <Link href={signInHref} className="font-medium text-primary underline underline-offset-4" data-testid="account-sign-in">
              {t("apply.account.signIn")}
            </Link>
          </p>
        </form>
      </CardContent>
    </Card>
  );
}
