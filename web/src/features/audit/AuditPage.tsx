import { useMemo } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "wouter";
import { RefreshCw, ScrollText, X } from "lucide-react";
import { ApiError } from "@/api/client";
import { describeError, describeFieldErrors } from "@/api/errors";
import type { CurrentUser } from "@/api/types";
import { ExportLink, RefreshButton } from "@/components/ListActions";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { auditTrailOptions, useVerify } from "@/features/audit/api";
import { EmptyState } from "@/components/ui/empty-state";
import { NotAllowed } from "@/components/ui/not-allowed";
import { PageHeader } from "@/components/ui/page-header";
import { AuditFilterForm } from "@/features/audit/AuditFilterForm";
import { AuditTable } from "@/features/audit/AuditTable";
import { EMPTY_FILTERS, FILTER_KEYS, auditExportUrl, filterParams, filtersFromSearch, hasFilters } from "@/features/audit/filters";
import type { AuditFilters } from "@/features/audit/filters";
import { useInstitutionNames } from "@/api/institutions";
import { VerifyButton, VerifyResultPanel } from "@/features/audit/VerifyPanel";
import { isRegulator } from "@/lib/roles";
import { formatNumber } from "@/lib/format";

/** /audit: regulators browse, filter and export the audit trail; an administrator verifies its chain. */
export function AuditPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const title = t("auditTrail.title");
  if (!isRegulator(user.role)) {
    return (
      <NotAllowed title={title} testId="audit-not-allowed">
        {t("auditTrail.notAllowed")}
      </NotAllowed>
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
      <PageHeader
        title={title}
        description={t("auditTrail.subtitle")}
        actions={
          <>
            <RefreshButton fetching={query.isFetching} onRefresh={() => void query.refetch()} label={t("auditTrail.refresh")} testId="audit-refresh" />
            <ExportLink href={auditExportUrl(filters)} label={t("auditTrail.export")} testId="audit-export" />
            {isAdmin ? <VerifyButton verify={verify} /> : null}
          </>
        }
      />

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
            <EmptyState
              icon={ScrollText}
              title={filtered ? t("auditTrail.emptyFiltered") : t("auditTrail.empty")}
              hint={filtered ? t("auditTrail.emptyFilteredHint") : t("auditTrail.emptyHint")}
              testId="audit-empty"
            />
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
