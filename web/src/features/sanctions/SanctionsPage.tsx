import { useId, useState } from "react";
import type { FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ChevronDown, ChevronRight, ShieldBan, Upload } from "lucide-react";
import type { TFunction } from "i18next";
import { ApiError } from "@/api/client";
import { describeError } from "@/api/errors";
import type { CurrentUser } from "@/api/types";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NotAllowed } from "@/components/ui/not-allowed";
import { PageHeader } from "@/components/ui/page-header";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { TransactionLink } from "@/features/compliance/AlertReferences";
import { sanctionsMatchesOptions, sanctionsVersionOptions, sanctionsVersionsOptions, useDecideMatch, useNameCheck, useUploadList } from "@/features/sanctions/api";
import { isKnownReason } from "@/features/sanctions/reasons";
import type { Explanation, SanctionsMatch, SanctionsVersion } from "@/api/types";
import { isRegulator } from "@/lib/roles";
import { formatDateTime, formatNumber } from "@/lib/format";

/** What the server refused, from its code in the reader's language, else the page's own message. */
function errorText(err: unknown, fallback: string, t: TFunction): string {
  return err instanceof ApiError && err.status < 500 && err.code ? describeError(err, t) : fallback;
}

/** /sanctions: regulators work the sanctions review queue, read the list versions and their changes, and check a name by hand; administrators upload a list. */
export function SanctionsPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const title = t("sanctions.title");
  if (!isRegulator(user.role)) return <NotAllowed title={title}>{t("sanctions.notAllowed")}</NotAllowed>;
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-7xl space-y-6" data-testid="sanctions-page">
      <PageHeader title={title} description={t("sanctions.subtitle")} />
      <ReviewQueue />
      <Lists isAdmin={user.role === "cbsl_admin"} />
      <NameCheck />
    </section>
  );
}

