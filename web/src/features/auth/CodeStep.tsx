import { useState } from "react";
import type { FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Loader2 } from "lucide-react";
import { ApiError } from "@/api/client";
import { describeError } from "@/api/errors";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { confirmSecondStep } from "@/features/auth/api";
import { challengeIsOver } from "@/features/auth/secondFactor";

/**
 * The sign-in's second step: the 6-digit code from the authenticator app, or a recovery code.
 * A wrong code stays here; an expired or exhausted challenge goes back to the password
 * (onRestart with the server's message).
 */
export function CodeStep({ challenge, onSignedIn, onRestart }: {
  challenge: string;
  onSignedIn: () => void;
  onRestart: (message: string | null) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState("");
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => confirmSecondStep({ challenge, code: code.trim() }),
    onSuccess: () => onSignedIn(),
    onError: (err) => {
      if (challengeIsOver(err)) {
        onRestart(err instanceof ApiError ? describeError(err, t) : null);
        return;
      }
      if (err instanceof ApiError) setError(err.faults.code ? t("login.totp.wrongCode") : describeError(err, t));
      else setError(t("login.networkError"));
      setCode("");
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!code.trim()) {
      setError(t(recovery ? "login.totp.recoveryRequired" : "login.totp.codeRequired"));
      return;
    }
    mutation.mutate();
  }

  return (
    <form onSubmit={submit} className="space-y-4" data-testid="login-code-step">
      <div className="space-y-2">
        <Label htmlFor="login-code">{t(recovery ? "login.totp.recoveryLabel" : "login.totp.codeLabel")}</Label>
        <Input
          id="login-code"
          key={recovery ? "recovery" : "code"}
          // The code step replaces the password step the person just submitted: focus follows to
          // its only field instead of falling back to the page.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          inputMode={recovery ? "text" : "numeric"}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={recovery ? 13 : 7}
          placeholder={recovery ? "xxxxx-xxxxx" : "123456"}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "login-code-error" : "login-code-hint"}
          className="text-center font-mono text-lg tracking-widest"
          data-testid="login-code"
        />
        <p id="login-code-hint" className="text-xs text-muted-foreground">
          {t(recovery ? "login.totp.recoveryHint" : "login.totp.codeHint")}
        </p>
      </div>
      {error ? (
        <p id="login-code-error" role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={mutation.isPending} data-testid="login-code-submit">
        {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {mutation.isPending ? t("login.submitting") : t("login.totp.verify")}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Button
          type="button"
          variant="link"
          className="h-auto p-0"
          onClick={() => {
            setRecovery((r) => !r);
            setCode("");
            setError(null);
          }}
          data-testid="login-code-toggle"
        >
          {t(recovery ? "login.totp.useApp" : "login.totp.useRecovery")}
        </Button>
        <Button type="button" variant="link" className="h-auto p-0" onClick={() => onRestart(null)}>
          {t("login.totp.restart")}
        </Button>
      </div>
    </form>
  );
}
