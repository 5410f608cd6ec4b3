import { useId, useState } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Check, Loader2, Undo2, X } from "lucide-react";
import type { CurrentUser } from "@/api/types";
import { DataTable } from "@/components/DataTable";
import { Badge } from "@/components/ui/badge";
import type { BadgeProps } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { ApprovalDialog, targetName } from "@/features/settings/ApprovalDialog";
import type { ApprovalDecision } from "@/features/settings/ApprovalDialog";
import { approvalsOptions } from "@/features/settings/api";
import { APPROVAL_STATUSES, approvalActions } from "@/features/settings/approvals";
import type { Approval, ApprovalStatus } from "@/features/settings/approvals";
import { SettingsLayout } from "@/features/settings/SettingsLayout";
import { formatDateTime } from "@/lib/format";
import { usePageTitle } from "@/lib/usePageTitle";

const statusVariant: Record<string, NonNullable<BadgeProps["variant"]>> = {
  pending: "outline",
  approved: "default",
  rejected: "destructive",
  cancelled: "secondary",
};

const selectClass =
  "flex h-10 w-full cursor-pointer rounded-md border border-input bg-card px-3 py-2 text-sm shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring sm:w-56";

/**
 * /settings/approvals (cbsl_admin): the queue of account changes that need a second
 * administrator (dual control), paged on the server, with approve, reject and withdraw.
 */
export function ApprovalsPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const title = t("approvals.title");
  usePageTitle(title);
  const filterId = useId();
  const [status, setStatus] = useState<ApprovalStatus>("pending");
  const [open, setOpen] = useState<{ approval: Approval; decision: ApprovalDecision } | null>(null);
  const isAdmin = user.role === "cbsl_admin";

  const query = useInfiniteQuery(approvalsOptions(status, isAdmin));

  if (!isAdmin) {
    return (
      <SettingsLayout user={user} title={title}>
        <p role="alert" className="text-muted-foreground">
          {t("approvals.adminOnly")}
        </p>
      </SettingsLayout>
    );
  }

  const rows = query.data?.pages.flatMap((p) => p.items) ?? [];
  const role = (r: string | null) => (r ? t(`roles.${r}`, { defaultValue: r }) : "—");
  return (
    <SettingsLayout user={user} title={title} description={t("approvals.description")}>
      <div className="space-y-1.5">
        <Label htmlFor={filterId}>{t("approvals.filter")}</Label>
        <select id={filterId} className={selectClass} value={status} onChange={(e) => setStatus(e.target.value as ApprovalStatus)} data-testid="approvals-status">
          {APPROVAL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`approvals.statuses.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <Card>
        <DataTable
          caption={title}
          testId="approvals-table"
          minWidth="min-w-[52rem]"
          error={query.isError ? t("approvals.loadFailed") : null}
          loading={query.isLoading}
          skeletonRows={3}
          isEmpty={rows.length === 0}
          emptyMessage={status === "pending" ? t("approvals.emptyPending") : t("approvals.empty")}
          columns={[
            t("approvals.columns.change"),
            t("approvals.columns.account"),
            t("approvals.columns.proposedBy"),
            t("approvals.columns.status"),
            { label: t("approvals.columns.actions"), align: "right" },
          ]}
        >
          {rows.map((a) => {
            const actions = approvalActions(user, a);
            const name = targetName(a);
            return (
              <tr key={a.id} className="border-b align-top last:border-0 hover:bg-muted/30" data-testid="approval-row" data-email={a.target.email ?? ""}>
                <th scope="row" className="px-4 py-3 text-left font-medium">
                  {a.kind === "account.create"
                    ? t("approvals.kinds.create", { role: role(a.role) })
                    : t("approvals.kinds.role", { from: role(a.previousRole), role: role(a.role) })}
                </th>
                <td className="px-4 py-3">
                  <span className="block">{name}</span>
                  <span className="block text-xs text-muted-foreground">{a.target.email}</span>
                </td>
                <td className="px-4 py-3">
                  <span className="block">{a.proposedBy === user.id ? t("approvals.you") : a.proposedByName}</span>
                  <span className="block text-xs tabular-nums text-muted-foreground">{formatDateTime(a.proposedAt)}</span>
                </td>
                <td className="px-4 py-3">
                  <Badge variant={statusVariant[a.status] ?? "secondary"} data-testid="approval-status">
                    {t(`approvals.statuses.${a.status}`, { defaultValue: a.status })}
                  </Badge>
                  {a.decidedByName ? (
                    <span className="mt-1 block text-xs text-muted-foreground">
                      {t("approvals.decidedBy", { name: a.decidedByName, when: a.decidedAt ? formatDateTime(a.decidedAt) : "" })}
                    </span>
                  ) : null}
                  {a.reason ? <span className="mt-1 block max-w-64 break-words text-xs text-muted-foreground">“{a.reason}”</span> : null}
                </td>
                <td className="px-4 py-3">
                  <div className="flex flex-wrap justify-end gap-2">
                    {actions === "decide" ? (
                      <>
                        <Button size="sm" onClick={() => setOpen({ approval: a, decision: "approve" })} data-testid="approval-approve" aria-label={`${t("approvals.approve")}: ${name}`}>
                          <Check aria-hidden="true" />
                          {t("approvals.approve")}
                        </Button>
                        <Button size="sm" variant="outline" onClick={() => setOpen({ approval: a, decision: "reject" })} data-testid="approval-reject" aria-label={`${t("approvals.reject")}: ${name}`}>
                          <X aria-hidden="true" />
                          {t("approvals.reject")}
                        </Button>
                      </>
                    ) : null}
                    {actions === "withdraw" ? (
                      <>
                        <span className="self-center text-xs text-muted-foreground" data-testid="approval-awaits">
                          {t("approvals.awaitsOther")}
                        </span>
                        <Button size="sm" variant="outline" onClick={() => setOpen({ approval: a, decision: "withdraw" })} data-testid="approval-withdraw" aria-label={`${t("approvals.withdraw")}: ${name}`}>
                          <Undo2 aria-hidden="true" />
                          {t("approvals.withdraw")}
                        </Button>
                      </>
                    ) : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </DataTable>
      </Card>
      {query.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} data-testid="approvals-more">
            {query.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {t("approvals.more")}
          </Button>
        </div>
      ) : null}
      <ApprovalDialog approval={open?.approval ?? null} decision={open?.decision ?? "approve"} onOpenChange={(o) => !o && setOpen(null)} />
    </SettingsLayout>
  );
}
