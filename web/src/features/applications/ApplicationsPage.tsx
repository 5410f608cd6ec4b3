import { useMemo, useState } from "react";
import type { ReactNode } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { CheckCircle2, Clock, Eye, FilePlus2, Files, ImageOff, XCircle } from "lucide-react";
import { formatTotal, pagedItems, useListTotal, usePagedList } from "@/api/paging";
import type { CurrentUser, InstitutionApplication } from "@/api/types";
import { DataTable } from "@/components/DataTable";
import { PageFooter } from "@/components/PageFooter";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import { sharedKeys } from "@/api/keys";
import { readApplications } from "@/features/applications/api";
import { ReviewDialog } from "@/features/applications/ReviewDialog";
import type { ReviewDecision } from "@/features/applications/ReviewDialog";
import { isRegulator } from "@/lib/roles";
import { applicationStatus, applicationStatusVariant } from "@/lib/statusBadges";
import { formatDate, formatDateTime, formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";

/** The applications the reader may see, with the status filter, paged on the server. */
function useApplications(status?: string) {
  return usePagedList(sharedKeys.institutionApplications, { status }, readApplications);
}

const COUNTERS = [
  ["total", Files, "text-foreground"],
  ["pending", Clock, "text-warning"],
  ["approved", CheckCircle2, "text-success"],
  ["rejected", XCircle, "text-destructive"],
] as const;
type Counter = (typeof COUNTERS)[number][0];

/** A counter's figure, counted by the server over every application (X-Total-Count). */
function CounterValue({ counter }: { counter: Counter }) {
  const total = useListTotal(sharedKeys.institutionApplications, { status: counter === "total" ? undefined : counter }, readApplications);
  return <>{total.isLoading ? "…" : total.isError ? "—" : formatTotal(total.data)}</>;
}

/** /applications: the review screen for regulators, "My applications" for everyone else. */
export function ApplicationsPage({ user }: { user: CurrentUser }) {
  return isRegulator(user.role) ? <ReviewApplications /> : <MyApplications />;
}

export default ApplicationsPage;

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const s = applicationStatus(status);
  return (
    <Badge variant={applicationStatusVariant(s)} data-testid="status-badge" data-status={s}>
      {t(`applications.status.${s}`)}
    </Badge>
  );
}

function typeLabel(type: string, t: TFunction): string {
  return t(`applications.types.${type === "mno" ? "mno" : "psp"}`);
}

