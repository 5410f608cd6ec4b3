import { useEffect, useId, useMemo, useState } from "react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Ban, CheckCircle2, Coins, KeyRound, UserCog, UserPlus } from "lucide-react";
import { formatTotal, pagedItems, usePagedList } from "@/api/paging";
import type { CurrentUser } from "@/api/types";
import { DataTable } from "@/components/DataTable";
import { PageFooter } from "@/components/PageFooter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { SearchField } from "@/components/ui/search-field";
import { NotAllowed } from "@/components/ui/not-allowed";
import { SettingsLayout } from "@/features/settings/SettingsLayout";
import { readUsers, settingsKeys } from "@/features/settings/api";
import { CreateUserDialog, UserActionDialog } from "@/features/settings/UserDialogs";
import type { UserAction } from "@/features/settings/UserDialogs";
import type { Account } from "@/features/settings/types";
import { formatDate, formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";
import { useAllInstitutions } from "@/api/institutions";

/**
 * An action of a row: its icon and its words, visible (a tooltip never shows on a touch screen),
 * and, with the account's name, its accessible name.
 */
function ActionButton({
  label,
  name,
  testId,
  disabled,
  destructive,
  onClick,
  children,
}: {
  label: string;
  name: string;
  testId: string;
  disabled?: boolean;
  destructive?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      size="sm"
      variant="outline"
      className={cn("whitespace-nowrap", destructive && "text-destructive")}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
      aria-label={`${label}: ${name}`}
    >
      {children}
      {label}
    </Button>
  );
}

/** /settings/users: accounts for a cbsl_admin (the server refuses everyone else). */
export function UsersPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const title = t("users.title");
  const searchId = useId();
  const [search, setSearch] = useState("");
  const [q, setQ] = useState("");
  const [creating, setCreating] = useState(false);
  const [target, setTarget] = useState<{ account: Account; action: UserAction } | null>(null);
  const isAdmin = user.role === "cbsl_admin";

  useEffect(() => {
    const id = setTimeout(() => setQ(search.trim()), 250);
    return () => clearTimeout(id);
  }, [search]);

  // Accounts newest first, searched and paged on the server ("Load more" reaches every one).
  const query = usePagedList(settingsKeys.users, { q }, readUsers, { enabled: isAdmin });
  const psps = useAllInstitutions("psp", isAdmin);
  const mnos = useAllInstitutions("mno", isAdmin);
  const institutionNames = useMemo(() => {
    const m = new Map<string, string>();
    for (const e of [...(psps.data ?? []), ...(mnos.data ?? [])]) m.set(e.id, e.name);
    return m;
  }, [psps.data, mnos.data]);

  if (!isAdmin) {
    return (
      <SettingsLayout user={user} title={title}>
        <NotAllowed>{t("users.adminOnly")}</NotAllowed>
      </SettingsLayout>
    );
  }

  const rows = pagedItems(query.data);
  const total = query.data?.pages[0]?.total ?? null;
  return (
    <SettingsLayout user={user} title={title} description={t("users.description")}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchField
          id={searchId}
          label={t("users.search")}
          className="flex-1"
          placeholder={t("users.searchPlaceholder")}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          data-testid="users-search"
        />
        <Button onClick={() => setCreating(true)} data-testid="users-create">
          <UserPlus aria-hidden="true" />
          {t("users.create")}
        </Button>
      </div>

      <Card>
        <DataTable
          caption={title}
          testId="users-table"
          minWidth="min-w-[48rem]"
          error={query.isError ? t("users.loadFailed") : null}
          loading={query.isLoading} skeletonRows={5}
          isEmpty={rows.length === 0} emptyMessage={q ? t("users.emptySearch") : t("users.empty")}
          columns={[
            t("users.columns.name"), t("users.columns.role"), t("users.columns.institution"), t("users.columns.status"), t("users.columns.created"),
            { label: t("users.columns.actions"), align: "right" },
          ]}
        >
          {rows.map((a) => {
            const self = a.id === user.id;
            const name = `${a.firstName ?? ""} ${a.lastName ?? ""}`.trim() || a.email || a.id;
            return (
              <tr key={a.id} className="border-b align-top last:border-0 hover:bg-muted/30" data-testid="user-row" data-email={a.email ?? ""}>
                <th scope="row" className="px-4 py-3 text-left font-medium">
                  <span className="block">
                    {name}
                    {self ? <span className="ml-2 text-xs font-normal text-muted-foreground">({t("users.you")})</span> : null}
                  </span>
                  <span className="block text-xs font-normal text-muted-foreground">{a.email}</span>
                  {a.username ? <span className="block text-xs font-normal text-muted-foreground">{`@${a.username}`}</span> : null}
                </th>
                <td className="px-4 py-3">
                  <span className="block" data-testid="user-role-label">{t(`roles.${a.role ?? "citizen"}`, { defaultValue: a.role ?? "" })}</span>
                  {a.isGuest ? (
                    <span className="mt-1 block text-xs text-muted-foreground" data-testid="user-units-label">
                      {t("users.guestUnits", { count: a.guestUnitsRemaining ?? 0, formatted: formatNumber(a.guestUnitsRemaining ?? 0) })}
                    </span>
                  ) : null}
                </td>
                <td className="px-4 py-3">{a.institution ? institutionNames.get(a.institution) ?? a.institution : "—"}</td>
                <td className="px-4 py-3">
                  <span className="flex flex-wrap gap-1">
                    <Badge variant={a.isActive ? "default" : "destructive"} data-testid="user-status">
                      {a.isActive ? t("users.status.active") : t("users.status.disabled")}
                    </Badge>
                    {a.mustChangePassword ? <Badge variant="outline">{t("users.status.mustChange")}</Badge> : null}
                    {a.isGuest ? <Badge variant="secondary">{t("users.status.guest")}</Badge> : null}
                    {a.pendingRole ? (
                      <Badge variant="outline" data-testid="user-pending">
                        {t("users.status.pending", { role: t(`roles.${a.pendingRole}`, { defaultValue: a.pendingRole }) })}
                      </Badge>
                    ) : null}
                  </span>
                </td>
                <td className="px-4 py-3 whitespace-nowrap tabular-nums">{a.createdAt ? formatDate(a.createdAt) : "—"}</td>
                <td className="px-4 py-3">
                  <div className="flex justify-end gap-1" role="group" aria-label={t("users.columns.actions")}>
                    <ActionButton label={t("users.actions.role")} name={name} testId="user-action-role" disabled={self} onClick={() => setTarget({ account: a, action: "role" })}>
                      <UserCog aria-hidden="true" />
                    </ActionButton>
                    <ActionButton label={t("users.actions.reset")} name={name} testId="user-action-reset" onClick={() => setTarget({ account: a, action: "reset" })}>
                      <KeyRound aria-hidden="true" />
                    </ActionButton>
                    {a.isGuest ? (
                      <ActionButton label={t("users.actions.units")} name={name} testId="user-action-units" onClick={() => setTarget({ account: a, action: "units" })}>
                        <Coins aria-hidden="true" />
                      </ActionButton>
                    ) : null}
                    <ActionButton
                      label={t(a.isActive ? "users.actions.disable" : "users.actions.enable")}
                      name={name}
                      testId="user-action-toggle"
                      disabled={self}
                      destructive={a.isActive}
                      onClick={() => setTarget({ account: a, action: "toggle" })}
                    >
                      {a.isActive ? <Ban aria-hidden="true" /> : <CheckCircle2 aria-hidden="true" />}
                    </ActionButton>
                  </div>
                </td>
              </tr>
            );
          })}
        </DataTable>
      </Card>
      <PageFooter
        query={query}
        shown={total && rows.length > 0 ? t("users.shown", { shown: formatNumber(rows.length), total: formatTotal(total) }) : null}
        failed={t("users.loadMoreFailed")}
        testId="users"
      />
      <CreateUserDialog open={creating} onOpenChange={setCreating} />
      <UserActionDialog target={target} onOpenChange={(open) => !open && setTarget(null)} />
    </SettingsLayout>
  );
}
