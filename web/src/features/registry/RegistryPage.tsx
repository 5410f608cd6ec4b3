import { useEffect, useId, useMemo, useState } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearch } from "wouter";
import { AlertTriangle, Building2, Lightbulb, Route as RouteIcon } from "lucide-react";
import type { CurrentUser, LicenseAction, RegistryEntry } from "@/api/types";
import { DataTable } from "@/components/DataTable";
import { PageFooter } from "@/components/PageFooter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { SearchField } from "@/components/ui/search-field";
import { registryOptions } from "@/features/registry/api";
import { PageHeader } from "@/components/ui/page-header";
import { SelectField } from "@/components/ui/select-field";
import { ComplianceDialog } from "@/features/registry/ComplianceDialog";
import { LicenseDialog } from "@/features/registry/LicenseDialog";
import { COMPLIANCE_STATUSES, allowedActions, expiryState, routingParts } from "@/features/registry/registry";
import type { RegistryKind } from "@/features/registry/registry";
import { RoutingDialog } from "@/features/registry/RoutingDialog";
import { isRegulator } from "@/lib/roles";
import { complianceVariant, licenseVariant } from "@/lib/statusBadges";
import { formatDate, formatNumber } from "@/lib/format";
import { activeLocale } from "@/lib/format";
import { cn } from "@/lib/utils";

const STATUSES = ["active", "suspended", "revoked"] as const;

/** Formats a decimal-string USD amount exactly (Intl accepts numeric strings; no float rounding). */
export function formatUsd(value: string | null | undefined): string {
  const amount = value ?? "0";
  return new Intl.NumberFormat(activeLocale(), { style: "currency", currency: "USD" }).format(
    amount as unknown as number,
  );
}

/**
 * /psps "PSP Registry", /mnos "MNO Oversight" and /banks "Bank Registry": licensed institutions,
 * searched and filtered on the server and read a page at a time, with licence actions and the
 * compliance status (its reason, since when, the system's proposals, changes and history; PSPs
 * and MNOs); for PSPs and banks also their routing in the transfer engine, which administrators
 * edit.
 */
