import { useState } from "react";
import type { ReactNode } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { CheckCircle2, Clock, KeyRound, Loader2, RefreshCw, ShieldOff, UserCheck } from "lucide-react";
import { ApiError } from "@/api/client";
import { describeError } from "@/api/errors";
import { formatTotal, pagedItems, useListTotal, usePagedList } from "@/api/paging";
import type { Page } from "@/api/paging";
import type { AccessCode, CurrentUser, OutboxNotification } from "@/api/types";
import { DataTable } from "@/components/DataTable";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { NotAllowed } from "@/components/ui/not-allowed";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { GenerateCodeDialog } from "@/features/mobile-access/GenerateCodeDialog";
import { canRevoke } from "@/features/mobile-access/mobileAccess";
import { isRegulator } from "@/lib/roles";
import { formatDateTime } from "@/lib/format";
import { ListFooter } from "@/features/mobile-access/ListFooter";
import { mobileAccessKeys, readCodes, readMobileUsers, readOutbox, revokeAccessCode } from "@/features/mobile-access/api";
import { MobileUsersSection } from "@/features/mobile-access/MobileUsersSection";
import { useTranslation } from "react-i18next";


export function codeVariant(status: string): "default" | "secondary" | "destructive" | "outline" {
  if (status === "active") return "default";
  if (status === "used") return "secondary";
  if (status === "revoked") return "destructive";
  return "outline";
}

function outboxVariant(status: string): "default" | "secondary" | "destructive" | "outline" {
  if (status === "sent") return "default";
  if (status === "logged") return "secondary";
  if (status === "failed") return "destructive";
  return "outline";
}

/** /mobile-access-management, in French (001 §2, §8): mobile users, access codes and deliveries. */
export function MobileAccessPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  if (!isRegulator(user.role)) return <NotAllowed title={t("mobileAccess.title")}>{t("mobileAccess.regulatorsOnly")}</NotAllowed>;
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-7xl space-y-6" data-testid="mobile-access-page">
      <Screen />
    </section>
  );
}