function ReviewQueue() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<"open" | "all">("open");
  const id = useId();
  const query = useQuery(sanctionsMatchesOptions(status));
  const items = query.data?.items ?? [];
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <CardTitle as="h2">{t("sanctions.queue.title")}</CardTitle>
          <CardDescription>{t("sanctions.queue.subtitle")}</CardDescription>
        </div>
        <div className="w-full sm:w-60">
          <Label htmlFor={id}>{t("sanctions.queue.show")}</Label>
          <NativeSelect id={id} className="mt-1" value={status} onChange={(e) => setStatus(e.target.value as "open" | "all")}>
            <option value="open">{t("sanctions.queue.open")}</option>
            <option value="all">{t("sanctions.queue.all")}</option>
          </NativeSelect>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        {query.isPending ? (
          <Skeleton className="h-24" aria-busy="true" aria-label={t("sanctions.loading")} />
        ) : query.isError ? (
          <p role="alert" className="text-destructive">
            {errorText(query.error, t("sanctions.loadFailed"), t)}
          </p>
        ) : items.length === 0 ? (
          <p className="text-muted-foreground" data-testid="sanctions-queue-empty">
            {t("sanctions.queue.empty")}
          </p>
        ) : (
          <ul className="space-y-4" data-testid="sanctions-queue">
            {items.map((m) => (
              <li key={m.id}>
                <MatchCard match={m} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function MatchCard({ match: m }: { match: SanctionsMatch }) {
  const { t } = useTranslation();
  return (
    <article className="rounded-lg border p-4" data-testid="sanctions-match" aria-label={m.screenedName}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={m.strength === "strong" ? "destructive" : "secondary"}>{t(`sanctions.strength.${m.strength}`)}</Badge>
        {m.held && m.subjectStatus === "pending" ? <Badge variant="outline">{t("sanctions.match.held")}</Badge> : null}
        <Badge variant="outline">{t(`sanctions.status.${m.status}`)}</Badge>
        <span className="text-sm text-muted-foreground">{formatDateTime(m.createdAt)}</span>
      </div>
      <p className="mt-2 break-words font-medium">
        {t("sanctions.match.sentence", {
          name: m.screenedName,
          party: t(`sanctions.party.${m.party}`, { defaultValue: m.party }),
          subject: t(`sanctions.subject.${m.subjectType}`),
        })}{" "}
        {m.subjectType === "transaction" ? <TransactionLink id={m.subjectId} number={m.subjectRef} /> : <span>{m.subjectRef}</span>}
      </p>
      <Explained explanation={m.explanation} />
      {m.status === "open" ? (
        <DecisionForm match={m} />
      ) : (
        <p className="mt-3 text-sm">
          <span className="font-medium">{t("sanctions.match.reason")}</span> {m.reason}
        </p>
      )}
    </article>
  );
}

/** Explained says which entry and alias matched, which name parts paired and why the score is what it is. */
function Explained({ explanation: x }: { explanation: Explanation }) {
  const { t } = useTranslation();
  const reasons = x.reasons ?? [];
  return (
    <div className="mt-2 space-y-2 text-sm">
      <p className="break-words">
        {t("sanctions.match.entry", { ref: x.ref, entryName: x.entryName, alias: x.alias, score: formatNumber(x.score) })}
      </p>
      {x.tokens && x.tokens.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full min-w-64 text-left text-sm">
            <caption className="sr-only">{t("sanctions.match.tokensCaption")}</caption>
            <thead>
              <tr className="text-muted-foreground">
                <th scope="col" className="py-1 pr-3 font-medium">{t("sanctions.match.screened")}</th>
                <th scope="col" className="py-1 pr-3 font-medium">{t("sanctions.match.listed")}</th>
                <th scope="col" className="py-1 font-medium">{t("sanctions.match.similarity")}</th>
              </tr>
            </thead>
            <tbody>
              {x.tokens.map((tok, i) => (
                <tr key={i} className="border-t">
                  <td className="py-1 pr-3 font-mono">{tok.query || "—"}</td>
                  <td className="py-1 pr-3 font-mono">{tok.entry || "—"}</td>
                  <td className="py-1 tabular-nums">{formatNumber(tok.similarity)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {reasons.length > 0 ? (
        <p className="text-muted-foreground">
          {reasons
            .map((r) => (isKnownReason(r) ? t(`sanctions.reasons.${r}`) : r))
            .join(" · ")}
        </p>
      ) : null}
    </div>
  );
}

function DecisionForm({ match }: { match: SanctionsMatch }) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const decide = useDecideMatch(match.id);
  const submit = (decision: "confirmed" | "false_positive") => {
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    decide.mutate({ decision, reason });
  };
  return (
    <form className="mt-3 space-y-2" onSubmit={(e) => e.preventDefault()}>
      <Label htmlFor={id}>{t("sanctions.decision.reason")}</Label>
      <Textarea
        id={id}
        value={reason}
        maxLength={1000}
        onChange={(e) => setReason(e.target.value)}
        aria-invalid={missing}
        aria-describedby={missing ? `${id}-error` : undefined}
        data-testid="sanctions-reason"
      />
      {missing ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {t("sanctions.decision.reasonRequired")}
        </p>
      ) : null}
      {decide.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorText(decide.error, t("sanctions.decision.failed"), t)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="destructive" disabled={decide.isPending} onClick={() => submit("confirmed")} data-testid="sanctions-confirm">
          {t("sanctions.decision.confirm")}
        </Button>
        <Button type="button" variant="outline" disabled={decide.isPending} onClick={() => submit("false_positive")} data-testid="sanctions-dismiss">
          {t("sanctions.decision.dismiss")}
        </Button>
      </div>
    </form>
  );
}

function Lists({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const query = useQuery(sanctionsVersionsOptions());
  const items = query.data?.items ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("sanctions.lists.title")}</CardTitle>
        <CardDescription>{t("sanctions.lists.subtitle")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {isAdmin ? <UploadForm /> : null}
        {query.isPending ? (
          <Skeleton className="h-16" aria-busy="true" aria-label={t("sanctions.loading")} />
        ) : query.isError ? (
          <p role="alert" className="text-destructive">
            {errorText(query.error, t("sanctions.loadFailed"), t)}
          </p>
        ) : items.length === 0 ? (
          <p className="text-muted-foreground">{t("sanctions.lists.empty")}</p>
        ) : (
          <ul className="divide-y rounded-md border" data-testid="sanctions-versions">
            {items.map((v) => (
              <li key={v.id}>
                <VersionRow version={v} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function VersionRow({ version: v }: { version: SanctionsVersion }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const detail = useQuery(sanctionsVersionOptions(v.id, open));
  const panel = `changes-${v.id}`;
  return (
    <div className="p-3">
      <button
        type="button"
        className="flex w-full flex-wrap items-center gap-2 text-left"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? <ChevronDown className="size-4" aria-hidden="true" /> : <ChevronRight className="size-4" aria-hidden="true" />}
        <span className="font-medium">{t(`sanctions.list.${v.list}`)}</span>
        <span>{t("sanctions.lists.version", { version: v.version })}</span>
        {v.inForce ? <Badge>{t("sanctions.lists.inForce")}</Badge> : null}
        <span className="text-sm text-muted-foreground">
          {t("sanctions.lists.summary", {
            entries: formatNumber(v.entries),
            added: formatNumber(v.added),
            changed: formatNumber(v.changed),
            removed: formatNumber(v.removed),
          })}
        </span>
        <span className="text-sm text-muted-foreground">
          {t("sanctions.lists.importedBy", { who: v.importedBy || t("sanctions.lists.commandLine"), when: formatDateTime(v.importedAt) })}
        </span>
      </button>
      {open ? (
        <div id={panel} className="mt-2 pl-6 text-sm">
          {detail.isPending ? (
            <p className="text-muted-foreground">{t("sanctions.loading")}</p>
          ) : detail.isError ? (
            <p role="alert" className="text-destructive">
              {t("sanctions.loadFailed")}
            </p>
          ) : detail.data.changes.length === 0 ? (
            <p className="text-muted-foreground">{t("sanctions.lists.noChanges")}</p>
          ) : (
            <ul className="space-y-1" data-testid="sanctions-changes">
              {detail.data.changes.map((c) => (
                <li key={c.ref} className="break-words">
                  <Badge variant={c.change === "removed" ? "destructive" : c.change === "added" ? "default" : "secondary"}>
                    {t(`sanctions.change.${c.change}`)}
                  </Badge>{" "}
                  <span className="font-mono">{c.ref}</span> {c.name}
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}

function UploadForm() {
  const { t } = useTranslation();
  const listId = useId();
  const fileId = useId();
  const [list, setList] = useState<"un" | "domestic">("domestic");
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadList();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (file) upload.mutate({ list, file });
  };
  return (
    <form className="grid gap-3 rounded-md border p-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end" onSubmit={submit} data-testid="sanctions-upload">
      <div>
        <Label htmlFor={listId}>{t("sanctions.upload.list")}</Label>
        <NativeSelect id={listId} className="mt-1" value={list} onChange={(e) => setList(e.target.value as "un" | "domestic")}>
          <option value="domestic">{t("sanctions.list.domestic")}</option>
          <option value="un">{t("sanctions.list.un")}</option>
        </NativeSelect>
      </div>
      <div>
        <Label htmlFor={fileId}>{t("sanctions.upload.file")}</Label>
        <Input
          id={fileId}
          type="file"
          className="mt-1"
          accept={list === "un" ? ".xml,application/xml,text/xml" : ".csv,text/csv"}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          data-testid="sanctions-file"
        />
      </div>
      <Button type="submit" disabled={!file || upload.isPending} data-testid="sanctions-upload-submit">
        <Upload aria-hidden="true" />
        {t("sanctions.upload.submit")}
      </Button>
      <div className="sm:col-span-3" aria-live="polite">
        {upload.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorText(upload.error, t("sanctions.upload.failed"), t)}
          </p>
        ) : upload.isSuccess ? (
          <p className="text-sm" data-testid="sanctions-upload-done">
            {t("sanctions.upload.done", {
              version: upload.data.version,
              added: formatNumber(upload.data.added),
              changed: formatNumber(upload.data.changed),
              removed: formatNumber(upload.data.removed),
            })}
          </p>
        ) : null}
      </div>
    </form>
  );
}

function NameCheck() {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState("");
  const search = useNameCheck();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("sanctions.check.title")}</CardTitle>
        <CardDescription>{t("sanctions.check.subtitle")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) search.mutate(name.trim());
          }}
        >
          <div className="flex-1">
            <Label htmlFor={id}>{t("sanctions.check.name")}</Label>
            <Input id={id} className="mt-1" value={name} maxLength={300} onChange={(e) => setName(e.target.value)} />
          </div>
          <Button type="submit" disabled={search.isPending}>
            <ShieldBan aria-hidden="true" />
            {t("sanctions.check.submit")}
          </Button>
        </form>
        {search.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorText(search.error, t("sanctions.loadFailed"), t)}
          </p>
        ) : null}
        {search.data ? (
          <div aria-live="polite" className="space-y-3">
            <p className="text-sm text-muted-foreground">{t("sanctions.check.tokens", { tokens: search.data.tokens.join(" ") })}</p>
            {search.data.candidates.length === 0 ? (
              <p>{t("sanctions.check.none")}</p>
            ) : (
              <ul className="space-y-3">
                {search.data.candidates.map((c) => (
                  <li key={c.ref} className="rounded-md border p-3">
                    <Badge variant={c.strength === "strong" ? "destructive" : "secondary"}>{t(`sanctions.strength.${c.strength}`)}</Badge>
                    <Explained explanation={c} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

export default SanctionsPage;
