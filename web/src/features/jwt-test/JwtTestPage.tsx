import { useState } from "react";
import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { KeyRound, Loader2, LogIn, Trash2, UserPlus, UserRound } from "lucide-react";
import { ApiError } from "@/api/client";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/components/ui/use-toast";
import { guestSignInForToken, readWithToken, registerForToken, signInForToken } from "@/features/jwt-test/api";
import { PublicFrame } from "@/features/shell/PublicFrame";
import {
  GUEST_REDIRECT_MS,
  PROTECTED_ENDPOINTS,
  registerRoles,
} from "@/features/jwt-test/messages";
import { isDevelopmentMode } from "@/lib/serverMode";
import { usePageTitle } from "@/lib/usePageTitle";

interface RawResponse {
  label: string;
  status: number | null;
  body: unknown;
}

interface CallResult {
  ok: boolean;
  status: number;
  body: unknown;
}

/**
 * A call of the typed client as this page shows it: the status and the body, a refusal's too
 * (the client throws ApiError for it, which keeps the status and the body's text).
 */
async function call(request: Promise<{ data?: unknown; response: Response }>): Promise<CallResult> {
  try {
    const { data, response } = await request;
    return { ok: true, status: response.status, body: data ?? null };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    let body: unknown = err.bodyText;
    try {
      body = err.bodyText ? JSON.parse(err.bodyText) : null;
    } catch {
      // Keep the raw text.
    }
    return { ok: false, status: err.status, body };
  }
}

function messageOf(body: unknown): string | undefined {
  if (body && typeof body === "object" && typeof (body as { message?: unknown }).message === "string") {
    return (body as { message: string }).message;
  }
  return undefined;
}

function tokenOf(body: unknown): string | undefined {
  if (body && typeof body === "object") {
    const token = (body as { access_token?: unknown }).access_token;
    if (typeof token === "string") return token;
  }
  return undefined;
}

/**
 * Developer page for the token endpoints (spec 001 §2, §5, §8). The token
 * lives in component state only, never in storage.
 */
