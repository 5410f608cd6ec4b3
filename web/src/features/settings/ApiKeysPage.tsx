import { useId, useState } from "react";
import type { FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Ban, Copy, KeyRound, Loader2, Plus } from "lucide-react";
import { ApiError } from "@/api/client";
import { describeError, describeFieldErrors } from "@/api/errors";
import type { CurrentUser } from "@/api/types";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/use-toast";
import { useAllInstitutions } from "@/api/institutions";
import { ListCard, ListRow, useDeleteRow } from "@/features/settings/ListCard";
import { SettingsLayout } from "@/features/settings/SettingsLayout";
import { apiKeysOptions, createApiKey, settingsKeys } from "@/features/settings/api";
import type { ApiKey } from "@/features/settings/types";
import { pickableInstitutions } from "@/features/settings/users";
import { isRegulator } from "@/lib/roles";
import { formatDateTime } from "@/lib/format";

/** The scopes a key may hold, in the server's order (domain.APIKeyScopes). */
export const API_KEY_SCOPES = ["transactions:submit", "transactions:read", "transfers:create", "iso20022:submit"] as const;

/** Translation key of a scope ("transactions:submit" → settings.apiKeys.scope.transactions_submit). */
type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
/** A scope's name in en.json, where keys have no colon: "transactions:read" → "transactions_read". */
type ScopeName<S> = S extends `${infer Area}:${infer Action}` ? `${Area}_${Action}` : never;

function scopeName(s: ApiKeyScope): ScopeName<ApiKeyScope> {
  return s.replace(":", "_") as ScopeName<ApiKeyScope>;
}

/** Whether this build knows a scope the server lists on a key (a newer server may add one). */
function isApiKeyScope(s: string): s is ApiKeyScope {
  return (API_KEY_SCOPES as readonly string[]).includes(s);
}

/** Institutions a regulator may create a key for: the PSPs and MNOs not revoked. */
function useKeyInstitutions(enabled: boolean) {
  const psps = useAllInstitutions("psp", enabled);
  const mnos = useAllInstitutions("mno", enabled);
  return {
    loading: psps.isLoading || mnos.isLoading,
    list: pickableInstitutions([...(psps.data ?? []), ...(mnos.data ?? [])]),
  };
}

/**
 * Create a key: a name, its scopes and, for a regulator, the institution it acts for. The key is
 * shown once, in this dialog, with a copy button; closing the dialog forgets it.
 */
