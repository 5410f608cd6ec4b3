import { useState } from "react";
import { BadgeCheck, Building2 } from "lucide-react";
import type { PublicRegisterEntry } from "@/api/types";
import { landingReads } from "@/features/landing/api";
import { useLandingHost } from "@/features/landing/host";
import { usePublicRead } from "@/features/landing/publicReads";
import { Badge } from "@/components/ui/badge";
import { complianceVariant } from "@/lib/statusBadges";
import { Skeleton } from "@/components/ui/skeleton";
import { dynamicKey } from "@/i18n/keys";
import { formatDate } from "@/lib/format";

/** How many institutions the register shows at first, and how many more each "Show more" adds. */
export const REGISTER_PAGE = 10;

/**
 * The landing page's register of currently licensed institutions with their compliance status
 * (never its reason: that may name confidential supervisory findings), REGISTER_PAGE at a time
 * with "Show more", so that every entry can be reached without a scrolling box (issue 17).
 */
export function PublicRegister() {
  const { t } = useLandingHost();
  const query = usePublicRead(landingReads.register);
  const all = query.data ?? [];
  const [shown, setShown] = useState(REGISTER_PAGE);
  const rows = all.slice(0, shown);
  const left = all.length - rows.length;
  const typeLabel = (type: string) =>
    t(dynamicKey(`publicRegister.types.${type}`), { defaultValue: type.toUpperCase() });
  const compliance = (r: PublicRegisterEntry) =>
    r.complianceStatus ? (
      <Badge variant={complianceVariant(r.complianceStatus)} data-testid="public-register-compliance">
        {t(dynamicKey(`registry.compliance.${r.complianceStatus}`), { defaultValue: r.complianceStatus })}
      </Badge>
    ) : (
      "—"
    );

  return (
    <section aria-labelledby="public-register-title" className="border-t" data-testid="public-register">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <div className="flex items-start gap-3">
          <BadgeCheck className="mt-1 h-6 w-6 shrink-0 text-primary" aria-hidden="true" />
          <div>
            <h2 id="public-register-title" className="text-2xl font-semibold tracking-tight">
              {t("publicRegister.title")}
            </h2>
            <p className="mt-1 text-muted-foreground">{t("publicRegister.description")}</p>
          </div>
        </div>
        <div className="mt-6 overflow-hidden rounded-lg border bg-card shadow-sm">
          {query.isLoading ? (
            <div role="status" className="space-y-3 p-6">
              <span className="sr-only">{t("publicRegister.loading")}</span>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-5" />
              ))}
            </div>
          ) : query.isError ? (
            <p role="alert" className="p-6 text-sm text-muted-foreground">
              {t("publicRegister.failed")}
            </p>
          ) : all.length === 0 ? (
            <p className="p-6 text-sm text-muted-foreground" data-testid="public-register-empty">
              {t("publicRegister.empty")}
            </p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="sr-only">{t("publicRegister.title")}</caption>
                <thead className="border-b bg-muted text-left text-xs uppercase tracking-wide text-muted-foreground">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-semibold">{t("publicRegister.name")}</th>
                    <th scope="col" className="hidden px-4 py-3 font-semibold sm:table-cell">{t("publicRegister.type")}</th>
                    <th scope="col" className="px-4 py-3 font-semibold">{t("publicRegister.license")}</th>
                    <th scope="col" className="hidden px-4 py-3 font-semibold md:table-cell">{t("publicRegister.expires")}</th>
                    <th scope="col" className="hidden px-4 py-3 font-semibold sm:table-cell">{t("publicRegister.compliance")}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.id} className="border-b last:border-0" data-testid="public-register-row" data-name={r.name}>
                      <th scope="row" className="px-4 py-3 text-left font-medium">
                        <span className="flex items-center gap-3">
                          {r.logoUrl ? (
                            <img src={r.logoUrl} alt="" className="h-8 w-8 shrink-0 rounded border bg-background object-contain p-0.5" />
                          ) : (
                            <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded bg-accent text-accent-foreground">
                              <Building2 className="h-4 w-4" aria-hidden="true" />
                            </span>
                          )}
                          <span>
                            {r.name}
                            <span className="block text-xs font-normal text-muted-foreground sm:hidden">{typeLabel(r.type)}</span>
                            <span className="mt-1 block sm:hidden">{compliance(r)}</span>
                          </span>
                        </span>
                      </th>
                      <td className="hidden px-4 py-3 sm:table-cell">{typeLabel(r.type)}</td>
                      <td className="px-4 py-3">
                        <span className="font-mono text-xs">{r.licenseNumber}</span>
                        {r.licenseExpiresAt ? (
                          <span className="mt-0.5 block text-xs text-muted-foreground md:hidden">
                            {t("publicRegister.expires")}: {formatDate(r.licenseExpiresAt)}
                          </span>
                        ) : null}
                      </td>
                      <td className="hidden px-4 py-3 tabular-nums md:table-cell">{r.licenseExpiresAt ? formatDate(r.licenseExpiresAt) : "—"}</td>
                      <td className="hidden px-4 py-3 sm:table-cell">{compliance(r)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {left > 0 ? (
                <div className="flex flex-wrap items-center justify-between gap-2 border-t px-4 py-3 text-sm text-muted-foreground">
                  <span data-testid="public-register-shown">{t("publicRegister.shown", { shown: rows.length, total: all.length })}</span>
                  <button
                    type="button"
                    className="rounded-md border bg-background px-3 py-1.5 font-medium text-foreground hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                    onClick={() => setShown((n) => n + REGISTER_PAGE)}
                    data-testid="public-register-more"
                  >
                    {t("publicRegister.more", { count: Math.min(REGISTER_PAGE, left) })}
                  </button>
                </div>
              ) : null}
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
