import { useEffect, useId, useMemo, useState } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearch } from "wouter";
import {
  ArrowDownLeft,
  ArrowLeftRight,
  ArrowUpDown,
  ArrowUpRight,
  ChevronDown,
  CreditCard,
  Receipt,
  SearchX,
  Undo2,
} from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { ApiError } from "@/api/client";
import { describeFieldErrors, describeError } from "@/api/errors";
import type { CurrentUser, Transaction } from "@/api/types";
import { ExportLink, RefreshButton } from "@/components/ListActions";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SearchField } from "@/components/ui/search-field";
import { useAllInstitutions } from "@/api/institutions";
import { transactionSearchOptions } from "@/features/transactions/api";
import { PageHeader } from "@/components/ui/page-header";
import { SelectField } from "@/components/ui/select-field";
import { Skeleton } from "@/components/ui/skeleton";
import { ChannelBadge } from "@/features/transactions/ChannelBadge";
import { isRegulator } from "@/lib/roles";
import { transactionStatusVariant } from "@/lib/statusBadges";
import { formatMoney } from "@/lib/money";
import {
  EMPTY_FILTERS,
  SEARCH_STATUSES,
  TRANSACTION_TYPES,
  TRANSFER_MODES,
  exportUrl,
  filtersFromSearch,
  hasFilters,
} from "@/features/transactions/search";
import type { TransactionFilters } from "@/features/transactions/search";
import { TransactionDetailDialog } from "@/features/transactions/TransactionDetailDialog";
import { formatDate, formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";

/** Results per page ("Load more" fetches the next one with the server's cursor). */
const PAGE_SIZE = 25;
/** The search and its count refresh every 30 s (001 §7, §9). */
const REFRESH_MS = 30_000;

const TYPE_ICONS: Record<string, LucideIcon> = {
  npss_transfer: ArrowLeftRight,
  transfer: ArrowLeftRight,
  payment: CreditCard,
  withdrawal: ArrowUpRight,
  deposit: ArrowDownLeft,
  refund: Undo2,
  fee: Receipt,
};


/** Formats the X-Total-Count header ("123" or "10000+") per the active language. */
function formatTotal(total: string | null): string {
  if (total == null) return "";
  const plus = total.endsWith("+");
  const n = Number.parseInt(total, 10);
  if (Number.isNaN(n)) return total;
  return `${formatNumber(n)}${plus ? "+" : ""}`;
}

/** /transactions "Transaction Search" (001 §2). */
export function TransactionsPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const title = t("transactions.title");
  const isGuest = Boolean(user.isGuest);
  const ids = {
    search: useId(),
    status: useId(),
    type: useId(),
    mode: useId(),
    currency: useId(),
    dateFrom: useId(),
    dateTo: useId(),
    amountMin: useId(),
    amountMax: useId(),
    npss: useId(),
    risk: useId(),
    institution: useId(),
    advanced: useId(),
  };
  // Regulators see every institution's transactions, so they may narrow them to one (PSPs and
  // networks of the registry); staff already see only their own.
  const regulator = isRegulator(user.role);
  const psps = useAllInstitutions("psp", regulator);
  const mnos = useAllInstitutions("mno", regulator);
  const institutionOptions = useMemo(
    () => [...(psps.data ?? []), ...(mnos.data ?? [])].sort((a, b) => a.name.localeCompare(b.name)),
    [psps.data, mnos.data],
  );
  // /transactions?id=… (the dashboard's "view") opens that transaction's detail; filters in the
  // address (a dashboard card's period) start the search filtered, with the fields that hold them open.
  const search = useSearch();
  const [filters, setFilters] = useState<TransactionFilters>(() => filtersFromSearch(search));
  const [searchText, setSearchText] = useState(filters.search);
  const [advancedOpen, setAdvancedOpen] = useState(() => hasFilters({ ...filters, search: "", status: "all", type: "all" }));
  const [oldestFirst, setOldestFirst] = useState(false);
  const [selected, setSelected] = useState<string | null>(() => new URLSearchParams(search).get("id"));

  // Debounce the free-text boxes so typing does not fire a request per key.
  useEffect(() => {
    const id = setTimeout(() => setFilters((f) => (f.search === searchText ? f : { ...f, search: searchText })), 300);
    return () => clearTimeout(id);
  }, [searchText]);

  const set = (key: keyof TransactionFilters) => (value: string) => setFilters((f) => ({ ...f, [key]: value }));

  // Guests pay one unit per read: they refresh by hand rather than every 30 s.
  const query = useInfiniteQuery(transactionSearchOptions(filters, PAGE_SIZE, isGuest ? false : REFRESH_MS));

  const rows = useMemo(() => {
    const all = query.data?.pages.flatMap((p) => p.items) ?? [];
    return oldestFirst ? [...all].reverse() : all;
  }, [query.data, oldestFirst]);
  const total = query.data?.pages[0]?.total ?? null;

  const clearAll = () => {
    setSearchText("");
    setFilters(EMPTY_FILTERS);
  };

  const errorText =
    query.error instanceof ApiError
      ? query.error.status === 403
        ? describeError(query.error, t)
        : query.error.status === 400
          ? Object.values(describeFieldErrors(query.error, t)).join(" ") || describeError(query.error, t)
          : t("transactions.loadFailed")
      : query.error
        ? t("transactions.loadFailed")
        : null;
  const fieldErrors = query.error instanceof ApiError && query.error.status === 400 ? describeFieldErrors(query.error, t) : {};

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title={title}
        description={t("transactions.subtitle")}
        actions={
          <>
            <RefreshButton fetching={query.isFetching} onRefresh={() => void query.refetch()} label={t("transactions.refresh")} testId="tx-refresh" />
            {isGuest ? null : <ExportLink href={exportUrl(filters)} label={t("transactions.export")} testId="tx-export" />}
          </>
        }
      />

      <Card>
        <CardContent className="space-y-4 p-4 sm:p-6">
          <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_12rem_12rem]">
            <SearchField
              id={ids.search}
              label={t("transactions.searchLabel")}
              placeholder={t("transactions.searchPlaceholder")}
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              aria-invalid={fieldErrors.search ? true : undefined}
              data-testid="tx-search"
            />
            <SelectField
              id={ids.status}
              label={t("transactions.statusFilter")}
              value={filters.status}
              onChange={set("status")}
              all={{ value: "all", label: t("transactions.allStatuses") }}
              options={SEARCH_STATUSES.map((s) => ({ value: s, label: t(`transactions.status.${s}`) }))}
              testId="tx-status"
            />
            <SelectField
              id={ids.type}
              label={t("transactions.typeFilter")}
              value={filters.type}
              onChange={set("type")}
              all={{ value: "all", label: t("transactions.allTypes") }}
              options={TRANSACTION_TYPES.map((s) => ({ value: s, label: t(`transactions.type.${s}`) }))}
              testId="tx-type"
            />
          </div>

          <div className="flex flex-wrap items-center justify-between gap-2">
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={advancedOpen}
              aria-controls={ids.advanced}
              onClick={() => setAdvancedOpen((o) => !o)}
              data-testid="tx-advanced-toggle"
            >
              <ChevronDown className={cn("transition-transform", advancedOpen && "rotate-180")} aria-hidden="true" />
              {t("transactions.advancedFilters")}
            </Button>
            <Button variant="outline" size="sm" onClick={clearAll} data-testid="tx-clear">
              {t("transactions.clearAll")}
            </Button>
          </div>

          <div id={ids.advanced} hidden={!advancedOpen} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <SelectField
              id={ids.mode}
              label={t("transactions.transferMode")}
              value={filters.transferMode}
              onChange={set("transferMode")}
              all={{ value: "all", label: t("transactions.allModes") }}
              options={TRANSFER_MODES.map((m) => ({ value: m, label: t(`transactions.mode.${m}`) }))}
            />
            <SelectField
              id={ids.currency}
              label={t("transactions.currency")}
              value={filters.currency}
              onChange={set("currency")}
              all={{ value: "all", label: t("transactions.allCurrencies") }}
              options={[
                { value: "SHS", label: "SHS" },
                { value: "USD", label: "USD" },
              ]}
            />
            {regulator ? (
              <SelectField
                id={ids.institution}
                label={t("transactions.institutionFilter")}
                value={filters.institution}
                onChange={set("institution")}
                all={{ value: "all", label: t("transactions.allInstitutions") }}
                options={institutionOptions.map((i) => ({ value: i.id, label: i.name }))}
                testId="tx-institution"
              />
            ) : null}
            <FilterInput id={ids.dateFrom} label={t("transactions.dateFrom")} type="date" value={filters.dateFrom} onChange={set("dateFrom")} error={fieldErrors.dateFrom} />
            <FilterInput id={ids.dateTo} label={t("transactions.dateTo")} type="date" value={filters.dateTo} onChange={set("dateTo")} error={fieldErrors.dateTo} />
            <FilterInput id={ids.amountMin} label={t("transactions.amountMin")} type="number" value={filters.amountMin} onChange={set("amountMin")} error={fieldErrors.amountMin} />
            <FilterInput id={ids.amountMax} label={t("transactions.amountMax")} type="number" value={filters.amountMax} onChange={set("amountMax")} error={fieldErrors.amountMax} />
            <FilterInput
              id={ids.npss}
              label={t("transactions.npssReference")}
              value={filters.npssReference}
              onChange={set("npssReference")}
              error={fieldErrors.npssReference}
              testId="tx-npss"
            />
            <SelectField
              id={ids.risk}
              label={t("transactions.riskFilter")}
              value={filters.highRisk}
              onChange={set("highRisk")}
              all={{ value: "", label: t("transactions.allRisks") }}
              options={[{ value: "true", label: t("transactions.highRiskOnly") }]}
              testId="tx-risk"
            />
          </div>
        </CardContent>
      </Card>

      <Card>
        <div className="flex items-center justify-between gap-3 border-b px-4 py-3 sm:px-6">
          <h2 className="text-base font-semibold" aria-live="polite" data-testid="tx-count">
            {total == null ? t("transactions.results") : t("transactions.count", { count: Number.parseInt(total, 10) || 0, formatted: formatTotal(total) })}
          </h2>
          <Button variant="ghost" size="sm" onClick={() => setOldestFirst((o) => !o)} aria-pressed={oldestFirst}>
            <ArrowUpDown aria-hidden="true" />
            {oldestFirst ? t("transactions.oldestFirst") : t("transactions.newestFirst")}
          </Button>
        </div>
        <CardContent className="p-0">
          {errorText ? (
            <p role="alert" className="p-6 text-sm text-destructive" data-testid="tx-error">
              {errorText}
            </p>
          ) : query.isLoading ? (
            <ul aria-busy="true" aria-label={t("transactions.loading")}>
              {Array.from({ length: 5 }, (_, i) => (
                <li key={i} className="flex items-center gap-4 border-b px-4 py-4 last:border-0 sm:px-6">
                  <Skeleton className="h-10 w-10 shrink-0 rounded-full" />
                  <span className="flex-1 space-y-2">
                    <Skeleton className="h-4 w-48 max-w-full" />
                    <Skeleton className="h-3 w-64 max-w-full" />
                  </span>
                </li>
              ))}
            </ul>
          ) : rows.length === 0 ? (
            <EmptyState icon={SearchX} title={t("transactions.emptyTitle")} hint={t("transactions.emptyHint")} testId="tx-empty" />
          ) : (
            <ul data-testid="tx-list">
              {rows.map((tx) => (
                <TransactionRow key={tx.id} tx={tx} onOpen={() => setSelected(tx.id)} />
              ))}
            </ul>
          )}
          {query.hasNextPage && !errorText ? (
            <div className="border-t p-4 text-center">
              <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} data-testid="tx-load-more">
                {query.isFetchingNextPage ? t("transactions.loadingMore") : t("transactions.loadMore")}
              </Button>
            </div>
          ) : null}
        </CardContent>
      </Card>

      <TransactionDetailDialog id={selected} onClose={() => setSelected(null)} />
    </section>
  );
}

