import { Fragment, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChevronRight } from "lucide-react";
import { ListTable } from "@/components/DataTable";
import { detailEntries, formatAuditTime } from "@/features/audit/display";
import type { AuditActor, AuditEntry } from "@/features/audit/types";
import { shortId } from "@/lib/format";
import { cn } from "@/lib/utils";

/**
 * The audit rows: time, actor, action, object and address, newest first. A row opens in place to
 * show its details and user agent (an investigator compares neighbouring rows, which a dialog would hide).
 */
export function AuditTable({ rows, loading, institutionNames }: { rows: AuditEntry[]; loading: boolean; institutionNames: Map<string, string> }) {
  const { t } = useTranslation();
  return (
    <ListTable
      caption={t("auditTrail.tableCaption")}
      testId="audit-table"
      minWidth="min-w-[52rem]"
      loading={loading}
      skeletonRows={6}
      skeletonTestId="audit-skeleton"
      columns={[
        t("auditTrail.columns.time"),
        t("auditTrail.columns.actor"),
        t("auditTrail.columns.action"),
        t("auditTrail.columns.object"),
        t("auditTrail.columns.address"),
      ]}
    >
      {rows.map((entry) => (
        <AuditRow key={entry.id} entry={entry} institutionNames={institutionNames} />
      ))}
    </ListTable>
  );
}

function ActorCell({ actor, institutionNames }: { actor: AuditActor | null; institutionNames: Map<string, string> }) {
  const { t } = useTranslation();
  if (!actor) return <span className="text-muted-foreground">{t("auditTrail.noActor")}</span>;
  const role = actor.role ? t(`roles.${actor.role}`, { defaultValue: actor.role }) : null;
  const institution = actor.institution ? institutionNames.get(actor.institution) ?? actor.institution : null;
  return (
    <>
      <span className="block font-medium">{actor.name || actor.email || actor.id}</span>
      {actor.name && actor.email ? <span className="block text-xs text-muted-foreground">{actor.email}</span> : null}
      {role || institution ? (
        <span className="block text-xs text-muted-foreground">{[role, institution].filter(Boolean).join(" · ")}</span>
      ) : null}
    </>
  );
}

function AuditRow({ entry, institutionNames }: { entry: AuditEntry; institutionNames: Map<string, string> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const time = formatAuditTime(entry.at);
  const details = detailEntries(entry.details);
  const cell = "px-4 py-3 align-top";
  return (
    <Fragment>
      <tr className={cn("border-b last:border-0 hover:bg-muted/30", open && "bg-muted/30")} data-testid="audit-row" data-action={entry.action} data-seq={entry.seq}>
        <td className={cn(cell, "whitespace-nowrap")}>
          <button
            type="button"
            className="-mx-1 inline-flex cursor-pointer items-center gap-1.5 rounded px-1 text-left tabular-nums hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            aria-label={t("auditTrail.toggleDetails", { action: entry.action, time })}
            onClick={() => setOpen((o) => !o)}
            data-testid="audit-row-toggle"
          >
            <ChevronRight className={cn("h-4 w-4 shrink-0 transition-transform", open && "rotate-90")} aria-hidden="true" />
            <time dateTime={entry.at} title={entry.at}>
              {time}
            </time>
          </button>
        </td>
        <td className={cell} data-testid="audit-actor">
          <ActorCell actor={entry.actor} institutionNames={institutionNames} />
        </td>
        <td className={cell}>
          <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs" data-testid="audit-action">
            {entry.action}
          </code>
        </td>
        <td className={cell}>
          <span className="block">{t(`auditTrail.resources.${entry.resource}`, { defaultValue: entry.resource })}</span>
          {entry.resourceId ? (
            <span className="block font-mono text-xs text-muted-foreground" title={entry.resourceId}>
              {shortId(entry.resourceId)}
            </span>
          ) : null}
        </td>
        <td className={cn(cell, "font-mono text-xs leading-5")} data-testid="audit-address">
          {entry.ipAddress || "—"}
        </td>
      </tr>
      {open ? (
        <tr id={detailsId} className="border-b bg-muted/20" data-testid="audit-row-details">
          <td colSpan={5} className="px-4 py-3">
            {/* Below lg the table scrolls sideways: the details stay in view, as wide as the screen. */}
            <div className="max-lg:sticky max-lg:left-4 max-lg:w-[calc(100vw-5rem)] sm:max-lg:w-[calc(100vw-6.5rem)]">
              <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[minmax(8rem,max-content)_1fr]">
                <Detail term={t("auditTrail.detail.id")} value={entry.id} mono />
                <Detail term={t("auditTrail.detail.seq")} value={String(entry.seq)} mono />
                <Detail term={t("auditTrail.detail.at")} value={entry.at} mono />
                {entry.actor ? <Detail term={t("auditTrail.detail.actorId")} value={entry.actor.id} mono /> : null}
                {entry.resourceId ? <Detail term={t("auditTrail.detail.resourceId")} value={entry.resourceId} mono /> : null}
                <Detail term={t("auditTrail.detail.userAgent")} value={entry.userAgent || "—"} testId="audit-user-agent" />
                {details.map(([key, value]) => (
                  <Detail key={key} term={key} value={value} mono />
                ))}
              </dl>
              {details.length === 0 ? <p className="mt-2 text-xs text-muted-foreground">{t("auditTrail.detail.none")}</p> : null}
            </div>
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}

function Detail({ term, value, mono = false, testId }: { term: string; value: string; mono?: boolean; testId?: string }) {
  return (
    <>
      <dt className="font-medium text-muted-foreground">{term}</dt>
      <dd className={cn("min-w-0 break-all", mono && "font-mono text-xs leading-5")} data-testid={testId}>
        {value}
      </dd>
    </>
  );
}
