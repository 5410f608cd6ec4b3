import { lazy, Suspense, useId, useMemo, useState } from "react";
import type { FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Check, Clock, Loader2, PencilLine, X } from "lucide-react";
import { ApiError } from "@/api/client";
import { describeError, describeFieldErrors } from "@/api/errors";
import { pagedItems, usePagedList } from "@/api/paging";
import type { CurrentUser } from "@/api/types";
import { DataTable } from "@/components/DataTable";
import { Badge } from "@/components/ui/badge";
import type { BadgeProps } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NotAllowed } from "@/components/ui/not-allowed";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { isRegulator } from "@/lib/roles";
import { formatMoney } from "@/lib/money";
import { SettingsLayout } from "@/features/settings/SettingsLayout";
import { amlSettingsOptions, backtestOptions, decideAmlProposal, proposeAmlRules, readUsers, settingsKeys } from "@/features/settings/api";
import { THRESHOLD_GROUPS, changedKeys, fieldLabelKey, fromForm, serverFieldErrors, toForm } from "@/features/settings/thresholds";
import type { FieldKind, ThresholdForm } from "@/features/settings/thresholds";
import type { RuleSet, Thresholds } from "@/features/settings/types";
import { formatDuration } from "@/lib/duration";
import { formatDateTime, formatNumber, shortId } from "@/lib/format";
import { cn } from "@/lib/utils";
import { fieldErrorText } from "@/lib/fieldErrorText";

// The backtest is a chart: recharts (about 110 KB gzipped) loads when a proposal's backtest is
// shown, not with the settings screens (docs/PERFORMANCE.md, "Web app on a slow phone").
const BacktestChart = lazy(() => import("@/features/settings/BacktestChart"));


/** Badge variants per rule-set status (the spec's four variants). */
export function ruleStatusVariant(status: string): NonNullable<BadgeProps["variant"]> {
  switch (status) {
    case "active":
      return "default";
    case "proposed":
      return "outline";
    case "rejected":
      return "destructive";
    default:
      return "secondary";
  }
}

/** One threshold as people read it: money with its currency, windows in minutes, hours or days, percentages, points. */
export function useFormatThreshold() {
  const { t } = useTranslation();
  return (kind: FieldKind, value: string): string => {
    if (value === "") return "—";
    switch (kind) {
      case "usd":
        return formatMoney(value, "USD");
      case "shs":
        return formatMoney(value, "SHS");
      case "minutes":
        return formatDuration(Number(value) * 60_000, { exact: true });
      case "percent":
        return `${formatNumber(Number(value))}%`;
      case "weight":
        return t("amlSettings.units.points", { count: Number(value), formatted: formatNumber(Number(value)) });
      default:
        return formatNumber(Number(value));
    }
  };
}

function thresholdValue(form: ThresholdForm, key: string): string {
  return form[key] ?? "";
}

