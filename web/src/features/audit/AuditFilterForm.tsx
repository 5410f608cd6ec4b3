import { useId, useState } from "react";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ChevronDown, Filter, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";
import { ACTION_SUGGESTIONS, EMPTY_FILTERS, RESOURCE_SUGGESTIONS, filterParams } from "@/features/audit/filters";
import type { AuditFilters } from "@/features/audit/filters";

/** A text filter, with a hint in its empty box; the dates have the browser's own picker instead. */
type FieldSpec =
  | { key: Exclude<keyof AuditFilters, "from" | "to">; type?: undefined; list?: string }
  | { key: "from" | "to"; type: "date"; list?: undefined };

/**
 * The audit log's filters as a form: edits stay a draft until applied (Enter or "Apply"), so the
 * URL, the table and the export link change together and Back returns to the previous search.
 * The page remounts the form when the URL changes, which resets the draft to what is applied.
 * On a phone the seven boxes would push the results off the first screen, so there they fold
 * behind a "Filters" button that says how many are set (and open by themselves on an error).
 */
export function AuditFilterForm({
  initial,
  errors,
  institutionNames,
  onApply,
}: {
  initial: AuditFilters;
  institutionNames: Map<string, string>;
  /** The server's per-filter messages from a 400, keyed by query parameter. */
  errors: Record<string, string>;
  onApply: (filters: AuditFilters) => void;
}) {
  const { t } = useTranslation();
  const base = useId();
  const [draft, setDraft] = useState<AuditFilters>(initial);
  const [open, setOpen] = useState(false);
  const applied = [...filterParams(initial).keys()].length;
  const expanded = open || Object.keys(errors).length > 0;
  // Institution names for the suggestions (the server accepts an id or a name).
  const institutions = [...new Set(institutionNames.values())].sort();

  const lists = {
    action: `${base}-actions`,
    resource: `${base}-resources`,
    institution: `${base}-institutions`,
  };
  const fields: FieldSpec[] = [
    { key: "actor" },
    { key: "action", list: lists.action },
    { key: "resource", list: lists.resource },
    { key: "resourceId" },
    { key: "institution", list: lists.institution },
    { key: "from", type: "date" },
    { key: "to", type: "date" },
  ];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(draft);
  };
  const clear = () => {
    setDraft(EMPTY_FILTERS);
    onApply(EMPTY_FILTERS);
  };

  return (
    <form onSubmit={submit} role="search" aria-label={t("auditTrail.filters.label")} data-testid="audit-filters">
      <Button
        variant="outline"
        className="w-full justify-between sm:hidden"
        aria-expanded={expanded}
        aria-controls={`${base}-fields`}
        onClick={() => setOpen((o) => !o)}
        data-testid="audit-filters-toggle"
      >
        <span className="flex items-center gap-2">
          <Filter aria-hidden="true" />
          {applied > 0 ? t("auditTrail.filters.toggleCount", { count: applied }) : t("auditTrail.filters.toggle")}
        </span>
        <ChevronDown className={cn("transition-transform", expanded && "rotate-180")} aria-hidden="true" />
      </Button>
      <div id={`${base}-fields`} className={cn(!expanded && "max-sm:hidden", "max-sm:mt-4")}>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {fields.map((spec) => {
            const { key, type, list } = spec;
            const id = `${base}-${key}`;
            const error = errors[key];
            return (
              <div key={key} className="min-w-0 space-y-1.5">
                <Label htmlFor={id}>{t(`auditTrail.filters.${key}`)}</Label>
                <Input
                  id={id}
                  name={key}
                  type={type ?? "text"}
                  list={list}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder={spec.type ? undefined : t(`auditTrail.filters.${spec.key}Hint`)}
                  value={draft[key]}
                  onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  data-testid={`audit-filter-${key}`}
                />
                {error ? (
                  <p id={`${id}-error`} className="text-xs text-destructive">
                    {error}
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" className="flex-1 sm:flex-none" onClick={clear} data-testid="audit-clear">
            <X aria-hidden="true" />
            {t("auditTrail.filters.clear")}
          </Button>
          <Button type="submit" className="flex-1 sm:flex-none" data-testid="audit-apply">
            <Filter aria-hidden="true" />
            {t("auditTrail.filters.apply")}
          </Button>
        </div>
      </div>
      <datalist id={lists.action}>
        {ACTION_SUGGESTIONS.map((a) => (
          <option key={a} value={a} />
        ))}
      </datalist>
      <datalist id={lists.resource}>
        {RESOURCE_SUGGESTIONS.map((r) => (
          <option key={r} value={r} />
        ))}
      </datalist>
      <datalist id={lists.institution}>
        {institutions.map((n) => (
          <option key={n} value={n} />
        ))}
      </datalist>
    </form>
  );
}