function FilterInput({
  id,
  label,
  value,
  onChange,
  type = "text",
  error,
  className,
  testId,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  type?: string;
  error?: string;
  className?: string;
  testId?: string;
}) {
  return (
    <div className={cn("space-y-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type={type}
        value={value}
        inputMode={type === "number" ? "decimal" : undefined}
        min={type === "number" ? 0 : undefined}
        step={type === "number" ? "0.01" : undefined}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid={testId}
      />
      {error ? (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** One result: type icon, id, status and mode badges, parties, amount, NPSS tag and date. */
function TransactionRow({ tx, onOpen }: { tx: Transaction; onOpen: () => void }) {
  const { t } = useTranslation();
  const Icon = TYPE_ICONS[tx.type] ?? ArrowLeftRight;
  const sender = tx.senderName || tx.sender || "—";
  const recipient = tx.recipientName || tx.receiver || "—";
  return (
    <li className="border-b last:border-0">
      <button
        type="button"
        onClick={onOpen}
        className="flex w-full cursor-pointer flex-col gap-3 px-4 py-4 text-left hover:bg-muted/40 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:flex-row sm:items-center sm:px-6"
        data-testid="tx-row"
        data-npss={tx.npssReference ?? ""}
        aria-label={t("transactions.openDetail", { id: tx.transactionId })}
      >
        <span className="flex min-w-0 flex-1 items-start gap-3">
          <span
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground"
            title={t(`transactions.type.${tx.type}`, { defaultValue: tx.type })}
          >
            <Icon className="h-5 w-5" aria-hidden="true" />
          </span>
          <span className="min-w-0 flex-1 space-y-1">
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-sm font-semibold">{tx.transactionId}</span>
              <Badge variant={transactionStatusVariant(tx.status)}>{t(`transactions.status.${tx.status}`, { defaultValue: tx.status })}</Badge>
              <ChannelBadge mode={tx.transferMode} />
            </span>
            <span className="block truncate text-sm text-muted-foreground">
              {sender} <span aria-hidden="true">→</span>
              <span className="sr-only">{t("transactions.to")}</span> {recipient}
            </span>
            {tx.npssReference ? (
              <span className="inline-block rounded bg-muted px-1.5 py-0.5 font-mono text-xs text-muted-foreground">
                {tx.npssReference}
              </span>
            ) : null}
          </span>
        </span>
        <span className="flex shrink-0 items-baseline justify-between gap-3 pl-13 sm:flex-col sm:items-end sm:gap-1 sm:pl-0">
          <span className="font-semibold tabular-nums">{formatMoney(tx.amount, tx.currency)}</span>
          <span className="text-xs text-muted-foreground tabular-nums">{formatDate(tx.createdAt)}</span>
        </span>
      </button>
    </li>
  );
}

export default TransactionsPage;
