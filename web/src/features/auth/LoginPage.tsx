import { useState } from "react";
import type { FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearch } from "wouter";
import { Loader2, Shield, Smartphone } from "lucide-react";
import { ApiError } from "@/api/client";
import { describeError } from "@/api/errors";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { signIn } from "@/features/auth/api";
import { CodeStep } from "@/features/auth/CodeStep";
import { secondFactorChallenge } from "@/features/auth/secondFactor";
import { PublicFrame } from "@/features/shell/PublicFrame";
import { usePageTitle } from "@/lib/usePageTitle";

interface LoginBody {
  email: string;
  password: string;
}

/** A same-site path to return to after signing in (?next=/apply), or "/". */
export function safeNext(search: string): string {
  const next = new URLSearchParams(search).get("next");
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/";
  return next;
}

/**
 * The sign-in page /api/login redirects to. It posts the credentials as JSON;
 * on success the server sets the HttpOnly session cookie and we reload at /.
 */
export function LoginPage({ navigate = (url: string) => window.location.assign(url) }: {
  navigate?: (url: string) => void;
}) {
  const { t } = useTranslation();
  usePageTitle(t("login.title"));
  const search = useSearch();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  // Set when the password was right and the account has two-step verification on.
  const [challenge, setChallenge] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: (body: LoginBody) => signIn(body),
    onSuccess: () => navigate(safeNext(search)),
    onError: (err) => {
      const next = secondFactorChallenge(err);
      if (next) {
        setChallenge(next);
        setPassword("");
        return;
      }
      const message =
        err instanceof ApiError ? describeError(err, t) : t("login.networkError");
      setError(message);
      toast({ title: t("login.failedTitle"), description: message, variant: "destructive" });
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    mutation.mutate({ email: email.trim(), password });
  }

  return (
    <PublicFrame
      back={t("login.backHome")}
      header="plain"
      column
      mainClassName="flex flex-1 items-start justify-center px-4 pb-16 pt-6 sm:items-center sm:pt-0"
    >
      <Card className="w-full max-w-sm">
        <CardHeader className="items-center text-center">
          {challenge ? (
            <Smartphone className="mb-2 h-10 w-10 text-primary" aria-hidden="true" />
          ) : (
            <Shield className="mb-2 h-10 w-10 text-primary" aria-hidden="true" />
          )}
          <CardTitle as="h1" className="text-xl">
            {challenge ? t("login.totp.title") : t("login.title")}
          </CardTitle>
          <CardDescription>{challenge ? t("login.totp.subtitle") : t("login.subtitle")}</CardDescription>
        </CardHeader>
        <CardContent>
          {challenge ? (
            <CodeStep
              challenge={challenge}
              onSignedIn={() => navigate(safeNext(search))}
              onRestart={(message) => {
                setChallenge(null);
                setError(message);
              }}
            />
          ) : (
            <form onSubmit={onSubmit} className="space-y-4" noValidate={false}>
              <div className="space-y-2">
                <Label htmlFor="login-email">{t("login.email")}</Label>
                <Input
                  id="login-email"
                  type="email"
                  autoComplete="username"
                  required
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? "login-error" : undefined}
                />
              </div>
              <div className="space-y-2">
                <Label htmlFor="login-password">{t("login.password")}</Label>
                <Input
                  id="login-password"
                  type="password"
                  autoComplete="current-password"
                  required
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? "login-error" : undefined}
                />
              </div>
              {error ? (
                <p
                  id="login-error"
                  role="alert"
                  className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive"
                >
                  {error}
                </p>
              ) : null}
              <Button type="submit" className="w-full" disabled={mutation.isPending}>
                {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                {mutation.isPending ? t("login.submitting") : t("login.submit")}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </PublicFrame>
  );
}

export default LoginPage;
