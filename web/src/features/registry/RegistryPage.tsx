import { useEffect, useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { AlertTriangle, Building2, Route as RouteIcon, Search } from "lucide-react";
import { throwIfResNotOk } from "@/api/client";
import type { CurrentUser, LicenseAction, RegistryEntry } from "@/api/types";
import { DataTable } from "@/components/DataTable";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { isRegulator } from "@/features/applications/status";
import { LicenseDialog } from "@/features/registry/LicenseDialog";
import { allowedActions, complianceVariant, expiryState, licenseVariant, routingParts } from "@/features/registry/registry";
import type { RegistryKind } from "@/features/registry/registry";
import { RoutingDialog } from "@/features/registry/RoutingDialog";
import { formatDate, formatNumber } from "@/lib/format";
import { activeLocale } from "@/lib/format";
import { usePageTitle } from "@/lib/usePageTitle";
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
 * search, filter and licence actions; for PSPs and banks also their routing in the transfer
 * engine, which administrators edit.
 */
export function RegistryPage({ kind, user }: { kind: RegistryKind; user: CurrentUser }) {
  const { t } = useTranslation();
  const title = t(`registry.${kind}.title`);
  usePageTitle(title);
  const regulator = isRegulator(user.role);
  const searchId = useId();
  const statusId = useId();
  const [search, setSearch] = useState("");
  const [q, setQ] = useState("");
  const [status, setStatus] = useState("");
  const [target, setTarget] = useState<{ entry: RegistryEntry; action: LicenseAction } | null>(null);
  const routes = kind !== "mno";
  const editsRouting = routes && user.role === "cbsl_admin";
  const [routingTarget, setRoutingTarget] = useState<RegistryEntry | null>(null);

  useEffect(() => {
    const id = setTimeout(() => setQ(search.trim()), 250);
    return () => clearTimeout(id);
  }, [search]);

  const query = useQuery<RegistryEntry[]>({
    queryKey: [`/api/${kind}s`, q, status],
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams();
      if (q) params.set("q", q);
      if (status) params.set("status", status);
      const qs = params.toString();
      const res = await fetch(`/api/${kind}s${qs ? `?${qs}` : ""}`, { credentials: "include", signal });
      await throwIfResNotOk(res);
      return (await res.json()) as RegistryEntry[];
    },
    staleTime: 0,
  });
  const rows = query.data ?? [];

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-7xl space-y-6">
      <div>
        <h1 id="page-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {title}
        </h1>
        <p className="mt-2 text-muted-foreground">{regulator ? t(`registry.${kind}.description`) : t("registry.own")}</p>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1 space-y-1.5">
          <Label htmlFor={searchId}>{t("registry.search")}</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
            <Input
              id={searchId}
              type="search"
              className="pl-9"
              placeholder={t("registry.searchPlaceholder")}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              data-testid="registry-search"
            />
          </div>
        </div>
        <div className="space-y-1.5 sm:w-56">
          <Label htmlFor={statusId}>{t("registry.statusFilter")}</Label>
          <select
            id={statusId}
            value={status}
            onChange={(e) => setStatus(e.target.value)}
            data-testid="registry-status"
            className="flex h-10 w-full cursor-pointer rounded-md border border-input bg-card px-3 py-2 text-sm shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
          >
            <option value="">{t("registry.allStatuses")}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`registry.licenseStatus.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <Card>
        <DataTable
          caption={title}
          testId="registry-table"
          minWidth={routes ? "min-w-[60rem]" : "min-w-[52rem]"}
          className="[&_td]:px-3 [&_th]:px-3"
          error={query.isError ? t("registry.loadFailed") : null}
          loading={query.isLoading} skeletonRows={4}
          isEmpty={rows.length === 0} emptyMessage={t("registry.empty")}
          columns={[
            t("registry.columns.name"), t("registry.columns.license"), t("registry.columns.status"), t("registry.columns.expires"), t("registry.columns.compliance"),
            ...(routes ? [t("registry.columns.routing")] : []),
            { label: t("registry.columns.activity"), align: "right" },
            ...(regulator ? [{ label: t("registry.columns.actions"), align: "right" } as const] : []),
          ]}
        >
          {rows.map((entry) => {
            const expiry = expiryState(entry.licenseExpiresAt);
            const compliance = entry.complianceStatus ?? "pending";
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
                  <Badge variant={complianceVariant(compliance)}>
                    {t(`registry.compliance.${compliance}`, { defaultValue: compliance })}
                  </Badge>
                </td>
                {routes ? <RoutingCell entry={entry} onEdit={editsRouting ? () => setRoutingTarget(entry) : undefined} /> : null}
                <td className="px-4 py-3 text-right tabular-nums whitespace-nowrap">
                  <span className="block">{t("registry.transactions", { count: tx, formatted: formatNumber(tx) })}</span>
                  <span className="block text-xs text-muted-foreground">{formatUsd(entry.volumeUsd30d)}</span>
                </td>
                {regulator ? (
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-1.5">
                      {allowedActions(entry.licenseStatus).map((action) => (
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
                ) : null}
              </tr>
            );
          })}
        </DataTable>
      </Card>
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
