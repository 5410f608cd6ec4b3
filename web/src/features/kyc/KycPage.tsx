import { useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "wouter";
import { Users, X } from "lucide-react";
import { ApiError } from "@/api/client";
import { useAllInstitutions } from "@/api/institutions";
import type { CurrentUser, KycApplication, KycStatus } from "@/api/types";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, IconCardTitle } from "@/components/ui/card";
import { SearchField } from "@/components/ui/search-field";
import { PageHeader } from "@/components/ui/page-header";
import { SelectField } from "@/components/ui/select-field";
import { KYC_RISKS } from "@/lib/statusBadges";
import { KycDetailDialog } from "@/features/compliance/KycDetailDialog";
import { KycList } from "@/features/compliance/KycList";
import { useKycList } from "@/features/compliance/kycQueue";
import type { KycQuery } from "@/features/compliance/kycQueue";
import { KYC_STATUSES, kycQueryFromSearch, kycSearchParams } from "@/features/kyc/filters";
import { KycStanding } from "@/features/kyc/KycStanding";
import { isRegulator } from "@/lib/roles";
import { cn } from "@/lib/utils";

/** How many applications a page of /kyc reads. */
export const KYC_PAGE_SIZE = 25;

/**
 * /kyc (issue 16, part 4): every KYC application in the reader's scope,
 * filtered and paged on the server, the detail with the decision, and the KYC
 * standing of the selected institution. Regulators see all institutions and
 * decide; institution staff see their own institution's applications read-only
 * (the server scopes the list and masks identity numbers).
 */
export function KycPage({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const title = t("nav.kyc");
  const ids = { search: useId(), status: useId(), risk: useId(), institution: useId() };
  const regulator = isRegulator(user.role) && !user.isGuest;

  const [searchParams, setSearchParams] = useSearchParams();
  const search = searchParams.toString();
  const query = useMemo(() => kycQueryFromSearch(search), [search]);
  const apply = (next: KycQuery) => setSearchParams(kycSearchParams(next));

  // The search box sends its text once typing pauses, not on every key; the address (back, a
  // link, "Clear filters") sets the box unless it only differs by the spaces still being typed.
  const [searchText, setSearchText] = useState(query.q);
  useEffect(() => setSearchText((current) => (current.trim() === query.q ? current : query.q)), [query.q]);
  useEffect(() => {
    if (searchText.trim() === query.q) return;
    const id = setTimeout(() => setSearchParams(kycSearchParams({ ...query, q: searchText })), 300);
    return () => clearTimeout(id);
  }, [searchText, query, setSearchParams]);

  const list = useKycList(query, KYC_PAGE_SIZE);
  // KYC applications come through PSPs (their psp_id); regulators pick one to filter and see its
  // standing, staff read their own (the registry answers them with their institution only).
  const staff = user.role === "psp_admin" || user.role === "mno_admin";
  const psps = useAllInstitutions("psp", regulator || staff);
  const names = useMemo(() => new Map((psps.data ?? []).map((p) => [p.id, p.name])), [psps.data]);
  const institutionName = (id: string | null | undefined) => (id ? (names.get(id) ?? "") : t("kyc.detail.direct"));
  const [viewing, setViewing] = useState<KycApplication | null>(null);

  const scopeLabel = !regulator
    ? (names.get(user.institution ?? "") ?? t("kycPage.standing.own"))
    : query.institution
      ? (names.get(query.institution) ?? "…")
      : t("kycPage.standing.all");
  const filtered = kycSearchParams(query).toString() !== "";
  const badFilter = list.error instanceof ApiError && list.error.status === 400;

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-7xl space-y-6" data-testid="kyc-page">
      <PageHeader title={title} description={t(regulator ? "kycPage.description" : "kycPage.descriptionStaff")} />

      <KycStanding
        institution={regulator ? query.institution : ""}
        scopeLabel={scopeLabel}
        onStatus={(status: KycStatus) => apply({ ...query, status })}
      />

      <Card>
        <CardHeader className="pb-3">
          <IconCardTitle icon={Users} iconClassName="text-primary">
            {t("kycPage.list.title")}
          </IconCardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <div role="search" aria-label={t("kycPage.filters.label")} className={cn(
              "grid gap-3 md:grid-cols-2",
              regulator ? "lg:grid-cols-[minmax(0,1.4fr)_repeat(3,minmax(0,1fr))]" : "lg:grid-cols-[minmax(0,2fr)_repeat(2,minmax(0,1fr))]",
            )}>
            <SearchField
              id={ids.search}
              label={t("kycPage.filters.search")}
              maxLength={100}
              placeholder={t("kycPage.filters.searchPlaceholder")}
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              data-testid="kyc-search"
            />
            <SelectField
              id={ids.status}
              label={t("kycPage.filters.status")}
              value={query.status}
              onChange={(status) => apply({ ...query, status })}
              all={{ value: "", label: t("kycPage.filters.allStatuses") }}
              options={KYC_STATUSES.map((s) => ({ value: s, label: t(`kyc.status.${s}`) }))}
              testId="kyc-filter-status"
            />
            <SelectField
              id={ids.risk}
              label={t("kycPage.filters.risk")}
              value={query.risk}
              onChange={(risk) => apply({ ...query, risk })}
              all={{ value: "", label: t("kycPage.filters.allRisks") }}
              options={KYC_RISKS.map((r) => ({ value: r, label: t(`kyc.risk.${r}`) }))}
              testId="kyc-filter-risk"
            />
            {regulator ? (
              <SelectField
                id={ids.institution}
                label={t("kycPage.filters.institution")}
                value={query.institution}
                onChange={(institution) => apply({ ...query, institution })}
                all={{ value: "", label: t("kycPage.filters.allInstitutions") }}
                options={(psps.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
                testId="kyc-filter-institution"
              />
            ) : null}
          </div>
          {filtered ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                setSearchText("");
                apply({});
              }}
              data-testid="kyc-clear"
            >
              <X aria-hidden="true" />
              {t("kycPage.filters.clear")}
            </Button>
          ) : null}
          {badFilter ? (
            <p role="alert" className="text-sm text-destructive" data-testid="kyc-bad-filter">
              {t("kycPage.filters.badFilter")}
            </p>
          ) : (
            <KycList
              query={list}
              onView={setViewing}
              detailed={{ institutionName }}
              empty={filtered ? t("kycPage.list.empty") : undefined}
            />
          )}
        </CardContent>
      </Card>

      <KycDetailDialog
        application={viewing}
        canReview={regulator}
        onClose={() => setViewing(null)}
        institutionName={(id) => institutionName(id) || "—"}
      />
    </section>
  );
}

export default KycPage;
