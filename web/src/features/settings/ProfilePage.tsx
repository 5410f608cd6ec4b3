import { useEffect, useId, useState } from "react";
import type { ChangeEvent, FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { CheckCircle2, ImageUp, Loader2, LogOut, Monitor } from "lucide-react";
import { ApiError } from "@/api/client";
import { describeError, describeFieldErrors } from "@/api/errors";
import type { CurrentUser } from "@/api/types";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/use-toast";
import { sharedKeys } from "@/api/keys";
import { SettingsLayout } from "@/features/settings/SettingsLayout";
import { PasswordForm } from "@/features/settings/PasswordForm";
import { TwoStepCard } from "@/features/settings/TwoStepCard";
import { IMAGE_TYPES, ImageUploadError } from "@/lib/imageUpload";
import { uploadProfileImage } from "@/features/settings/profileImage";
import { describeAgent } from "@/features/settings/agent";
import { ListCard, ListRow, useDeleteRow } from "@/features/settings/ListCard";
import { TokensCard } from "@/features/settings/TokensCard";
import { sessionsOptions, settingsKeys, updateProfile } from "@/features/settings/api";
import { SUPPORTED_LANGUAGES, currentLanguage } from "@/i18n";
import type { LanguageCode } from "@/i18n";
import { useChooseLanguage } from "@/lib/languageChoice";
import { formatDateTime } from "@/lib/format";
import { cn } from "@/lib/utils";
import type { TranslationKey } from "@/i18n/keys";


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
    { kind: "idle" } | { kind: "uploading"; percent: number } | { kind: "done" } | { kind: "error"; key: TranslationKey; serverMessage: string | null }
  >({ kind: "idle" });

  useEffect(() => {
    setFirstName(user.firstName ?? "");
    setLastName(user.lastName ?? "");
  }, [user.firstName, user.lastName]);

  const save = useMutation({
    mutationFn: () => updateProfile({ firstName: firstName.trim(), lastName: lastName.trim() }),
    onSuccess: () => {
      setErrors({});
      toast({ title: t("settings.profile.saved") });
      void queryClient.invalidateQueries({ queryKey: sharedKeys.authUser });
    },
    onError: (err) => {
      const fields = describeFieldErrors(err, t);
      setErrors(Object.keys(fields).length ? fields : { form: err instanceof ApiError ? describeError(err, t) : t("settings.profile.saveFailed") });
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
      await queryClient.invalidateQueries({ queryKey: sharedKeys.authUser });
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
  const { t } = useTranslation();
  const choose = useChooseLanguage();
  const id = useId();
  const value = currentLanguage();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("settings.language.title")}</CardTitle>
        <CardDescription>{t("settings.language.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="max-w-xs space-y-1.5">
          <Label htmlFor={id}>{t("settings.language.label")}</Label>
          <NativeSelect
            id={id}
            value={value}
            data-testid="profile-language"
            onChange={(e) => choose(e.target.value as LanguageCode)}
          >
            {SUPPORTED_LANGUAGES.map((l) => (
              <option key={l.code} value={l.code} lang={l.code}>
                {l.nativeName}
              </option>
            ))}
          </NativeSelect>
        </div>
      </CardContent>
    </Card>
  );
}

/** My active sessions; any but this one can be signed out. */
function SessionsCard() {
  const { t } = useTranslation();
  const query = useQuery(sessionsOptions());
  // Ending a session revokes the API tokens of that sign-in, so both lists reload.
  const end = useDeleteRow("/api/profile/sessions/{id}", [settingsKeys.sessions, settingsKeys.tokens], t("settings.sessions.ended"), t("settings.sessions.endFailed"));
  return (
    <ListCard
      title={t("settings.sessions.title")}
      description={t("settings.sessions.description")}
      loadFailed={t("settings.sessions.loadFailed")}
      empty={t("settings.sessions.empty")}
      query={query}
      listTestId="sessions-list"
    >
      {(s) => (
        <ListRow
          key={s.id}
          icon={Monitor}
          data-testid="session-row"
          data-current={s.current ? "true" : "false"}
          heading={
            <>
              <span title={s.userAgent}>{describeAgent(s.userAgent)}</span>
              {s.current ? <Badge variant="secondary">{t("settings.sessions.current")}</Badge> : null}
            </>
          }
          detail={t("settings.sessions.detail", {
            ip: s.ipAddress || "—",
            created: formatDateTime(s.createdAt),
            expires: formatDateTime(s.expiresAt),
          })}
          action={
            s.current
              ? undefined
              : {
                  label: t("settings.sessions.end"),
                  ariaLabel: t("settings.sessions.endLabel", { device: describeAgent(s.userAgent), created: formatDateTime(s.createdAt) }),
                  icon: LogOut,
                  testId: "session-end",
                  busy: end.isPending && end.variables === s.id,
                  run: () => end.mutate(s.id),
                }
          }
        />
      )}
    </ListCard>
  );
}

/** /settings: my profile, language, password, two-step verification, sessions and API tokens. */
export function ProfilePage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const title = t("settings.title");
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
          <TokensCard />
        </div>
      </div>
    </SettingsLayout>
  );
}