export function JwtTestPage({ navigate = (url: string) => window.location.assign(url) }: {
  navigate?: (url: string) => void;
}) {
  const { t } = useTranslation();
  usePageTitle(t("jwt.title"));
  const [token, setToken] = useState<string | null>(null);
  const [raw, setRaw] = useState<RawResponse | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const [reg, setReg] = useState({
    email: "",
    password: "",
    firstName: "",
    lastName: "",
    role: "citizen" as string,
    institution: "",
  });
  const [login, setLogin] = useState({ email: "", password: "" });
  const [guest, setGuest] = useState({ username: "", password: "" });

  async function run<T>(key: string, fn: () => Promise<T>): Promise<T | undefined> {
    setBusy(key);
    try {
      return await fn();
    } finally {
      setBusy(null);
    }
  }

  async function onRegister(event: FormEvent) {
    event.preventDefault();
    const missing = !reg.email
      ? t("jwt.errors.emailRequired")
      : !reg.password
        ? t("jwt.errors.passwordRequired")
        : !reg.firstName
          ? t("jwt.errors.firstNameRequired")
          : !reg.lastName
            ? t("jwt.errors.lastNameRequired")
            : null;
    if (missing) {
      toast({ title: missing, variant: "destructive" });
      return;
    }
    await run("register", async () => {
      try {
        const body = {
          email: reg.email.trim(),
          password: reg.password,
          firstName: reg.firstName.trim(),
          lastName: reg.lastName.trim(),
          role: reg.role,
          ...(reg.institution.trim() ? { institution: reg.institution.trim() } : {}),
        };
        const res = await call(registerForToken(body));
        setRaw({ label: "POST /api/auth/register", status: res.status, body: res.body });
        if (res.status === 202) {
          // Self-registration: the account exists once the e-mailed link is followed.
          toast({ title: t("jwt.checkEmail"), description: messageOf(res.body) });
        } else if (res.status === 200 || res.status === 201) {
          const tk = tokenOf(res.body);
          if (tk) setToken(tk);
          toast({ title: t("jwt.registered"), description: messageOf(res.body) });
        } else if (res.status === 409) {
          toast({ title: t("jwt.errors.userExistsTitle"), description: t("jwt.errors.userExistsDescription"), variant: "destructive" });
        } else {
          toast({
            title: t("jwt.errors.registrationErrorTitle"),
            description: messageOf(res.body) ?? t("jwt.errors.httpError", { status: res.status }),
            variant: "destructive",
          });
        }
      } catch {
        toast({ title: t("jwt.errors.networkErrorTitle"), description: t("jwt.errors.networkErrorDescription"), variant: "destructive" });
      }
    });
  }

  async function onLogin(event: FormEvent) {
    event.preventDefault();
    await run("login", async () => {
      try {
        const res = await call(signInForToken({ email: login.email.trim(), password: login.password }));
        setRaw({ label: "POST /api/auth/login", status: res.status, body: res.body });
        const tk = tokenOf(res.body);
        if (res.ok && tk) {
          setToken(tk);
          toast({ title: t("jwt.loggedIn"), description: messageOf(res.body) });
        } else {
          toast({
            title: t("jwt.errors.loginErrorTitle"),
            description: messageOf(res.body) ?? t("jwt.errors.httpError", { status: res.status }),
            variant: "destructive",
          });
        }
      } catch {
        toast({ title: t("jwt.errors.loginErrorTitle"), description: t("jwt.errors.networkErrorTitle"), variant: "destructive" });
      }
    });
  }

  async function onGuestLogin(event: FormEvent) {
    event.preventDefault();
    await run("guest", async () => {
      try {
        const res = await call(guestSignInForToken({ username: guest.username.trim(), password: guest.password }));
        setRaw({ label: "POST /api/auth/guest-login", status: res.status, body: res.body });
        const tk = tokenOf(res.body);
        if (res.ok && tk) {
          setToken(tk);
          toast({ title: t("jwt.guestLoggedIn"), description: t("jwt.redirecting") });
          setTimeout(() => navigate("/"), GUEST_REDIRECT_MS);
        } else {
          toast({
            title: t("jwt.errors.guestLoginErrorTitle"),
            description: messageOf(res.body) ?? t("jwt.errors.httpError", { status: res.status }),
            variant: "destructive",
          });
        }
      } catch {
        toast({ title: t("jwt.errors.guestLoginErrorTitle"), description: t("jwt.errors.networkErrorTitle"), variant: "destructive" });
      }
    });
  }

  async function callProtected(path: (typeof PROTECTED_ENDPOINTS)[number]["path"]) {
    if (!token) {
      toast({ title: t("jwt.errors.loginFirst"), variant: "destructive" });
      return;
    }
    await run(path, async () => {
      try {
        const res = await call(readWithToken(path, token));
        setRaw({ label: `GET ${path}`, status: res.status, body: res.body });
        if (!res.ok) {
          toast({ title: t("jwt.errors.accessDenied"), description: messageOf(res.body), variant: "destructive" });
        }
      } catch {
        setRaw({ label: `GET ${path}`, status: null, body: t("jwt.errors.networkErrorDescription") });
        toast({ title: t("jwt.errors.networkErrorTitle"), description: t("jwt.errors.networkErrorDescription"), variant: "destructive" });
      }
    });
  }

  return (
    <PublicFrame back={t("jwt.backHome")} mainClassName="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t("jwt.title")}</h1>
      <p className="mt-2 text-muted-foreground">{t("jwt.description")}</p>
      <p
        className="mt-4 inline-flex items-center gap-2 rounded-md border bg-accent px-3 py-2 text-sm text-accent-foreground"
        data-testid="guest-note"
      >
        <UserRound className="h-4 w-4" aria-hidden="true" />
        {t("jwt.guestNote")}
      </p>

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <FormCard icon={<UserPlus aria-hidden="true" />} title={t("jwt.register.title")} description={t("jwt.register.description")}>
          <form onSubmit={onRegister} noValidate className="space-y-3" aria-label={t("jwt.register.title")}>
            <FormField id="reg-email" label={t("jwt.fields.email")}>
              <Input id="reg-email" type="email" autoComplete="email" value={reg.email} onChange={(e) => setReg({ ...reg, email: e.target.value })} />
            </FormField>
            <FormField id="reg-password" label={t("jwt.fields.password")}>
              <Input id="reg-password" type="password" autoComplete="new-password" value={reg.password} onChange={(e) => setReg({ ...reg, password: e.target.value })} />
            </FormField>
            <div className="grid grid-cols-2 gap-3">
              <FormField id="reg-first" label={t("jwt.fields.firstName")}>
                <Input id="reg-first" autoComplete="given-name" value={reg.firstName} onChange={(e) => setReg({ ...reg, firstName: e.target.value })} />
              </FormField>
              <FormField id="reg-last" label={t("jwt.fields.lastName")}>
                <Input id="reg-last" autoComplete="family-name" value={reg.lastName} onChange={(e) => setReg({ ...reg, lastName: e.target.value })} />
              </FormField>
            </div>
            <FormField id="reg-role" label={t("jwt.fields.role")}>
              <Select value={reg.role} onValueChange={(role) => setReg({ ...reg, role })}>
                <SelectTrigger id="reg-role" data-testid="register-role">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {registerRoles(isDevelopmentMode()).map((role) => (
                    <SelectItem key={role} value={role}>
                      {t(`roles.${role}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
            <FormField id="reg-institution" label={t("jwt.fields.institution")}>
              <Input id="reg-institution" autoComplete="organization" value={reg.institution} onChange={(e) => setReg({ ...reg, institution: e.target.value })} />
            </FormField>
            <SubmitButton busy={busy === "register"}>{t("jwt.register.submit")}</SubmitButton>
          </form>
        </FormCard>

        <div className="space-y-6">
          <FormCard icon={<LogIn aria-hidden="true" />} title={t("jwt.login.title")} description={t("jwt.login.description")}>
            <form onSubmit={onLogin} className="space-y-3" aria-label={t("jwt.login.title")}>
              <FormField id="login-email" label={t("jwt.fields.email")}>
                <Input id="login-email" type="email" autoComplete="username" value={login.email} onChange={(e) => setLogin({ ...login, email: e.target.value })} />
              </FormField>
              <FormField id="login-password" label={t("jwt.fields.password")}>
                <Input id="login-password" type="password" autoComplete="current-password" value={login.password} onChange={(e) => setLogin({ ...login, password: e.target.value })} />
              </FormField>
              <SubmitButton busy={busy === "login"}>{t("jwt.login.submit")}</SubmitButton>
            </form>
          </FormCard>

          <FormCard icon={<UserRound aria-hidden="true" />} title={t("jwt.guest.title")} description={t("jwt.guest.description")}>
            <form onSubmit={onGuestLogin} className="space-y-3" aria-label={t("jwt.guest.title")}>
              <FormField id="guest-username" label={t("jwt.fields.username")}>
                <Input id="guest-username" autoComplete="username" value={guest.username} onChange={(e) => setGuest({ ...guest, username: e.target.value })} />
              </FormField>
              <FormField id="guest-password" label={t("jwt.fields.password")}>
                <Input id="guest-password" type="password" autoComplete="current-password" value={guest.password} onChange={(e) => setGuest({ ...guest, password: e.target.value })} />
              </FormField>
              <SubmitButton busy={busy === "guest"}>{t("jwt.guest.submit")}</SubmitButton>
            </form>
          </FormCard>
        </div>

        <div className="space-y-6">
          <FormCard icon={<KeyRound aria-hidden="true" />} title={t("jwt.token.title")} description={t("jwt.token.description")}>
            {token ? (
              <div className="space-y-3">
                <p data-testid="token-display" className="max-h-32 overflow-auto rounded-md bg-muted p-3 font-mono text-xs break-all">
                  {token}
                </p>
                <Button variant="outline" size="sm" onClick={() => setToken(null)}>
                  <Trash2 aria-hidden="true" />
                  {t("jwt.token.clear")}
                </Button>
              </div>
            ) : (
              <p data-testid="token-display" className="text-sm text-muted-foreground">
                {t("jwt.token.none")}
              </p>
            )}
          </FormCard>

          <FormCard title={t("jwt.protected.title")} description={t("jwt.protected.description")}>
            <div className="grid gap-2">
              {PROTECTED_ENDPOINTS.map((ep) => (
                <Button
                  key={ep.key}
                  variant="outline"
                  className="h-auto min-h-10 justify-between gap-3 whitespace-normal py-2 text-left"
                  onClick={() => void callProtected(ep.path)}
                  disabled={busy === ep.path}
                  data-testid={`protected-${ep.key}`}
                >
                  <span>{t(`jwt.protected.${ep.key}`)}</span>
                  <code className="shrink-0 text-xs text-muted-foreground">{ep.path.replace("/api/auth/", "")}</code>
                </Button>
              ))}
            </div>
          </FormCard>
        </div>
      </div>

      <Card className="mt-6">
        <CardHeader>
          <CardTitle as="h2">{t("jwt.raw.title")}</CardTitle>
        </CardHeader>
        <CardContent>
          <div data-testid="raw-response" aria-live="polite">
            {raw ? (
              <>
                <p className="mb-2 text-sm">
                  <span className="font-mono">{raw.label}</span>{" "}
                  <span className="font-semibold tabular-nums">
                    {t("jwt.raw.status")}: {raw.status ?? "—"}
                  </span>
                </p>
                <pre className="max-h-80 overflow-auto rounded-md bg-muted p-3 text-xs">
                  {typeof raw.body === "string" ? raw.body : JSON.stringify(raw.body, null, 2)}
                </pre>
              </>
            ) : (
              <p className="text-sm text-muted-foreground">{t("jwt.raw.empty")}</p>
            )}
          </div>
        </CardContent>
      </Card>
    </PublicFrame>
  );
}

function FormCard({
  icon,
  title,
  description,
  children,
}: {
  icon?: ReactNode;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2 [&_svg]:size-5 [&_svg]:text-primary">
          {icon}
          <span>{title}</span>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" className="w-full" disabled={busy}>
      {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
      {children}
    </Button>
  );
}

export default JwtTestPage;
