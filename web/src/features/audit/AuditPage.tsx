import { useMemo } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "wouter";
import { Download, RefreshCw, ScrollText, X } from "lucide-react";
import { ApiError } from "@/api/client";
import { describeError, describeFieldErrors } from "@/api/errors";
import type { CurrentUser } from "@/api/types";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { auditTrailOptions, useVerify } from "@/features/audit/api";
import { AuditFilterForm } from "@/features/audit/AuditFilterForm";
import { AuditTable } from "@/features/audit/AuditTable";
import { EMPTY_FILTERS, FILTER_KEYS, auditExportUrl, filterParams, filtersFromSearch, hasFilters } from "@/features/audit/filters";
import type { AuditFilters } from "@/features/audit/filters";
import { useInstitutionNames } from "@/features/audit/institutions";
import { VerifyButton, VerifyResultPanel } from "@/features/audit/VerifyPanel";
import { isRegulator } from "@/lib/roles";
import { formatNumber } from "@/lib/format";
import { usePageTitle } from "@/lib/usePageTitle";
import { cn } from "@/lib/utils";

/** /audit: regulators browse, filter and export the audit trail; an administrator verifies its chain. */
export function AuditPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const title = t("auditTrail.title");
  usePageTitle(title);
  if (!isRegulator(user.role)) {
    return (
      <section aria-labelledby="page-title" className="mx-auto max-w-7xl space-y-4">
        <h1 id="page-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {title}
        </h1>
        <p role="alert" className="text-muted-foreground" data-testid="audit-not-allowed">
          {t("auditTrail.notAllowed")}
        </p>
      </section>
    );
  }
  return <AuditScreen isAdmin={user.role === "cbsl_admin"} title={title} />;
}

function AuditScreen({ isAdmin, title }: { isAdmin: boolean; title: string }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const verify = useVerify();
  const institutionNames = useInstitutionNames();

  const query = useInfiniteQuery(auditTrailOptions(filters));
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);

  const apply = (next: AuditFilters) => setSearchParams(filterParams(next));
  const error = query.error;
  const badFilter = error instanceof ApiError && error.status === 400;
  const fieldErrors = badFilter ? describeFieldErrors(error, t) : {};
  // The boxes show their own messages; the server's summary is added only when no box can
  // (an unknown parameter, a stale cursor).
  const shownBeside = Object.keys(fieldErrors).length > 0 && Object.keys(fieldErrors).every((k) => (FILTER_KEYS as readonly string[]).includes(k));
  const errorText =
    error == null
      ? null
      : badFilter
        ? shownBeside
          ? t("auditTrail.errors.badFilter")
          : `${describeError(error, t)} ${t("auditTrail.errors.badFilter")}`
        : error instanceof ApiError && error.status === 403
          ? t("auditTrail.errors.forbidden")
          : t("auditTrail.errors.loadFailed");
  const filtered = hasFilters(filters);
  // A failed "Load more" keeps the rows already shown; the button stays to try again.
  const moreFailed = query.isFetchNextPageError;

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-7xl space-y-6" data-testid="audit-page">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <h1 id="page-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            {title}
          </h1>
          <p className="mt-2 text-muted-foreground">{t("auditTrail.subtitle")}</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching} data-testid="audit-refresh">
            <RefreshCw className={cn(query.isFetching && "animate-spin")} aria-hidden="true" />
            {t("auditTrail.refresh")}
          </Button>
          <Button asChild variant="outline">
            <a href={auditExportUrl(filters)} download data-testid="audit-export">
              <Download aria-hidden="true" />
              {t("auditTrail.export")}
            </a>
          </Button>
          {isAdmin ? <VerifyButton verify={verify} /> : null}
        </div>
      </div>

      {isAdmin ? <VerifyResultPanel verify={verify} /> : null}

      <Card>
        <CardContent className="p-4 sm:p-6">
          <AuditFilterForm key={search} initial={filters} errors={fieldErrors} institutionNames={institutionNames} onApply={apply} />
        </CardContent>
      </Card>

      <Card>
        <div className="flex items-center justify-between gap-3 border-b px-4 py-3 sm:px-6">
          <h2 className="text-base font-semibold" aria-live="polite" data-testid="audit-count">
            {query.isSuccess
              ? query.hasNextPage
                ? t("auditTrail.shownMore", { count: rows.length, formatted: formatNumber(rows.length) })
                : t("auditTrail.shownAll", { count: rows.length, formatted: formatNumber(rows.length) })
              : t("auditTrail.entries")}
          </h2>
        </div>
        <CardContent className="p-0">
          {errorText && !moreFailed ? (
            <div role="alert" className="space-y-3 p-6 text-sm" data-testid="audit-error">
              <p className="text-destructive">{errorText}</p>
              {badFilter ? (
                <Button variant="outline" size="sm" onClick={() => apply(EMPTY_FILTERS)}>
                  <X aria-hidden="true" />
                  {t("auditTrail.filters.clear")}
                </Button>
              ) : (
                <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
                  <RefreshCw aria-hidden="true" />
                  {t("auditTrail.retry")}
                </Button>
              )}
            </div>
          ) : !query.isLoading && rows.length === 0 ? (
            <div className="flex flex-col items-center gap-2 px-6 py-14 text-center" data-testid="audit-empty">
              <ScrollText className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
              <p className="font-medium">{filtered ? t("auditTrail.emptyFiltered") : t("auditTrail.empty")}</p>
              <p className="text-sm text-muted-foreground">{filtered ? t("auditTrail.emptyFilteredHint") : t("auditTrail.emptyHint")}</p>
            </div>
          ) : (
            <AuditTable rows={rows} loading={query.isLoading} institutionNames={institutionNames} />
          )}
          {query.hasNextPage && (!errorText || moreFailed) ? (
            <div className="space-y-2 border-t p-4 text-center">
              {moreFailed ? (
                <p role="alert" className="text-sm text-destructive" data-testid="audit-more-error">
                  {t("auditTrail.errors.moreFailed")}
                </p>
              ) : null}
              <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} data-testid="audit-load-more">
                {query.isFetchingNextPage ? t("auditTrail.loadingMore") : t("auditTrail.loadMore")}
              </Button>
            </div>
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}

export default AuditPage;
