import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { ArrowRight, RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { RecentTransactions } from "@/features/dashboard/RecentTransactions";
import { recentTransactionsOptions } from "@/features/transactions/api";

/**
 * The five newest transactions the reader may see (the server scopes them: all for regulators,
 * the institution's for its staff, one's own for a citizen), with a link to the full list. A
 * guest pays one unit per read, so with onRequest the list loads only when asked for.
 */
export function RecentTransactionsCard({ onRequest = false }: { onRequest?: boolean }) {
  const { t } = useTranslation();
  const [requested, setRequested] = useState(false);
  const recent = useQuery(recentTransactionsOptions(!onRequest || requested));
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-3 space-y-0">
        <CardTitle as="h2" className="text-base">
          {t("dashboard.recent.title")}
        </CardTitle>
        <Button asChild variant="outline" size="sm">
          <Link href="/transactions" data-testid="view-all-transactions">
            {t("dashboard.recent.viewAll")}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardHeader>
      <CardContent className="p-0">
        {onRequest && !requested ? (
          <div className="flex flex-col items-center gap-3 px-4 py-10 text-center text-sm text-muted-foreground">
            <p>{t("dashboard.recent.guestHint")}</p>
            <Button variant="outline" size="sm" onClick={() => setRequested(true)} data-testid="guest-load-recent">
              <RefreshCw aria-hidden="true" />
              {t("dashboard.recent.guestLoad")}
            </Button>
          </div>
        ) : recent.isError ? (
          <p role="alert" className="px-4 py-10 text-center text-sm text-destructive">
            {t("dashboard.recent.loadFailed")}
          </p>
        ) : (
          <RecentTransactions transactions={recent.data ?? []} loading={recent.isLoading} />
        )}
      </CardContent>
    </Card>
  );
}
