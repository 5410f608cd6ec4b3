import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { CircleAlert, CircleCheck, Loader2 } from "lucide-react";
import { ApiError } from "@/api/client";
import { describeError } from "@/api/errors";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { confirmEmail } from "@/features/confirm-email/api";
import { PublicFrame } from "@/features/shell/PublicFrame";
import { usePageTitle } from "@/lib/usePageTitle";

/** The token of a confirmation link (/confirm-email#token=...), kept in the fragment so it never reaches logs. */
export function tokenFromHash(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, "")).get("token")?.trim() ?? "";
}

type State = { kind: "pending" } | { kind: "done" } | { kind: "failed"; message: string };

/**
 * /confirm-email: the link of a registration e-mail. It posts the token once,
 * removes it from the address bar, and tells the person to sign in.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  usePageTitle(t("confirmEmail.title"));
  const [state, setState] = useState<State>({ kind: "pending" });
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const token = tokenFromHash(window.location.hash);
    window.history.replaceState(null, "", window.location.pathname);
    if (!token) {
      setState({ kind: "failed", message: t("confirmEmail.missingToken") });
      return;
    }
    confirmEmail(token)
      .then(() => setState({ kind: "done" }))
      .catch((err: unknown) =>
        setState({ kind: "failed", message: err instanceof ApiError ? describeError(err, t) : t("login.networkError") }),
      );
  }, [t]);

  return (
    <PublicFrame
      back={t("confirmEmail.backHome")}
      header="plain"
      column
      mainClassName="flex flex-1 items-start justify-center px-4 pb-16 pt-6 sm:items-center sm:pt-0"
    >
      <Card className="w-full max-w-md" data-testid="confirm-email" data-state={state.kind}>
        <CardHeader className="items-center text-center">
          {state.kind === "pending" ? (
            <Loader2 className="mb-2 h-10 w-10 animate-spin text-primary" aria-hidden="true" />
          ) : state.kind === "done" ? (
            <CircleCheck className="mb-2 h-10 w-10 text-primary" aria-hidden="true" />
          ) : (
            <CircleAlert className="mb-2 h-10 w-10 text-destructive" aria-hidden="true" />
          )}
          <CardTitle as="h1" className="text-xl">
            {state.kind === "done"
              ? t("confirmEmail.successTitle")
              : state.kind === "failed"
                ? t("confirmEmail.failedTitle")
                : t("confirmEmail.title")}
          </CardTitle>
          <CardDescription role={state.kind === "failed" ? "alert" : "status"}>
            {state.kind === "pending"
              ? t("confirmEmail.pending")
              : state.kind === "done"
                ? t("confirmEmail.success")
                : state.message}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex justify-center">
          {state.kind === "done" ? (
            <Link
              href="/login?next=%2Fapply"
              className="inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90"
              data-testid="confirm-sign-in"
            >
              {t("confirmEmail.signIn")}
            </Link>
          ) : state.kind === "failed" ? (
            <Link href="/apply" className="text-sm font-medium text-primary underline underline-offset-4">
              {t("confirmEmail.registerAgain")}
            </Link>
          ) : null}
        </CardContent>
      </Card>
    </PublicFrame>
  );
}

export default ConfirmEmailPage;