/** Institution applications management (spec 000 §2). */
function ReviewApplications() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Counter>("total");
  const query = useApplications(filter === "total" ? undefined : filter);
  const apps = useMemo(() => pagedItems(query.data), [query.data]);
  const total = query.data?.pages[0]?.total ?? null;
  const [detail, setDetail] = useState<InstitutionApplication | null>(null);
  const [review, setReview] = useState<{ app: InstitutionApplication; decision: ReviewDecision } | null>(null);

  const openReview = (app: InstitutionApplication, decision: ReviewDecision) => {
    setDetail(null);
    setReview({ app, decision });
  };

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-7xl space-y-6">
      <PageHeader title={t("pages.applications.title")} description={t("pages.applications.description")} />

      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={t("applications.table.caption")}>
        {COUNTERS.map(([key, Icon, color]) => (
          <li key={key}>
            <Card className={cn("h-full", filter === key && "ring-2 ring-primary")}>
              <button
                type="button"
                className="flex h-full w-full items-center justify-between gap-3 rounded-lg p-4 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:p-5"
                aria-pressed={filter === key}
                onClick={() => setFilter(key)}
                data-testid={`filter-${key}`}
              >
                <span>
                  <span className="block text-sm text-muted-foreground">{t(`applications.counters.${key}`)}</span>
                  <span className="mt-1 block text-2xl font-semibold tabular-nums" data-testid={`count-${key}`}>
                    <CounterValue counter={key} />
                  </span>
                </span>
                <Icon className={cn("h-7 w-7 shrink-0", color)} aria-hidden="true" />
              </button>
            </Card>
          </li>
        ))}
      </ul>

      <Card>
        <DataTable
          caption={t("applications.table.caption")}
          testId="applications-table"
          minWidth="min-w-[44rem]"
          error={query.isError ? t("applications.loadFailed") : null}
          loading={query.isLoading} skeletonRows={4} skeletonWidth="max-w-32"
          isEmpty={apps.length === 0} emptyMessage={t(filter === "total" ? "applications.empty" : "applications.emptyFiltered")}
          columns={[
            t("applications.table.name"), t("applications.table.type"), t("applications.table.email"), t("applications.table.submitted"), t("applications.table.status"),
            { label: t("applications.table.actions"), align: "right" },
          ]}
        >
          {apps.map((app) => {
            const pending = applicationStatus(app.status) === "pending";
            return (
              <tr key={app.id} className="border-b last:border-0 hover:bg-muted/30" data-testid="application-row" data-name={app.institutionName}>
                <th scope="row" className="px-4 py-3 text-left font-medium">
                  {app.institutionName}
                  <span className="block text-xs font-normal text-muted-foreground">{app.licenseNumber}</span>
                </th>
                <td className="px-4 py-3">{typeLabel(app.institutionType, t)}</td>
                <td className="px-4 py-3 break-all">{app.contactEmail}</td>
                <td className="px-4 py-3 whitespace-nowrap tabular-nums">{formatDate(app.createdAt)}</td>
                <td className="px-4 py-3"><StatusBadge status={app.status} /></td>
                <td className="px-4 py-3">
                  <div className="flex justify-end gap-1.5">
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setDetail(app)}
                      aria-label={t("applications.viewNamed", { name: app.institutionName })}
                      data-testid="view-application"
                    >
                      <Eye aria-hidden="true" />
                      <span className="hidden xl:inline">{t("applications.view")}</span>
                    </Button>
                    {pending ? (
                      <>
                        <Button size="sm" onClick={() => openReview(app, "approve")} data-testid="approve-application">
                          <CheckCircle2 aria-hidden="true" />
                          {t("applications.approve")}
                        </Button>
                        <Button size="sm" variant="destructive" onClick={() => openReview(app, "reject")} data-testid="reject-application">
                          <XCircle aria-hidden="true" />
                          {t("applications.reject")}
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
      <PageFooter
        query={query}
        shown={total && apps.length > 0 ? t("applications.shown", { shown: formatNumber(apps.length), total: formatTotal(total) }) : null}
        failed={t("applications.loadMoreFailed")}
        testId="applications"
      />

      <ApplicationDetailDialog
        application={detail}
        onOpenChange={(open) => (open ? undefined : setDetail(null))}
        onReview={openReview}
      />
      <ReviewDialog
        key={review ? `${review.app.id}-${review.decision}` : "none"}
        application={review?.app ?? null}
        decision={review?.decision ?? "approve"}
        onOpenChange={(open) => (open ? undefined : setReview(null))}
      />
    </section>
  );
}

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

/** Everything about one application, with approve/reject while it is pending. */
export function ApplicationDetailDialog({
  application,
  onOpenChange,
  onReview,
}: {
  application: InstitutionApplication | null;
  onOpenChange: (open: boolean) => void;
  onReview?: (app: InstitutionApplication, decision: ReviewDecision) => void;
}) {
  const { t } = useTranslation();
  const app = application;
  const none = <span className="font-normal text-muted-foreground">{t("applications.detail.none")}</span>;
  return (
    <Dialog open={app !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" data-testid="application-detail">
        {app ? (
          <>
            <DialogHeader>
              <DialogTitle>{t("applications.detail.title")}</DialogTitle>
              <DialogDescription className="flex flex-wrap items-center gap-2">
                <span>{app.institutionName}</span>
                <StatusBadge status={app.status} />
              </DialogDescription>
            </DialogHeader>
            <div className="flex items-center gap-4">
              {app.logoUrl ? (
                <img
                  src={app.logoUrl}
                  alt={t("applications.detail.logoAlt", { name: app.institutionName })}
                  className="h-20 w-20 rounded-md border bg-background object-contain p-1"
                  data-testid="detail-logo"
                />
              ) : (
                <span className="flex h-20 w-20 flex-col items-center justify-center gap-1 rounded-md border border-dashed text-center text-[11px] text-muted-foreground">
                  <ImageOff className="h-5 w-5" aria-hidden="true" />
                  {t("applications.detail.noLogo")}
                </span>
              )}
            </div>
            <DetailSection title={t("applications.detail.institution")}>
              <DetailRow label={t("applications.detail.name")}>{app.institutionName}</DetailRow>
              <DetailRow label={t("applications.table.type")}>{typeLabel(app.institutionType, t)}</DetailRow>
              <DetailRow label={t("applications.detail.licenseNumber")}>{app.licenseNumber}</DetailRow>
              <DetailRow label={t("applications.detail.address")}>{app.address}</DetailRow>
              <DetailRow label={t("applications.detail.contactPerson")}>{app.contactPerson}</DetailRow>
            </DetailSection>
            <DetailSection title={t("applications.detail.contact")}>
              <DetailRow label={t("applications.detail.email")}>{app.contactEmail}</DetailRow>
              <DetailRow label={t("applications.detail.phone")}>{app.contactPhone}</DetailRow>
            </DetailSection>
            <DetailSection title={t("applications.detail.description")} list={false}>
              <p className="whitespace-pre-line text-sm">{app.businessDescription || none}</p>
            </DetailSection>
            <DetailSection title={t("applications.detail.submission")}>
              <DetailRow label={t("applications.detail.submittedAt")}>{formatDateTime(app.createdAt)}</DetailRow>
              <DetailRow label={t("applications.detail.reviewedAt")}>
                {app.reviewedAt ? formatDateTime(app.reviewedAt) : <span className="font-normal text-muted-foreground">{t("applications.detail.notReviewed")}</span>}
              </DetailRow>
            </DetailSection>
            <DetailSection title={t("applications.detail.reviewNotes")} list={false}>
              <p className="whitespace-pre-line text-sm" data-testid="detail-review-notes">
                {app.reviewNotes || <span className="text-muted-foreground">{t("applications.detail.noNotes")}</span>}
              </p>
            </DetailSection>
            {onReview && applicationStatus(app.status) === "pending" ? (
              <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
                <Button variant="destructive" onClick={() => onReview(app, "reject")}>
                  <XCircle aria-hidden="true" />
                  {t("applications.reject")}
                </Button>
                <Button onClick={() => onReview(app, "approve")}>
                  <CheckCircle2 aria-hidden="true" />
                  {t("applications.approve")}
                </Button>
              </div>
            ) : null}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function DetailSection({ title, children, list = true }: { title: string; children: ReactNode; list?: boolean }) {
  return (
    <section className="space-y-2 border-t pt-3">
      <h3 className="text-sm font-semibold">{title}</h3>
      {list ? <dl className="space-y-2">{children}</dl> : children}
    </section>
  );
}

/** An applicant's own applications with status, notes and the promised review time. */
function MyApplications() {
  const { t } = useTranslation();
  const query = useApplications();
  const apps = pagedItems(query.data);
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        title={t("applications.mine.title")}
        description={t("applications.mine.description")}
        actions={
          <Link href="/apply" className={cn(buttonVariants(), "shrink-0")} data-testid="new-application">
            <FilePlus2 aria-hidden="true" />
            {t("applications.mine.newApplication")}
          </Link>
        }
      />
      {query.isLoading ? (
        <div className="space-y-3" aria-hidden="true">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-32 rounded-lg border bg-muted/50" />
          ))}
        </div>
      ) : query.isError ? (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive">
          {t("applications.loadFailed")}
        </p>
      ) : apps.length === 0 ? (
        <Card className="border-dashed">
          <EmptyState icon={Files} title={t("applications.mine.empty")} className="gap-4 p-10">
            <Link href="/apply" className={buttonVariants({ variant: "outline" })}>
              {t("landing.apply")}
            </Link>
          </EmptyState>
        </Card>
      ) : (
        <ul className="space-y-4">
          {apps.map((app) => {
            const s = applicationStatus(app.status);
            return (
              <li key={app.id}>
                <Card data-testid="my-application" data-name={app.institutionName}>
                  <CardHeader className="flex-row items-start justify-between gap-3 space-y-0 pb-3">
                    <div className="flex min-w-0 items-center gap-3">
                      {app.logoUrl ? (
                        <img src={app.logoUrl} alt="" className="h-10 w-10 shrink-0 rounded-md border object-contain p-0.5" />
                      ) : null}
                      <div className="min-w-0">
                        <CardTitle as="h2" className="truncate text-base">{app.institutionName}</CardTitle>
                        <p className="text-sm text-muted-foreground">
                          {typeLabel(app.institutionType, t)} · {t("applications.mine.licenseNumber")} {app.licenseNumber}
                        </p>
                      </div>
                    </div>
                    <StatusBadge status={app.status} />
                  </CardHeader>
                  <CardContent className="space-y-3 text-sm">
                    <p className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground">
                      <span>{t("applications.mine.submittedOn", { date: formatDate(app.createdAt) })}</span>
                      {app.reviewedAt ? <span>{t("applications.mine.reviewedOn", { date: formatDate(app.reviewedAt) })}</span> : null}
                    </p>
                    {s === "pending" || s === "under_review" ? (
                      <p className="flex items-center gap-2 rounded-md bg-accent/60 px-3 py-2 text-accent-foreground">
                        <Clock className="h-4 w-4 shrink-0" aria-hidden="true" />
                        {t("applications.mine.reviewTime")}
                      </p>
                    ) : null}
                    {app.reviewNotes ? (
                      <div className={cn("rounded-md border px-3 py-2", s === "rejected" && "border-destructive/40 bg-destructive/5")}>
                        <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{t("applications.mine.reviewNotes")}</p>
                        <p className="mt-1 whitespace-pre-line">{app.reviewNotes}</p>
                      </div>
                    ) : null}
                  </CardContent>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      <PageFooter query={query} shown={null} failed={t("applications.loadMoreFailed")} testId="my-applications" />
    </section>
  );
}