function Screen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [generating, setGenerating] = useState(false);
  const [revoking, setRevoking] = useState<AccessCode | null>(null);
  // Every list is paged on the server ("Charger plus" reaches every row); the stat cards are
  // the server's counts over all codes and users, never the rows loaded so far.
  const codes = usePagedList(mobileAccessKeys.codes, {}, readCodes);
  const outbox = usePagedList(mobileAccessKeys.outbox, {}, readOutbox, {
    // Deliveries leave "pending" within seconds (the worker); follow them until they settle.
    refetchInterval: (data) => (pagedItems(data).some((n) => n.status === "pending") ? 3_000 : false),
  });
  const codeList = pagedItems(codes.data);
  const codeTotal = codes.data?.pages[0]?.total ?? null;
  const active = useListTotal(mobileAccessKeys.codes, { status: "active" }, readCodes);
  const used = useListTotal(mobileAccessKeys.codes, { status: "used" }, readCodes);
  const expired = useListTotal(mobileAccessKeys.codes, { status: "expired" }, readCodes);
  const approved = useListTotal(mobileAccessKeys.users, { status: "approved" }, readMobileUsers);

  const revoke = useMutation({
    mutationFn: (id: string) => revokeAccessCode(id),
    onSuccess: (res) => {
      toast({ title: t("mobileAccess.toasts.revoked"), description: res?.message });
      setRevoking(null);
    },
    onError: (err) => {
      toast({
        title: t("mobileAccess.toasts.revokeFailed"),
        description: err instanceof ApiError ? describeError(err, t) : undefined,
        variant: "destructive",
      });
      setRevoking(null);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: mobileAccessKeys.codes }),
  });

  return (
    <>
      <PageHeader
        title={t("mobileAccess.title")}
        description={t("mobileAccess.subtitle")}
        actions={
          <Button onClick={() => setGenerating(true)} data-testid="open-generate">
            <KeyRound aria-hidden="true" />
            {t("mobileAccess.generate")}
          </Button>
        }
      />

      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Stat icon={<KeyRound />} label={t("mobileAccess.stats.active")} value={active.data} loading={active.isLoading} testId="stat-active" />
        <Stat icon={<CheckCircle2 />} label={t("mobileAccess.stats.used")} value={used.data} loading={used.isLoading} testId="stat-used" />
        <Stat icon={<Clock />} label={t("mobileAccess.stats.expired")} value={expired.data} loading={expired.isLoading} testId="stat-expired" />
        <Stat icon={<UserCheck />} label={t("mobileAccess.stats.approvedUsers")} value={approved.data} loading={approved.isLoading} testId="stat-approved" />
      </div>

      <Card>
        <CardHeader>
          <CardTitle as="h2">{t("mobileAccess.codes.title")}</CardTitle>
          <CardDescription>{t("mobileAccess.codes.description")}</CardDescription>
        </CardHeader>
        <DataTable
          caption={t("mobileAccess.codes.title")}
          testId="codes-table"
          minWidth="min-w-[48rem]"
          error={codes.isError ? t("mobileAccess.codes.loadFailed") : null}
          loading={codes.isLoading}
          isEmpty={codeList.length === 0} emptyMessage={t("mobileAccess.codes.empty")}
          underHeader
          columns={[t("mobileAccess.codes.code"), t("mobileAccess.codes.user"), t("mobileAccess.codes.status"), t("mobileAccess.codes.uses"), t("mobileAccess.codes.expiry"), { label: t("mobileAccess.codes.actions"), align: "right" }]}
        >
          {codeList.map((c) => (
            <tr key={c.id} className="border-b last:border-0" data-testid="code-row" data-status={c.status}>
              <td className="px-4 py-3" data-testid="code-delivery">
                <span className="sr-only">{t("mobileAccess.codes.notShown")}. </span>
                <span className="block">{c.delivery ? t(`mobileAccess.codes.sentVia.${c.delivery}`) : t("mobileAccess.codes.sentUnknown")}</span>
                <span className="block text-xs tabular-nums text-muted-foreground">{t("mobileAccess.codes.issuedOn", { date: formatDateTime(c.createdAt) })}</span>
              </td>
              <td className="px-4 py-3" data-sensitive="">
                <span className="block font-medium">{c.mobileUser?.fullName ?? "—"}</span>
                <span className="block text-xs tabular-nums text-muted-foreground">{c.mobileUser?.phoneNumber}</span>
              </td>
              <td className="px-4 py-3">
                <Badge variant={codeVariant(c.status)} data-testid="code-status">
                  {t(`mobileAccess.codeStatus.${c.status}`, { defaultValue: c.status })}
                </Badge>
              </td>
              <td className="px-4 py-3 tabular-nums">
                {c.currentUses}/{c.maxUses}
              </td>
              <td className="whitespace-nowrap px-4 py-3 tabular-nums">{formatDateTime(c.expiresAt)}</td>
              <td className="px-4 py-3 text-right">
                {canRevoke(c) ? (
                  <Button
                    size="sm"
                    variant="destructive"
                    onClick={() => setRevoking(c)}
                    aria-label={t("mobileAccess.codes.revokeNamed", { name: c.mobileUser?.fullName ?? t("mobileAccess.codes.thisCode") })}
                    data-testid="revoke-code"
                  >
                    <ShieldOff aria-hidden="true" />
                    {t("mobileAccess.codes.revoke")}
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
        <ListFooter query={codes} loaded={codeList.length} total={codeTotal} testId="codes" />
      </Card>

      <MobileUsersSection />

      <OutboxSection query={outbox} onRefresh={() => void outbox.refetch()} />

      <GenerateCodeDialog open={generating} onOpenChange={setGenerating} />

      <Dialog open={revoking !== null} onOpenChange={(open) => (open || revoke.isPending ? undefined : setRevoking(null))}>
        <DialogContent data-testid="revoke-dialog">
          <DialogHeader>
            <DialogTitle>{t("mobileAccess.revokeDialog.title")}</DialogTitle>
            <DialogDescription>{t("mobileAccess.revokeDialog.description", { name: revoking?.mobileUser?.fullName ?? "" })}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setRevoking(null)} disabled={revoke.isPending}>
              {t("mobileAccess.dialog.cancel")}
            </Button>
            <Button
              variant="destructive"
              disabled={revoke.isPending}
              onClick={() => revoking && revoke.mutate(revoking.id)}
              data-testid="revoke-confirm"
            >
              {revoke.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {t("mobileAccess.revokeDialog.confirm")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

function Stat({ icon, label, value, loading, testId }: { icon: ReactNode; label: string; value: string | undefined; loading: boolean; testId: string }) {
  return (
    <Card data-testid={testId}>
      <CardContent className="flex items-center justify-between gap-3 p-4 sm:p-6">
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">{label}</p>
          {loading ? (
            <Skeleton className="mt-1 h-8 w-12" />
          ) : (
            <p className="mt-1 text-2xl font-bold tabular-nums" data-testid={`${testId}-value`}>
              {value === undefined ? "—" : formatTotal(value)}
            </p>
          )}
        </div>
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground [&_svg]:h-5 [&_svg]:w-5" aria-hidden="true">
          {icon}
        </span>
      </CardContent>
    </Card>
  );
}

function OutboxSection({ query, onRefresh }: { query: UseInfiniteQueryResult<InfiniteData<Page<OutboxNotification>>>; onRefresh: () => void }) {
  const { t } = useTranslation();
  const items = pagedItems(query.data);
  const refreshing = query.isFetching;
  return (
    <Card>
      <CardHeader className="flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle as="h2">{t("mobileAccess.outbox.title")}</CardTitle>
          <CardDescription>{t("mobileAccess.outbox.description")}</CardDescription>
        </div>
        <Button variant="outline" onClick={onRefresh} disabled={refreshing} data-testid="outbox-refresh">
          <RefreshCw className={refreshing ? "animate-spin" : undefined} aria-hidden="true" />
          {t("mobileAccess.outbox.refresh")}
        </Button>
      </CardHeader>
      <DataTable
        caption={t("mobileAccess.outbox.title")}
        testId="outbox-table"
        minWidth="min-w-[56rem]"
        error={query.isError ? t("mobileAccess.outbox.loadFailed") : null}
        loading={query.isLoading}
        isEmpty={items.length === 0} emptyMessage={t("mobileAccess.outbox.empty")}
        underHeader
        columns={[t("mobileAccess.outbox.channel"), t("mobileAccess.outbox.recipient"), t("mobileAccess.outbox.purpose"), t("mobileAccess.outbox.status"), t("mobileAccess.outbox.attempts"), t("mobileAccess.outbox.date"), t("mobileAccess.outbox.error")]}
      >
        {items.map((n) => (
          <tr key={n.id} className="border-b last:border-0" data-testid="outbox-row" data-channel={n.channel} data-status={n.status}>
            <td className="px-4 py-3">{t(`mobileAccess.channels.${n.channel}`, { defaultValue: n.channel })}</td>
            <td className="px-4 py-3" data-sensitive="">
              <span className="block">{n.recipient}</span>
              {n.subject ? <span className="block text-xs text-muted-foreground">{n.subject}</span> : null}
            </td>
            <td className="whitespace-nowrap px-4 py-3">{t(`mobileAccess.purposes.${n.purpose}`, { defaultValue: n.purpose })}</td>
            <td className="px-4 py-3">
              <Badge variant={outboxVariant(n.status)} className="whitespace-nowrap" data-testid="outbox-status">
                {t(`mobileAccess.outboxStatus.${n.status}`, { defaultValue: n.status })}
              </Badge>
            </td>
            <td className="px-4 py-3 tabular-nums">{n.attempts}</td>
            <td className="whitespace-nowrap px-4 py-3 tabular-nums">{formatDateTime(n.sentAt ?? n.createdAt)}</td>
            <td className="max-w-64 px-4 py-3 text-xs text-muted-foreground">{n.lastError ?? "—"}</td>
          </tr>
        ))}
      </DataTable>
      <ListFooter query={query} loaded={items.length} total={query.data?.pages[0]?.total ?? null} testId="outbox" />
    </Card>
  );
}

export default MobileAccessPage;
