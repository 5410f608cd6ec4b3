import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Inbox, RefreshCw, RotateCcw, Trash2 } from "lucide-react";
import { ApiError } from "@/api/client";
import { describeError } from "@/api/errors";
import type { CurrentUser } from "@/api/types";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { deadLettersOptions, useDeadLetterAction } from "@/features/switchfeed/api";
import type { DeadLetter } from "@/features/switchfeed/types";
import { isRegulator } from "@/lib/roles";
import { formatDateTime, formatNumber } from "@/lib/format";
import { usePageTitle } from "@/lib/usePageTitle";
import { cn } from "@/lib/utils";

const STATUSES = ["open", "retried", "discarded", "all"] as const;
type StatusFilter = (typeof STATUSES)[number];

/** /switch-feed: regulators see the switch messages that could not be stored, with why, and retry or discard them. */
export function SwitchFeedPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const title = t("switchFeed.title");
  usePageTitle(title);
  if (!isRegulator(user.role)) {
    return (
      <section aria-labelledby="page-title" className="mx-auto max-w-7xl space-y-4">
        <h1 id="page-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {title}
        </h1>
        <p role="alert" className="text-muted-foreground">
          {t("switchFeed.notAllowed")}
        </p>
      </section>
    );
  }
  return <DeadLetterScreen title={title} />;
}

function DeadLetterScreen({ title }: { title: string }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<StatusFilter>("open");
  const query = useQuery(deadLettersOptions(status));
  const letters = query.data ?? [];
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-7xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="page-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            {title}
          </h1>
          <p className="mt-1 text-muted-foreground">{t("switchFeed.description")}</p>
        </div>
        <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <RefreshCw className={cn("mr-2 h-4 w-4", query.isFetching && "animate-spin")} aria-hidden="true" />
          {t("switchFeed.refresh")}
        </Button>
      </div>
      <div role="group" aria-label={t("switchFeed.statusFilter")} className="flex flex-wrap gap-2">
        {STATUSES.map((s) => (
          <Button key={s} size="sm" variant={status === s ? "default" : "outline"} aria-pressed={status === s} onClick={() => setStatus(s)}>
            {t(`switchFeed.status.${s}`)}
          </Button>
        ))}
      </div>
      {query.isLoading ? (
        <div className="space-y-3" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Card key={i} className="h-28 animate-pulse bg-muted/40" />
          ))}
        </div>
      ) : query.error ? (
        <p role="alert" className="text-sm text-destructive">
          {t("switchFeed.loadFailed")}
        </p>
      ) : letters.length === 0 ? (
        <Card>
          <CardContent className="flex items-center gap-3 p-6 text-muted-foreground" data-testid="dead-letters-empty">
            <Inbox className="h-5 w-5" aria-hidden="true" />
            {status === "open" ? t("switchFeed.emptyOpen") : t("switchFeed.empty")}
          </CardContent>
        </Card>
      ) : (
        <ul className="space-y-3" data-testid="dead-letters">
          {letters.map((d) => (
            <DeadLetterCard key={d.id} letter={d} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Why an action on a dead letter failed: a retry that still fails names its first fault (the
 * element path and what is wrong there, as the parser wrote it); anything else is described from
 * its code.
 */
function deadLetterError(err: Error, t: TFunction): string {
  if (!(err instanceof ApiError)) return t("switchFeed.actionFailed");
  const [path, fault] = Object.entries(err.faults)[0] ?? [];
  if (path && fault?.message) return t("switchFeed.stillInvalid", { fault: `${path}: ${fault.message}` });
  return describeError(err, t);
}

function DeadLetterCard({ letter }: { letter: DeadLetter }) {
  const { t } = useTranslation();
  const act = useDeadLetterAction(letter.id);
  const error = act.isError ? deadLetterError(act.error, t) : null;
  const open = letter.status === "open";
  return (
    <li>
      <Card data-testid="dead-letter">
        <CardContent className="space-y-3 p-4 sm:p-6">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={open ? "destructive" : letter.status === "retried" ? "default" : "secondary"}>
              {t(`switchFeed.status.${letter.status}`)}
            </Badge>
            <span className="font-mono text-sm">{letter.subject}</span>
            <span className="text-sm text-muted-foreground">{t("switchFeed.sequence", { seq: formatNumber(letter.streamSeq) })}</span>
            <span className="ml-auto text-sm text-muted-foreground">{formatDateTime(letter.createdAt)}</span>
          </div>
          <div>
            <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{t("switchFeed.reason")}</p>
            <p className="break-words font-mono text-sm" data-testid="dead-letter-reason">
              {letter.reason}
            </p>
          </div>
          {letter.faults.length > 1 ? (
            <ul className="list-disc space-y-1 pl-5 text-sm">
              {letter.faults.slice(1).map((f) => (
                <li key={f.path + f.message} className="break-words">
                  <span className="font-mono">{f.path}</span>: {f.message}
                </li>
              ))}
            </ul>
          ) : null}
          {letter.attempts > 0 ? <p className="text-sm text-muted-foreground">{t("switchFeed.attempts", { count: letter.attempts })}</p> : null}
          <details className="rounded-md bg-muted/50 p-3 text-sm">
            <summary className="cursor-pointer font-medium">{t("switchFeed.payload")}</summary>
            <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap break-all font-mono text-xs">{letter.payload}</pre>
          </details>
          {error ? (
            <div role="alert" className="rounded-md border border-destructive/40 p-3 text-sm text-destructive" data-testid="dead-letter-error">
              <p>{error}</p>
            </div>
          ) : null}
          {open ? (
            <div className="flex flex-wrap gap-2">
              <Button size="sm" onClick={() => act.mutate("retry")} disabled={act.isPending} data-testid="dead-letter-retry">
                <RotateCcw className="mr-2 h-4 w-4" aria-hidden="true" />
                {t("switchFeed.retry")}
              </Button>
              <Button size="sm" variant="outline" onClick={() => act.mutate("discard")} disabled={act.isPending} data-testid="dead-letter-discard">
                <Trash2 className="mr-2 h-4 w-4" aria-hidden="true" />
                {t("switchFeed.discard")}
              </Button>
            </div>
          ) : null}
        </CardContent>
      </Card>
    </li>
  );
}

export default SwitchFeedPage;
