import { useTranslation } from "react-i18next";
import { Receipt } from "lucide-react";
import type { CurrentUser } from "@/api/types";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { RecentTransactionsCard } from "@/features/dashboard/RecentTransactionsCard";
import { FigureTile, HomeActions } from "@/features/home/HomeParts";
import { formatNumber } from "@/lib/format";

/** The reads a unit pays for, as the server meters them (routes marked metered in routes.go). */
const UNIT_READS = ["list", "search", "detail"] as const;

/**
 * A guest's home: how many units remain (updated after every metered read from the server's
 * X-Guest-Units-Remaining), what one unit buys and what is free, and the recent transactions,
 * loaded only when asked for since that read costs a unit.
 */
export function GuestHome({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const title = t("home.guest.title");
  const units = user.guestUnitsRemaining;
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-7xl space-y-6" data-testid="home-guest">
      <PageHeader title={title} description={t("home.guest.description")} />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        <FigureTile
          testId="home-guest-units"
          label={t("home.guest.unitsLabel")}
          value={typeof units === "number" ? formatNumber(units) : t("guest.limited")}
          note={units === 0 ? t("home.guest.noneLeft") : undefined}
          loading={false}
        />
        <Card className="md:col-span-2" data-testid="home-guest-buys">
          <CardHeader>
            <CardTitle as="h2" className="text-base">
              {t("home.guest.buysTitle")}
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-2 text-sm">
            <ul className="list-disc space-y-1 ps-5">
              {UNIT_READS.map((k) => (
                <li key={k}>{t(`home.guest.buys.${k}`)}</li>
              ))}
            </ul>
            <p className="text-muted-foreground">{t("home.guest.free")}</p>
          </CardContent>
        </Card>
      </div>
      <HomeActions actions={[{ href: "/transactions", label: t("nav.transactions"), icon: Receipt, testId: "home-action-transactions" }]} />
      <RecentTransactionsCard onRequest />
    </section>
  );
}
