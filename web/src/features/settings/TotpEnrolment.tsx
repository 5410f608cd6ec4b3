import { useId, useState } from "react";
import type { FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Loader2 } from "lucide-react";
import { ApiError } from "@/api/client";
import { describeError } from "@/api/errors";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { confirmTotp, startTotp } from "@/features/settings/api";
import { RecoveryCodes } from "@/features/settings/RecoveryCodes";

/** The manual key in groups of four, as authenticator apps show it. */
function groupKey(key: string): string {
  return key.replace(/(.{4})/g, "$1 ").trim();
}

/** The step's main button (a submit button when onClick is not given) and Cancel. */
function Actions({ pending, label, onClick, onCancel, testId }: {
  pending: boolean;
  label: string;
  onClick?: () => void;
  onCancel?: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-2">
      <Button type={onClick ? "button" : "submit"} onClick={onClick} disabled={pending} data-testid={testId}>
        {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
        {label}
      </Button>
      {onCancel ? (
        <Button type="button" variant="outline" onClick={onCancel}>
          {t("common.cancel")}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * Setting up two-step verification: a fresh secret as a QR code and as a key to type, a field for
 * the first code, then the recovery codes (once). onEnabled runs when the server turned it on,
 * onDone when the user has put the recovery codes away.
 */
export function TotpEnrolment({ account, onEnabled, onDone, onCancel }: {
  account: string;
  onEnabled?: () => void;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const codeId = useId();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [recovery, setRecovery] = useState<string[] | null>(null);

  const start = useMutation({ mutationFn: startTotp });
  const confirm = useMutation({
    mutationFn: () => confirmTotp(code.trim()),
    onSuccess: (res) => {
      setRecovery(res.recoveryCodes);
      onEnabled?.();
    },
    onError: (err) => setError(err instanceof ApiError ? (err.faults.code ? t("settings.totp.wrongCode") : describeError(err, t)) : t("settings.totp.failed")),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!/^\d{6}$/.test(code.replace(/\s/g, ""))) {
      setError(t("login.totp.codeRequired"));
      document.getElementById(codeId)?.focus();
      return;
    }
    confirm.mutate();
  }

  if (recovery) return <RecoveryCodes codes={recovery} account={account} onDone={onDone} />;

  if (!start.data) {
    return (
      <div className="space-y-3">
        {start.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {start.error instanceof ApiError ? describeError(start.error, t) : t("settings.totp.failed")}
          </p>
        ) : null}
        <Actions pending={start.isPending} label={t("settings.totp.start")} onClick={() => start.mutate()} onCancel={onCancel} testId="totp-start" />
      </div>
    );
  }

  const { secret, qrCode } = start.data;
  return (
    <form onSubmit={submit} className="space-y-4" data-testid="totp-enrolment">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
        <li>{t("settings.totp.step1")}</li>
        <li>{t("settings.totp.step2")}</li>
        <li>{t("settings.totp.step3")}</li>
      </ol>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <img
          src={qrCode}
          alt={t("settings.totp.qrAlt")}
          width={184}
          height={184}
          className="h-46 w-46 shrink-0 rounded-md border bg-white p-1"
          data-testid="totp-qr"
        />
        <div className="min-w-0 space-y-1 self-stretch">
          <p className="text-sm font-medium">{t("settings.totp.manualKey")}</p>
          <p className="break-all rounded-md bg-muted px-3 py-2 font-mono text-sm" data-testid="totp-secret" data-secret={secret}>
            {groupKey(secret)}
          </p>
          <p className="text-xs text-muted-foreground">{t("settings.totp.manualHint")}</p>
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={codeId}>{t("login.totp.codeLabel")}</Label>
        <Input
          id={codeId}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          placeholder="123456"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${codeId}-error` : undefined}
          className="max-w-40 font-mono tracking-widest"
          data-testid="totp-code"
        />
        {error ? (
          <p id={`${codeId}-error`} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      <Actions pending={confirm.isPending} label={t("settings.totp.confirm")} onCancel={onCancel} testId="totp-confirm" />
    </form>
  );
}