export function RegistryPage({ kind, user }: { kind: RegistryKind; user: CurrentUser }) {
  const { t } = useTranslation();
  const title = t(`registry.${kind}.title`);
  const regulator = isRegulator(user.role);
  const searchId = useId();
  // /psps?q=… (an alert's or a transaction's institution link) opens the list searched for it.
  const initialQ = new URLSearchParams(useSearch()).get("q") ?? "";
  const [search, setSearch] = useState(initialQ);
  const [q, setQ] = useState(initialQ.trim());
  const [status, setStatus] = useState("");
  const [compliance, setCompliance] = useState("");
  const [target, setTarget] = useState<{ entry: RegistryEntry; action: LicenseAction } | null>(null);
  const [complianceOf, setComplianceOf] = useState<RegistryEntry | null>(null);
  const routes = kind !== "mno";
  const editsRouting = routes && user.role === "cbsl_admin";
  const [routingTarget, setRoutingTarget] = useState<RegistryEntry | null>(null);

  useEffect(() => {
    const id = setTimeout(() => setQ(search.trim()), 250);
    return () => clearTimeout(id);
  }, [search]);

  const query = useInfiniteQuery(registryOptions(kind, { q, status, compliance }));
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const total = query.data?.pages[0]?.total ?? null;

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-7xl space-y-6">
      <PageHeader title={title} description={regulator ? t(`registry.${kind}.description`) : t("registry.own")} />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchField
          id={searchId}
          label={t("registry.search")}
          className="flex-1"
          placeholder={t("registry.searchPlaceholder")}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          data-testid="registry-search"
        />
        <SelectField
          label={t("registry.statusFilter")}
          className="sm:w-56"
          value={status}
          onChange={setStatus}
          all={{ value: "", label: t("registry.allStatuses") }}
          options={STATUSES.map((s) => ({ value: s, label: t(`registry.licenseStatus.${s}`) }))}
          testId="registry-status"
        />
        <SelectField
          label={t("registry.complianceFilter")}
          className="sm:w-56"
          value={compliance}
          onChange={setCompliance}
          all={{ value: "", label: t("registry.allStatuses") }}
          options={COMPLIANCE_STATUSES.map((s) => ({ value: s, label: t(`registry.compliance.${s}`) }))}
          testId="registry-compliance"
        />
      </div>

      <Card>
        <DataTable
          caption={title}
          testId="registry-table"
          minWidth={routes ? "min-w-[60rem]" : "min-w-[52rem]"}
          className="[&_td]:px-3 [&_th]:px-3"
          error={query.isError && !query.isFetchNextPageError ? t("registry.loadFailed") : null}
          loading={query.isLoading} skeletonRows={4}
          isEmpty={rows.length === 0} emptyMessage={t("registry.empty")}
          columns={[
            t("registry.columns.name"), t("registry.columns.license"), t("registry.columns.status"), t("registry.columns.expires"), t("registry.columns.compliance"),
            ...(routes ? [t("registry.columns.routing")] : []),
            { label: t("registry.columns.activity"), align: "right" },
            { label: t("registry.columns.actions"), align: "right" },
          ]}
        >
          {rows.map((entry) => {
            const expiry = expiryState(entry.licenseExpiresAt);
            const complianceStatus = entry.complianceStatus ?? "pending";
            const tx = entry.transactions30d ?? 0;
            return (
              <tr key={entry.id} className="border-b last:border-0 hover:bg-muted/30" data-testid="registry-row" data-name={entry.name}>
                <th scope="row" className="px-4 py-3 text-left font-medium">
                  <span className="flex items-center gap-3">
                    {entry.logoUrl ? (
                      <img src={entry.logoUrl} alt="" className="h-9 w-9 shrink-0 rounded-md border bg-background object-contain p-0.5" />
                    ) : (
                      <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
                        <Building2 className="h-4 w-4" aria-hidden="true" />
                      </span>
                    )}
                    <span className="min-w-0">
                      <span className="block">{entry.name}</span>
                      {entry.code ? <span className="block text-xs font-normal text-muted-foreground">{entry.code}</span> : null}
                    </span>
                  </span>
                </th>
                <td className="px-4 py-3">
                  <span className="block whitespace-nowrap font-mono text-xs">{entry.licenseNumber}</span>
                  <span className="mt-0.5 block whitespace-nowrap text-xs text-muted-foreground">
                    {t("registry.issuedOn", { date: entry.licenseIssuedAt ? formatDate(entry.licenseIssuedAt) : "—" })}
                  </span>
                </td>
                <td className="px-4 py-3">
                  <Badge variant={licenseVariant(entry.licenseStatus)} data-testid="license-status">
                    {t(`registry.licenseStatus.${entry.licenseStatus}`, { defaultValue: entry.licenseStatus })}
                  </Badge>
                  {entry.licenseStatusReason && entry.licenseStatus !== "active" ? (
                    <span className="mt-1 block max-w-48 text-xs text-muted-foreground">{entry.licenseStatusReason}</span>
                  ) : null}
                </td>
                <td className="px-4 py-3 tabular-nums">
                  <span className={cn("whitespace-nowrap", expiry && "font-semibold text-destructive")}>
                    {entry.licenseExpiresAt ? formatDate(entry.licenseExpiresAt) : "—"}
                  </span>
                  {expiry ? (
                    <span className="mt-1 flex max-w-40 items-start gap-1 text-xs font-medium text-destructive" data-testid="expiry-warning">
                      <AlertTriangle className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                      {t(expiry === "soon" ? "registry.expiringSoon" : "registry.expired")}
                    </span>
                  ) : null}
                </td>
                <td className="px-4 py-3">
                  <Badge variant={complianceVariant(complianceStatus)} data-testid="compliance-status">
                    {t(`registry.compliance.${complianceStatus}`, { defaultValue: complianceStatus })}
                  </Badge>
                  {entry.complianceReason ? (
                    <span className="mt-1 block max-w-56 break-words text-xs text-muted-foreground" data-testid="compliance-reason-text">
                      {entry.complianceReason}
                    </span>
                  ) : null}
                  {entry.complianceSince ? (
                    <span className="mt-0.5 block whitespace-nowrap text-xs text-muted-foreground">
                      {t("registry.since", { date: formatDate(entry.complianceSince) })}
                    </span>
                  ) : null}
                  {entry.proposal ? (
                    <button
                      type="button"
                      onClick={() => setComplianceOf(entry)}
                      className="mt-1 inline-flex items-center gap-1 rounded text-xs font-medium text-amber-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring dark:text-amber-300"
                      data-testid="compliance-proposal-chip"
                    >
                      <Lightbulb className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                      {t("registry.proposal.chip", { status: t(`registry.compliance.${entry.proposal.status}`) })}
                    </button>
                  ) : null}
                </td>
                {routes ? <RoutingCell entry={entry} onEdit={editsRouting ? () => setRoutingTarget(entry) : undefined} /> : null}
                <td className="px-4 py-3 text-right tabular-nums whitespace-nowrap">
                  <span className="block">{t("registry.transactions", { count: tx, formatted: formatNumber(tx) })}</span>
                  <span className="block text-xs text-muted-foreground">{formatUsd(entry.volumeUsd30d)}</span>
                </td>
                <td className="px-4 py-3">
                  <div className="flex flex-wrap justify-end gap-1.5">
                    {kind !== "bank" ? (
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setComplianceOf(entry)}
                        aria-label={t("registry.actionNamed", { action: t(regulator ? "registry.changeStatus" : "registry.history.title"), name: entry.name })}
                        data-testid="compliance-open"
                      >
                        {t(regulator ? "registry.changeStatus" : "registry.history.title")}
                      </Button>
                    ) : null}
                    {(regulator ? allowedActions(entry.licenseStatus) : []).map((action) => (
                      <Button
                        key={action}
                        size="sm"
                        variant={action === "reinstate" ? "default" : action === "revoke" ? "destructive" : "outline"}
                        onClick={() => setTarget({ entry, action })}
                        aria-label={t("registry.actionNamed", { action: t(`registry.actions.${action}`), name: entry.name })}
                        data-testid={`license-${action}`}
                      >
                        {t(`registry.actions.${action}`)}
                      </Button>
                    ))}
                  </div>
                </td>
              </tr>
            );
          })}
        </DataTable>
      </Card>
      <PageFooter
        query={query}
        shown={query.isSuccess && total ? t("registry.shown", { shown: formatNumber(rows.length), total }) : null}
        failed={t("registry.loadMoreFailed")}
        testId="registry"
      />
      {kind !== "bank" ? (
        <ComplianceDialog
          key={`compliance-${complianceOf?.id ?? "none"}`}
          kind={kind}
          entry={complianceOf}
          regulator={regulator}
          onOpenChange={(open) => (open ? undefined : setComplianceOf(null))}
        />
      ) : null}
      <LicenseDialog
        key={target ? `${target.entry.id}-${target.action}` : "none"}
        kind={kind}
        target={target}
        onOpenChange={(open) => (open ? undefined : setTarget(null))}
      />
      {kind !== "mno" ? (
        <RoutingDialog
          key={`routing-${routingTarget?.id ?? "none"}`}
          kind={kind}
          entry={routingTarget}
          onOpenChange={(open) => (open ? undefined : setRoutingTarget(null))}
        />
      ) : null}
    </section>
  );
}

