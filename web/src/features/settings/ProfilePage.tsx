import { useEffect, useId, useState } from "react";
import type { ChangeEvent, FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { CheckCircle2, ImageUp, Loader2, LogOut, Monitor } from "lucide-react";
import { ApiError, apiJson, apiRequest } from "@/api/client";
import type { CurrentUser } from "@/api/types";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { toast } from "@/components/ui/use-toast";
import { AUTH_USER_KEY } from "@/features/auth/useAuth";
import { SettingsLayout } from "@/features/settings/SettingsLayout";
import { PasswordForm } from "@/features/settings/PasswordForm";
import { TwoStepCard } from "@/features/settings/TwoStepCard";
import { IMAGE_TYPES, ImageUploadError, uploadProfileImage } from "@/features/settings/profileImage";
import type { SessionInfo } from "@/features/settings/types";
import { SUPPORTED_LANGUAGES, currentLanguage } from "@/i18n";
import { formatDateTime24 } from "@/lib/format";
import { usePageTitle } from "@/lib/usePageTitle";
import { cn } from "@/lib/utils";

export const SESSIONS_KEY = ["/api/profile/sessions"] as const;

function initials(user: CurrentUser): string {
  const s = `${user.firstName?.[0] ?? ""}${user.lastName?.[0] ?? ""}`.trim();
  return (s || user.email?.[0] || "?").toUpperCase();
}

/** Name and profile image. */
function ProfileCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const firstId = useId();
  const lastId = useId();
  const fileId = useId();
  const [firstName, setFirstName] = useState(user.firstName ?? "");
  const [lastName, setLastName] = useState(user.lastName ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [upload, setUpload] = useState<
    { kind: "idle" } | { kind: "uploading"; percent: number } | { kind: "done" } | { kind: "error"; key: string; serverMessage: string | null }
  >({ kind: "idle" });

  useEffect(() => {
    setFirstName(user.firstName ?? "");
    setLastName(user.lastName ?? "");
  }, [user.firstName, user.lastName]);

  const save = useMutation({
    mutationFn: () => apiJson<CurrentUser>("PATCH", "/api/profile", { firstName: firstName.trim(), lastName: lastName.trim() }),
    onSuccess: () => {
      setErrors({});
      toast({ title: t("settings.profile.saved") });
      void queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
    },
    onError: (err) => {
      const fields = err instanceof ApiError ? err.fields : {};
      setErrors(Object.keys(fields).length ? fields : { form: err instanceof ApiError ? err.serverMessage : t("settings.profile.saveFailed") });
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!firstName.trim()) found.firstName = t("settings.profile.nameRequired");
    if (!lastName.trim()) found.lastName = t("settings.profile.nameRequired");
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate();
  }

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    setUpload({ kind: "uploading", percent: 0 });
    try {
      await uploadProfileImage(file, (percent) => setUpload({ kind: "uploading", percent }));
      setUpload({ kind: "done" });
      await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
    } catch (err) {
      const key = err instanceof ImageUploadError ? err.key : "settings.profile.image.failed";
      setUpload({ kind: "error", key, serverMessage: err instanceof ImageUploadError ? err.serverMessage : null });
    }
  }

  const field = (id: string, name: "firstName" | "lastName", value: string, set: (v: string) => void, autoComplete: string) => (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{t(`settings.profile.${name}`)}</Label>
      <Input
        id={id}
        name={name}
        value={value}
        autoComplete={autoComplete}
        maxLength={100}
        onChange={(e) => set(e.target.value)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-error` : undefined}
        data-testid={`profile-${name}`}
      />
      {errors[name] ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("settings.profile.title")}</CardTitle>
        <CardDescription>{user.email}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="flex flex-wrap items-center gap-4">
          <Avatar className="h-16 w-16 text-lg">
            {user.profileImageUrl ? <AvatarImage src={user.profileImageUrl} alt={t("settings.profile.image.preview")} data-testid="profile-image" /> : null}
            <AvatarFallback>{initials(user)}</AvatarFallback>
          </Avatar>
          <div className="space-y-1.5">
            <input
              id={fileId}
              type="file"
              accept={IMAGE_TYPES.join(",")}
              className="peer sr-only"
              aria-describedby={`${fileId}-hint ${fileId}-status`}
              disabled={upload.kind === "uploading"}
              onChange={(e) => void onFile(e)}
              data-testid="profile-image-input"
            />
            <label
              htmlFor={fileId}
              className={cn(
                buttonVariants({ variant: "outline" }),
                "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring",
                upload.kind === "uploading" && "pointer-events-none opacity-50",
              )}
            >
              {upload.kind === "uploading" ? <Loader2 className="animate-spin" aria-hidden="true" /> : <ImageUp aria-hidden="true" />}
              {t("settings.profile.image.choose")}
            </label>
            <p id={`${fileId}-hint`} className="text-xs text-muted-foreground">
              {t("settings.profile.image.hint")}
            </p>
          </div>
        </div>
        <div id={`${fileId}-status`} aria-live="polite">
          {upload.kind === "uploading" ? (
            <div className="max-w-xs space-y-1">
              <p className="text-sm text-muted-foreground">{t("settings.profile.image.uploading", { percent: upload.percent })}</p>
              <Progress value={upload.percent} label={t("settings.profile.image.choose")} />
            </div>
          ) : null}
          {upload.kind === "done" ? (
            <p className="flex items-center gap-1.5 text-sm font-medium text-success" data-testid="profile-image-done">
              <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
              {t("settings.profile.image.uploaded")}
            </p>
          ) : null}
          {upload.kind === "error" ? (
            <div role="alert" className="text-sm text-destructive" data-testid="profile-image-error">
              <p className="font-medium">{t(upload.key)}</p>
              {upload.serverMessage ? <p>{upload.serverMessage}</p> : null}
            </div>
          ) : null}
        </div>
        <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
          {field(firstId, "firstName", firstName, setFirstName, "given-name")}
          {field(lastId, "lastName", lastName, setLastName, "family-name")}
          {errors.form ? (
            <p role="alert" className="text-sm text-destructive sm:col-span-2">
              {errors.form}
            </p>
          ) : null}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={save.isPending} data-testid="profile-save">
              {save.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {t("settings.profile.save")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** Interface language: switches at once and is remembered on the account. */
function LanguageCard() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const value = currentLanguage();
  const mutation = useMutation({
    mutationFn: (language: string) => apiJson<CurrentUser>("PATCH", "/api/profile", { language }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
    onError: (err) =>
      toast({
        title: t("settings.language.failed"),
        description: err instanceof ApiError ? err.serverMessage : undefined,
        variant: "destructive",
      }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("settings.language.title")}</CardTitle>
        <CardDescription>{t("settings.language.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="max-w-xs space-y-1.5">
          <Label htmlFor={id}>{t("settings.language.label")}</Label>
          <select
            id={id}
            value={value}
            data-testid="profile-language"
            onChange={(e) => {
              const lng = e.target.value;
              void i18n.changeLanguage(lng);
              mutation.mutate(lng);
            }}
            className="flex h-10 w-full cursor-pointer rounded-md border border-input bg-card px-3 py-2 text-sm shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
          >
            {SUPPORTED_LANGUAGES.map((l) => (
              <option key={l.code} value={l.code} lang={l.code}>
                {l.nativeName}
              </option>
            ))}
          </select>
        </div>
      </CardContent>
    </Card>
  );
}

/** A readable "Browser on OS" from a user agent, else the raw string. */
export function describeAgent(ua: string): string {
  if (!ua) return "—";
  const browser = /Edg\//.test(ua) ? "Edge" : /Chrome\//.test(ua) ? "Chrome" : /Firefox\//.test(ua) ? "Firefox" : /Safari\//.test(ua) ? "Safari" : null;
  const os = /Android/.test(ua) ? "Android" : /iPhone|iPad/.test(ua) ? "iOS" : /Windows/.test(ua) ? "Windows" : /Mac OS X/.test(ua) ? "macOS" : /Linux/.test(ua) ? "Linux" : null;
  if (browser && os) return `${browser} · ${os}`;
  return browser ?? os ?? ua.slice(0, 60);
}

/** My active sessions; any but this one can be signed out. */
function SessionsCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery<SessionInfo[]>({ queryKey: SESSIONS_KEY, staleTime: 0 });
  const end = useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `/api/profile/sessions/${encodeURIComponent(id)}`),
    onSuccess: () => {
      toast({ title: t("settings.sessions.ended") });
      void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
    onError: (err) =>
      toast({
        title: t("settings.sessions.endFailed"),
        description: err instanceof ApiError ? err.serverMessage : undefined,
        variant: "destructive",
      }),
  });
  const rows = query.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("settings.sessions.title")}</CardTitle>
        <CardDescription>{t("settings.sessions.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isLoading ? (
          <div className="space-y-2" aria-hidden="true">
            {[0, 1].map((i) => (
              <div key={i} className="h-14 animate-pulse rounded-md bg-muted" />
            ))}
          </div>
        ) : query.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t("settings.sessions.loadFailed")}
          </p>
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("settings.sessions.empty")}</p>
        ) : (
          <ul className="divide-y rounded-md border" data-testid="sessions-list">
            {rows.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="session-row" data-current={s.current ? "true" : "false"}>
                <Monitor className="h-5 w-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                    <span title={s.userAgent}>{describeAgent(s.userAgent)}</span>
                    {s.current ? <Badge variant="secondary">{t("settings.sessions.current")}</Badge> : null}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {t("settings.sessions.detail", {
                      ip: s.ipAddress || "—",
                      created: formatDateTime24(s.createdAt),
                      expires: formatDateTime24(s.expiresAt),
                    })}
                  </p>
                </div>
                {s.current ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={end.isPending && end.variables === s.id}
                    onClick={() => end.mutate(s.id)}
                    data-testid="session-end"
                    aria-label={t("settings.sessions.endLabel", { device: describeAgent(s.userAgent), created: formatDateTime24(s.createdAt) })}
                  >
                    <LogOut aria-hidden="true" />
                    {t("settings.sessions.end")}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** /settings: my profile, language, password, two-step verification and sessions. */
export function ProfilePage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const title = t("settings.title");
  usePageTitle(title);
  return (
    <SettingsLayout user={user} title={title} description={t("settings.description")}>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <ProfileCard user={user} />
          <LanguageCard />
        </div>
        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle as="h2">{t("settings.password.title")}</CardTitle>
              <CardDescription>{t("settings.password.description")}</CardDescription>
            </CardHeader>
            <CardContent>
              <PasswordForm onChanged={() => void 0} />
            </CardContent>
          </Card>
          <TwoStepCard user={user} />
          <SessionsCard />
        </div>
      </div>
    </SettingsLayout>
  );
}