/** The rules in force, grouped by rule with what each one means. */
function ThresholdsView({ thresholds, compareTo }: { thresholds: Thresholds; compareTo?: Thresholds }) {
  const { t } = useTranslation();
  const fmt = useFormatThreshold();
  const form = toForm(thresholds);
  const before = compareTo ? toForm(compareTo) : null;
  const changed = new Set(before ? changedKeys(before, form) : []);
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="thresholds-view">
      {THRESHOLD_GROUPS.map((g) => (
        <section key={g.key} aria-labelledby={`rule-${g.key}`} className="rounded-lg border bg-card p-4">
          <h3 id={`rule-${g.key}`} className="font-semibold">
            {t(`amlSettings.rules.${g.key}.title`)}
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">{t(`amlSettings.rules.${g.key}.help`)}</p>
          <dl className="mt-3 space-y-1.5 text-sm">
            {g.fields.map((f) => (
              <div key={f.key} className={cn("flex flex-wrap justify-between gap-x-3", changed.has(f.key) && "rounded bg-accent px-1")}>
                <dt className="text-muted-foreground">{t(fieldLabelKey(f.key))}</dt>
                <dd className="font-medium tabular-nums" data-testid={`threshold-${f.key}`}>
                  {before && changed.has(f.key) ? (
                    <>
                      <span className="text-muted-foreground line-through">{fmt(f.kind, thresholdValue(before, f.key))}</span>
                      <span aria-hidden="true"> → </span>
                      <span className="sr-only"> {t("amlSettings.becomes")} </span>
                    </>
                  ) : null}
                  {fmt(f.kind, thresholdValue(form, f.key))}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}

/** What a proposal changes, value by value (old → new), grouped by rule. */
function ChangesList({ before, after }: { before: Thresholds; after: Thresholds }) {
  const { t } = useTranslation();
  const fmt = useFormatThreshold();
  const a = toForm(before);
  const b = toForm(after);
  const changed = new Set(changedKeys(a, b));
  const groups = THRESHOLD_GROUPS.map((g) => ({ ...g, fields: g.fields.filter((f) => changed.has(f.key)) })).filter((g) => g.fields.length);
  if (groups.length === 0) return <p className="text-sm text-muted-foreground">{t("amlSettings.changesCount", { count: 0 })}</p>;
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2" data-testid="aml-changes">
      {groups.flatMap((g) =>
        g.fields.map((f) => (
          <div key={f.key} className="rounded-md border bg-accent/40 px-3 py-2">
            <dt className="text-muted-foreground">
              {t(`amlSettings.rules.${g.key}.title`)} · {t(fieldLabelKey(f.key))}
            </dt>
            <dd className="font-medium tabular-nums" data-testid={`aml-change-${f.key}`}>
              <span className="text-muted-foreground line-through">{fmt(f.kind, a[f.key] ?? "")}</span>
              <span aria-hidden="true"> → </span>
              <span className="sr-only"> {t("amlSettings.becomes")} </span>
              {fmt(f.kind, b[f.key] ?? "")}
            </dd>
          </div>
        )),
      )}
    </dl>
  );
}

/** Propose new values: prefilled with the rules in force; the server validates ranges and answers per field. */
function ProposeForm({ active, onDone }: { active: Thresholds; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const base = useId().replace(/:/g, "");
  const noteId = `${base}-note`;
  const initial = useMemo(() => toForm(active), [active]);
  const [form, setForm] = useState<ThresholdForm>(initial);
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const changes = changedKeys(initial, form);

  const mutation = useMutation({
    mutationFn: (thresholds: Thresholds) => proposeAmlRules({ thresholds, note: note.trim() }),
    onSuccess: (rs) => {
      toast({ title: t("amlSettings.proposed", { version: rs.version }) });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.aml });
      onDone();
    },
    onError: (err) => {
      if (err instanceof ApiError) {
        setErrors(serverFieldErrors(describeFieldErrors(err, t)));
        setFormError(describeError(err, t));
      } else setFormError(t("amlSettings.failed"));
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const { thresholds, errors: local } = fromForm(form);
    setErrors(local);
    setFormError(null);
    if (Object.keys(local).length > 0) {
      document.getElementById(`${base}-${Object.keys(local)[0]!.replace(".", "_")}`)?.focus();
      return;
    }
    if (changes.length === 0) {
      setFormError(t("amlSettings.noChanges"));
      return;
    }
    mutation.mutate(thresholds);
  }

  const text = (v: string | undefined) => fieldErrorText(v, t);

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="aml-propose-form">
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {THRESHOLD_GROUPS.map((g) => {
          const groupError = g.key === "levels" ? text(errors.levels) : undefined;
          return (
            <fieldset key={g.key} className="space-y-3 rounded-lg border bg-card p-4">
              <legend className="px-1 font-semibold">{t(`amlSettings.rules.${g.key}.title`)}</legend>
              <p className="text-xs text-muted-foreground">{t(`amlSettings.rules.${g.key}.help`)}</p>
              {g.fields.map((f) => {
                const id = `${base}-${f.key.replace(".", "_")}`;
                const error = text(errors[f.key]);
                const unit = t(`amlSettings.inputUnits.${f.kind}`);
                return (
                  <div key={f.key} className="space-y-1">
                    <Label htmlFor={id}>{t(fieldLabelKey(f.key))}</Label>
                    <div className="flex items-center gap-2">
                      <Input
                        id={id}
                        name={f.key}
                        inputMode={f.kind === "usd" || f.kind === "shs" ? "decimal" : "numeric"}
                        value={form[f.key] ?? ""}
                        onChange={(e) => setForm((v) => ({ ...v, [f.key]: e.target.value }))}
                        aria-invalid={error || groupError ? true : undefined}
                        aria-describedby={error ? `${id}-error` : groupError ? `${base}-levels-error` : `${id}-unit`}
                        className={cn("tabular-nums", changes.includes(f.key) && "border-primary")}
                        data-testid={`aml-input-${f.key}`}
                      />
                      <span id={`${id}-unit`} className="min-w-12 text-xs text-muted-foreground">
                        {unit}
                      </span>
                    </div>
                    {error ? (
                      <p id={`${id}-error`} className="text-sm text-destructive" data-testid={`aml-error-${f.key}`}>
                        {error}
                      </p>
                    ) : null}
                  </div>
                );
              })}
              {groupError ? (
                <p id={`${base}-levels-error`} className="text-sm text-destructive" data-testid="aml-error-levels">
                  {groupError}
                </p>
              ) : null}
            </fieldset>
          );
        })}
      </div>
      <div className="max-w-2xl space-y-1.5">
        <Label htmlFor={noteId}>{t("amlSettings.note")}</Label>
        <Textarea id={noteId} value={note} onChange={(e) => setNote(e.target.value)} rows={3} maxLength={1000} placeholder={t("amlSettings.notePlaceholder")} data-testid="aml-note" />
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t("amlSettings.changesCount", { count: changes.length })}
      </p>
      {formError ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive" data-testid="aml-form-error">
          {formError}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={mutation.isPending} data-testid="aml-propose-submit">
          {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {t("amlSettings.submitProposal")}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          {t("common.cancel")}
        </Button>
      </div>
    </form>
  );
}

/** Who did it: "you", a name when an administrator can read the accounts, else the short id. */
function useWhoIs(user: CurrentUser) {
  const { t } = useTranslation();
  // Rule sets are proposed and decided by administrators: their accounts are the names to show.
  const accounts = usePagedList(settingsKeys.users, { role: "cbsl_admin", limit: 200 }, readUsers, { enabled: user.role === "cbsl_admin" });
  const names = useMemo(() => {
    const m = new Map<string, string>();
    for (const a of pagedItems(accounts.data)) m.set(a.id, `${a.firstName ?? ""} ${a.lastName ?? ""}`.trim() || a.email || a.id);
    return m;
  }, [accounts.data]);
  return (id: string | null | undefined): string => {
    if (!id) return t("amlSettings.system");
    if (id === user.id) return t("amlSettings.you");
    return names.get(id) ?? t("amlSettings.userId", { id: shortId(id) });
  };
}

/** A pending proposal: what changes, the backtest and the decision for a second administrator. */
/** The backtest's place while its numbers or the charts library load. */
function BacktestSkeleton({ label }: { label: string }) {
  return <Skeleton className="h-64" aria-label={label} role="status" />;
}

function ProposalCard({ rs, active, user, whoIs }: { rs: RuleSet; active: RuleSet; user: CurrentUser; whoIs: (id: string | null) => string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const noteId = useId();
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const mine = rs.proposedBy === user.id;
  const canDecide = user.role === "cbsl_admin" && !mine;
  const backtest = useQuery(backtestOptions(rs.version, canDecide));
  const decide = useMutation({
    mutationFn: (decision: "approve" | "reject") => decideAmlProposal(rs.version, decision, note.trim() ? { note: note.trim() } : {}),
    onSuccess: (_rs, decision) => {
      toast({ title: t(decision === "approve" ? "amlSettings.approved" : "amlSettings.rejected", { version: rs.version }) });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.aml });
    },
    onError: (err) => setError(err instanceof ApiError ? describeError(err, t) : t("amlSettings.failed")),
  });
  const count = changedKeys(toForm(active.thresholds), toForm(rs.thresholds)).length;

  return (
    <Card className="border-primary/40" data-testid="aml-proposal" data-version={rs.version}>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle as="h3">{t("amlSettings.proposalTitle", { version: rs.version })}</CardTitle>
          <Badge variant="outline">{t("amlSettings.status.proposed")}</Badge>
        </div>
        <CardDescription>
          {t("amlSettings.proposedByOn", { who: whoIs(rs.proposedBy), date: formatDateTime(rs.proposedAt) })}
          {" · "}
          {t("amlSettings.changesCount", { count })}
        </CardDescription>
        {rs.note ? <p className="text-sm">“{rs.note}”</p> : null}
      </CardHeader>
      <CardContent className="space-y-5">
        <ChangesList before={active.thresholds} after={rs.thresholds} />
        {mine ? (
          <p className="flex items-center gap-2 rounded-md bg-muted px-3 py-2 text-sm" data-testid="aml-awaiting">
            <Clock className="h-4 w-4" aria-hidden="true" />
            {t("amlSettings.awaitingOther")}
          </p>
        ) : !canDecide ? (
          <p className="flex items-center gap-2 rounded-md bg-muted px-3 py-2 text-sm" data-testid="aml-awaiting">
            <Clock className="h-4 w-4" aria-hidden="true" />
            {t("amlSettings.awaitingAdmin")}
          </p>
        ) : (
          <div className="space-y-4">
            {backtest.isLoading ? (
              <BacktestSkeleton label={t("amlSettings.backtest.loading")} />
            ) : backtest.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {t("amlSettings.backtest.failed")}
              </p>
            ) : backtest.data ? (
              <Suspense fallback={<BacktestSkeleton label={t("amlSettings.backtest.loading")} />}>
                <BacktestChart backtest={backtest.data} />
              </Suspense>
            ) : null}
            <div className="max-w-2xl space-y-1.5">
              <Label htmlFor={noteId}>{t("amlSettings.decisionNote")}</Label>
              <Textarea id={noteId} value={note} onChange={(e) => setNote(e.target.value)} rows={2} maxLength={1000} data-testid="aml-decision-note" />
            </div>
            {error ? (
              <p role="alert" className="text-sm text-destructive" data-testid="aml-decision-error">
                {error}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => decide.mutate("approve")} disabled={decide.isPending} data-testid="aml-approve">
                {decide.isPending && decide.variables === "approve" ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Check aria-hidden="true" />}
                {t("amlSettings.approve")}
              </Button>
              <Button variant="destructive" onClick={() => decide.mutate("reject")} disabled={decide.isPending} data-testid="aml-reject">
                {decide.isPending && decide.variables === "reject" ? <Loader2 className="animate-spin" aria-hidden="true" /> : <X aria-hidden="true" />}
                {t("amlSettings.reject")}
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** Every version, newest first, with who proposed and who decided. */
function VersionsTable({ versions, whoIs }: { versions: RuleSet[]; whoIs: (id: string | null) => string }) {
  const { t } = useTranslation();
  const rows = [...versions].sort((a, b) => b.version - a.version);
  return (
    <DataTable
      caption={t("amlSettings.history")}
      testId="aml-versions"
      minWidth="min-w-[44rem]"
      columns={[t("amlSettings.columns.version"), t("amlSettings.columns.status"), t("amlSettings.columns.proposed"), t("amlSettings.columns.decided"), t("amlSettings.columns.note")]}
    >
      {rows.map((rs) => (
        <tr key={rs.version} className="border-b align-top last:border-0" data-testid="aml-version-row" data-version={rs.version} data-status={rs.status}>
          <th scope="row" className="px-4 py-3 text-left font-medium tabular-nums">{`v${rs.version}`}</th>
          <td className="px-4 py-3">
            <Badge variant={ruleStatusVariant(rs.status)} data-testid="aml-version-status">
              {t(`amlSettings.status.${rs.status}`, { defaultValue: rs.status })}
            </Badge>
          </td>
          <td className="px-4 py-3">
            <span className="block">{whoIs(rs.proposedBy)}</span>
            <span className="block text-xs text-muted-foreground tabular-nums">{formatDateTime(rs.proposedAt)}</span>
          </td>
          <td className="px-4 py-3">
            {rs.decidedAt ? (
              <>
                <span className="block">{whoIs(rs.decidedBy)}</span>
                <span className="block text-xs text-muted-foreground tabular-nums">{formatDateTime(rs.decidedAt)}</span>
              </>
            ) : (
              "—"
            )}
          </td>
          <td className="max-w-72 px-4 py-3">
            {rs.note ? <span className="block">{rs.note}</span> : null}
            {rs.decisionNote ? <span className="block text-xs text-muted-foreground">{t("amlSettings.decisionNoteShort", { note: rs.decisionNote })}</span> : null}
            {!rs.note && !rs.decisionNote ? "—" : null}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** /settings/aml: the AML rules in force, proposals with maker-checker, and the history. */
export function AmlSettingsPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const title = t("amlSettings.title");
  const [proposing, setProposing] = useState(false);
  const query = useQuery(amlSettingsOptions(isRegulator(user.role)));
  const whoIs = useWhoIs(user);

  if (!isRegulator(user.role)) {
    return (
      <SettingsLayout user={user} title={title}>
        <NotAllowed>{t("amlSettings.regulatorsOnly")}</NotAllowed>
      </SettingsLayout>
    );
  }

  const data = query.data;
  const pending = (data?.versions ?? []).filter((v) => v.status === "proposed").sort((a, b) => b.version - a.version);

  return (
    <SettingsLayout user={user} title={title} description={t("amlSettings.description")}>
      {query.isLoading ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-40 rounded-lg" />
          ))}
        </div>
      ) : query.isError || !data ? (
        <p role="alert" className="text-sm text-destructive">
          {query.error instanceof ApiError ? describeError(query.error, t) : t("amlSettings.loadFailed")}
        </p>
      ) : (
        <>
          {pending.length > 0 ? (
            <section aria-labelledby="aml-pending" className="space-y-3">
              <h2 id="aml-pending" className="text-lg font-semibold">
                {t("amlSettings.pending")}
              </h2>
              {pending.map((rs) => (
                <ProposalCard key={rs.version} rs={rs} active={data.active} user={user} whoIs={whoIs} />
              ))}
            </section>
          ) : null}

          <section aria-labelledby="aml-active" className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div>
                <h2 id="aml-active" className="flex items-center gap-2 text-lg font-semibold">
                  {t("amlSettings.active", { version: data.active.version })}
                  <Badge variant="default">{t("amlSettings.status.active")}</Badge>
                </h2>
                <p className="text-sm text-muted-foreground">
                  {data.active.decidedAt
                    ? t("amlSettings.activeSince", { date: formatDateTime(data.active.decidedAt), who: whoIs(data.active.decidedBy) })
                    : t("amlSettings.defaults")}
                </p>
              </div>
              {proposing ? null : (
                <Button onClick={() => setProposing(true)} data-testid="aml-propose">
                  <PencilLine aria-hidden="true" />
                  {t("amlSettings.propose")}
                </Button>
              )}
            </div>
            {proposing ? (
              <Card>
                <CardHeader>
                  <CardTitle as="h3">{t("amlSettings.proposeTitle")}</CardTitle>
                  <CardDescription>{t("amlSettings.proposeDescription")}</CardDescription>
                </CardHeader>
                <CardContent>
                  <ProposeForm active={data.active.thresholds} onDone={() => setProposing(false)} />
                </CardContent>
              </Card>
            ) : (
              <ThresholdsView thresholds={data.active.thresholds} />
            )}
          </section>

          <section aria-labelledby="aml-history" className="space-y-3">
            <h2 id="aml-history" className="text-lg font-semibold">
              {t("amlSettings.history")}
            </h2>
            <Card>
              <VersionsTable versions={data.versions} whoIs={whoIs} />
            </Card>
          </section>
        </>
      )}
    </SettingsLayout>
  );
}