/**
 * A PSP's or bank's routing: its modes, then its USSD code and prefixes, and for an
 * administrator the button that edits them (here rather than among the licence actions, which it
 * does not change).
 */
function RoutingCell({ entry, onEdit }: { entry: RegistryEntry; onEdit?: () => void }) {
  const { t } = useTranslation();
  const parts = routingParts(entry.routing);
  return (
    <td className="px-4 py-3" data-testid="routing-cell">
      <div className="flex min-w-[6.5rem] items-start justify-between gap-2">
        {parts === null ? (
          <span className="text-xs text-muted-foreground">{t("registry.routing.none")}</span>
        ) : (
          <span className="min-w-0">
            <span className="flex flex-wrap gap-x-2 text-sm">
              {(entry.routing?.modes ?? []).map((m) => (
                <span key={m} className="whitespace-nowrap">
                  {t(`registry.routing.${m}`)}
                </span>
              ))}
            </span>
            <span className="mt-0.5 flex flex-wrap gap-x-2 font-mono text-xs text-muted-foreground">
              {parts.map((p) => (
                <span key={p} className="whitespace-nowrap">
                  {p}
                </span>
              ))}
            </span>
          </span>
        )}
        {onEdit ? (
          <Button
            size="sm"
            variant="ghost"
            className="h-8 w-8 shrink-0 p-0"
            onClick={onEdit}
            title={t("registry.routing.edit")}
            aria-label={t("registry.routing.editNamed", { name: entry.name })}
            data-testid="routing-edit"
          >
            <RouteIcon aria-hidden="true" />
          </Button>
        ) : null}
      </div>
    </td>
  );
}

export default RegistryPage;
