import { formatTotal } from "@/api/paging";
import { PageFooter } from "@/components/PageFooter";
import { useTranslation } from "react-i18next";
import { formatNumber } from "@/lib/format";

/** "Load more" under one of the screen's paged tables, with how many of how many are shown. */
export function ListFooter({ query, loaded, total, testId }: { query: Parameters<typeof PageFooter>[0]["query"]; loaded: number; total: string | null; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-2 p-4 pt-0 empty:hidden">
      <PageFooter query={query} shown={total && loaded > 0 ? t("mobileAccess.paging.shown", { shown: formatNumber(loaded), total: formatTotal(total) }) : null} failed={t("mobileAccess.paging.failed")} loadMore={t("mobileAccess.paging.loadMore")} testId={testId} />
    </div>
  );
}
