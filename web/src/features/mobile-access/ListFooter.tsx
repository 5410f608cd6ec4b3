import { formatTotal } from "@/api/paging";
import { PageFooter } from "@/components/PageFooter";
import { FR } from "@/features/mobile-access/messages";

/** "Charger plus" under one of the screen's paged tables, with how many of how many are shown. */
export function ListFooter({ query, loaded, total, testId }: { query: Parameters<typeof PageFooter>[0]["query"]; loaded: number; total: string | null; testId: string }) {
  return (
    <div className="space-y-2 p-4 pt-0 empty:hidden">
      <PageFooter query={query} shown={total && loaded > 0 ? FR.paging.shown(loaded, formatTotal(total)) : null} failed={FR.paging.failed} loadMore={FR.paging.loadMore} testId={testId} />
    </div>
  );
}
