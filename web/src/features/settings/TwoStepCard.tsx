import { useId, useState } from "react";
import type { FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Loader2, ShieldCheck } from "lucide-react";
import { ApiError } from "@/api/client";
import { describeError } from "@/api/errors";
import type { CurrentUser } from "@/api/types";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { sharedKeys } from "@/api/keys";
import { TotpEnrolment } from "@/features/settings/TotpEnrolment";
import { disableTotp, settingsKeys, totpStatusOptions } from "@/features/settings/api";

/** A 6-digit code goes to the server as `code`, anything else as the password. */
export function disableBody(proof: string): { code: string } | { password: string } {
  const digits = proof.replace(/\s/g, "");
  return /^\d{6}$/.test(digits) ? { code: digits } : { password: proof };
}

/** Turning two-step verification off: a current code or the password. */
function DisableForm({ onDisabled }: { onDisabled: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [proof, setProof] = useState("");
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => disableTotp(disableBody(proof)),
    onSuccess: () => {
      setProof("");
      toast({ title: t("settings.totp.disabled") });
      onDisabled();
    },
    onError: (err) => setError(err instanceof ApiError ? describeError(err, t) : t("settings.totp.failed")),
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!proof) {
      setError(t("settings.totp.disableRequired"));
      return;
    }
    mutation.mutate();
  }
  return (
    <form onSubmit={submit} className="space-y-2 border-t pt-4" data-testid="totp-disable-form">
      <Label htmlFor={id}>{t("settings.totp.disableLabel")}</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={id}
          type="password"
          autoComplete="off"
          value={proof}
          onChange={(e) => setProof(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className="max-w-64"
          data-testid="totp-disable-proof"
        />
        <Button type="submit" variant="outline" disabled={mutation.isPending} data-testid="totp-disable">
          {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {t("settings.totp.disable")}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {t("settings.totp.disableHint")}
        </p>
      )}
    </form>
  );
}

/** Settings card "Two-step verification": its state, setting it up, turning it off. */
export function TwoStepCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery(totpStatusOptions());
  const [enrolling, setEnrolling] = useState(false);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: settingsKeys.totp });
    void queryClient.invalidateQueries({ queryKey: sharedKeys.authUser });
  };
  const enabled = status.data?.enabled ?? false;

  return (
    <Card data-testid="totp-card">
      <CardHeader>
        <CardTitle as="h2" className="flex flex-wrap items-center gap-2">
          <ShieldCheck className="h-5 w-5 text-primary" aria-hidden="true" />
          {t("settings.totp.title")}
          {status.data ? (
            <Badge variant={enabled ? "default" : "outline"} data-testid="totp-state">
              {enabled ? t("settings.totp.on") : t("settings.totp.off")}
            </Badge>
          ) : null}
        </CardTitle>
        <CardDescription>{t("settings.totp.description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {status.isLoading ? (
          <Skeleton className="h-10" />
        ) : status.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t("settings.totp.loadFailed")}
          </p>
        ) : enrolling ? (
          <TotpEnrolment
            account={user.email ?? ""}
            onEnabled={() => void queryClient.invalidateQueries({ queryKey: settingsKeys.totp })}
            onDone={() => {
              setEnrolling(false);
              refresh();
            }}
            onCancel={() => setEnrolling(false)}
          />
        ) : enabled ? (
          <>
            <p className="text-sm" data-testid="totp-recovery-left">
              {t("settings.totp.recoveryLeft", { count: status.data?.recoveryCodesLeft ?? 0 })}
            </p>
            <DisableForm onDisabled={refresh} />
          </>
        ) : (
          <>
            {status.data?.required ? (
              <p role="status" className="text-sm font-medium text-destructive">
                {t("settings.totp.required")}
              </p>
            ) : null}
            <Button type="button" onClick={() => setEnrolling(true)} data-testid="totp-setup">
              {t("settings.totp.setUp")}
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