function CreateKeyDialog({ user, open, onOpenChange }: { user: CurrentUser; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const base = useId().replace(/:/g, "");
  const regulator = isRegulator(user.role);
  const institutions = useKeyInstitutions(regulator && open);
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<string[]>([]);
  const [institutionId, setInstitutionId] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<ApiKey | null>(null);
  const create = useMutation({
    mutationFn: () => createApiKey({ name, scopes, ...(regulator ? { institutionId } : {}) }),
    onSuccess: (key) => {
      setCreated(key);
      void queryClient.invalidateQueries({ queryKey: settingsKeys.apiKeys });
    },
    onError: (err) =>
      setErrors(err instanceof ApiError ? { ...describeFieldErrors(err, t), form: describeError(err, t) } : { form: t("settings.apiKeys.createFailed") }),
  });
  const close = (next: boolean) => {
    if (!next) {
      setName("");
      setScopes([]);
      setInstitutionId("");
      setErrors({});
      setCreated(null);
      create.reset();
    }
    onOpenChange(next);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (name.trim().length < 3 || name.trim().length > 80) found.name = t("settings.apiKeys.nameInvalid");
    if (scopes.length === 0) found.scopes = t("settings.apiKeys.scopesRequired");
    if (regulator && !institutionId) found.institutionId = t("settings.apiKeys.institutionRequired");
    setErrors(found);
    if (Object.keys(found).length === 0) create.mutate();
  };
  const copy = async () => {
    if (!created?.key) return;
    try {
      await navigator.clipboard.writeText(created.key);
      toast({ title: t("settings.apiKeys.copied") });
    } catch {
      toast({ title: t("settings.apiKeys.copyFailed"), variant: "destructive" });
    }
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-lg" data-testid="api-key-dialog">
        <DialogHeader>
          <DialogTitle>{created ? t("settings.apiKeys.createdTitle") : t("settings.apiKeys.createTitle")}</DialogTitle>
          <DialogDescription>{created ? t("settings.apiKeys.createdDescription") : t("settings.apiKeys.createDescription")}</DialogDescription>
        </DialogHeader>
        {created ? (
          <div className="space-y-3">
            <Label htmlFor={`${base}-key`}>{created.name}</Label>
            <div className="flex gap-2">
              <Input id={`${base}-key`} readOnly value={created.key ?? ""} className="font-mono text-xs" data-testid="api-key-value" onFocus={(e) => e.target.select()} />
              <Button type="button" variant="outline" onClick={() => void copy()} data-testid="api-key-copy">
                <Copy aria-hidden="true" />
                {t("settings.apiKeys.copy")}
              </Button>
            </div>
            <p className="text-sm text-muted-foreground">{t("settings.apiKeys.onlyOnce")}</p>
            <DialogFooter>
              <Button type="button" onClick={() => close(false)} data-testid="api-key-done">
                {t("settings.apiKeys.done")}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="space-y-4">
            <div className="space-y-1.5">
              <Label htmlFor={`${base}-name`}>{t("settings.apiKeys.name")}</Label>
              <Input
                id={`${base}-name`}
                value={name}
                onChange={(e) => setName(e.target.value)}
                placeholder={t("settings.apiKeys.namePlaceholder")}
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={errors.name ? `${base}-name-error` : undefined}
                data-testid="api-key-name"
              />
              {errors.name ? (
                <p id={`${base}-name-error`} className="text-sm text-destructive">
                  {errors.name}
                </p>
              ) : null}
            </div>
            {regulator ? (
              <div className="space-y-1.5">
                <Label htmlFor={`${base}-inst`}>{t("settings.apiKeys.institution")}</Label>
                <NativeSelect
                  id={`${base}-inst`}
                  value={institutionId}
                  onChange={(e) => setInstitutionId(e.target.value)}
                  disabled={institutions.loading}
                  aria-invalid={errors.institutionId ? true : undefined}
                  data-testid="api-key-institution"
                >
                  <option value="">{institutions.loading ? t("users.loadingInstitutions") : t("users.chooseInstitution")}</option>
                  {institutions.list.map((e) => (
                    <option key={e.id} value={e.id}>
                      {e.name}
                    </option>
                  ))}
                </NativeSelect>
                {errors.institutionId ? <p className="text-sm text-destructive">{errors.institutionId}</p> : null}
              </div>
            ) : null}
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">{t("settings.apiKeys.scopes")}</legend>
              {API_KEY_SCOPES.map((s) => (
                <label key={s} className="flex cursor-pointer items-start gap-2 rounded-md border p-2 text-sm">
                  <input
                    type="checkbox"
                    className="mt-1 h-4 w-4"
                    checked={scopes.includes(s)}
                    onChange={(e) => setScopes((cur) => (e.target.checked ? [...cur, s] : cur.filter((x) => x !== s)))}
                    data-testid={`api-key-scope-${s}`}
                  />
                  <span>
                    <span className="font-medium">{t(`settings.apiKeys.scope.${scopeName(s)}.label`)}</span>
                    <span className="block text-xs text-muted-foreground">{t(`settings.apiKeys.scope.${scopeName(s)}.help`)}</span>
                  </span>
                </label>
              ))}
              {errors.scopes ? <p className="text-sm text-destructive">{errors.scopes}</p> : null}
            </fieldset>
            {errors.form ? (
              <p role="alert" className="text-sm text-destructive">
                {errors.form}
              </p>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" disabled={create.isPending} data-testid="api-key-create">
                {create.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                {t("settings.apiKeys.create")}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * /settings/api-keys: the institution's API keys (a regulator: every institution's), with
 * their scopes and last use; an active key can be revoked after a confirmation, since the
 * system using it stops at its next call.
 */
export function ApiKeysPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const [confirm, setConfirm] = useState<ApiKey | null>(null);
  const query = useQuery(apiKeysOptions());
  const revoke = useDeleteRow("/api/api-keys/{id}", [settingsKeys.apiKeys], t("settings.apiKeys.revoked"), t("settings.apiKeys.revokeFailed"));
  const regulator = isRegulator(user.role);
  return (
    <SettingsLayout user={user} title={t("settings.apiKeys.title")} description={t("settings.apiKeys.description")}>
      <div className="flex justify-end">
        <Button onClick={() => setCreating(true)} data-testid="api-key-new">
          <Plus aria-hidden="true" />
          {t("settings.apiKeys.new")}
        </Button>
      </div>
      <ListCard
        title={t("settings.apiKeys.listTitle")}
        description={t("settings.apiKeys.listDescription")}
        loadFailed={t("settings.apiKeys.loadFailed")}
        empty={t("settings.apiKeys.empty")}
        query={query}
        listTestId="api-keys-list"
      >
        {(key) => (
          <ListRow
            key={key.id}
            icon={KeyRound}
            data-testid="api-key-row"
            data-status={key.revokedAt ? "revoked" : "active"}
            heading={
              <>
                <span>{key.name}</span>
                <Badge variant={key.revokedAt ? "destructive" : "secondary"} data-testid="api-key-status">
                  {t(key.revokedAt ? "settings.apiKeys.status.revoked" : "settings.apiKeys.status.active")}
                </Badge>
                {key.scopes.map((s) => (
                  <Badge key={s} variant="outline">
                    {isApiKeyScope(s) ? t(`settings.apiKeys.scope.${scopeName(s)}.label`) : s}
                  </Badge>
                ))}
              </>
            }
            detail={[
              regulator ? key.institutionName : null,
              t("settings.apiKeys.createdBy", { name: key.createdByName || "—", at: formatDateTime(key.createdAt) }),
              key.revokedAt
                ? t("settings.apiKeys.revokedAt", { at: formatDateTime(key.revokedAt) })
                : key.lastUsedAt
                  ? t("settings.apiKeys.lastUsed", { at: formatDateTime(key.lastUsedAt) })
                  : t("settings.apiKeys.neverUsed"),
            ]
              .filter(Boolean)
              .join(" · ")}
            action={
              key.revokedAt
                ? undefined
                : {
                    label: t("settings.apiKeys.revoke"),
                    ariaLabel: t("settings.apiKeys.revokeLabel", { name: key.name }),
                    icon: Ban,
                    testId: "api-key-revoke",
                    busy: revoke.isPending && revoke.variables === key.id,
                    run: () => setConfirm(key),
                  }
            }
          />
        )}
      </ListCard>
      <CreateKeyDialog user={user} open={creating} onOpenChange={setCreating} />
      <Dialog open={confirm !== null} onOpenChange={(o) => (o ? null : setConfirm(null))}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>{t("settings.apiKeys.confirmTitle", { name: confirm?.name ?? "" })}</DialogTitle>
            <DialogDescription>{t("settings.apiKeys.confirmDescription")}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirm(null)}>
              {t("common.cancel")}
            </Button>
            <Button
              variant="destructive"
              data-testid="api-key-revoke-confirm"
              onClick={() => {
                if (confirm) revoke.mutate(confirm.id);
                setConfirm(null);
              }}
            >
              {t("settings.apiKeys.revoke")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </SettingsLayout>
  );
}
