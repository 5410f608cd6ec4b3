import { useTranslation } from "react-i18next";
import { Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";

/** What PageFooter reads of a list's useInfiniteQuery. */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The foot of a list the server pages: how many of how many are shown (when
 * the server said how many there are) and "Load more" while it has a next page.
 * Test ids are `${testId}-count` and `${testId}-load-more`.
 */
export function PageFooter({
  query,
  shown,
  failed,
  loadMore,
  testId,
}: {
  query: PagedQuery;
  /** "Showing n of total …", or null when the total is unknown. */
  shown: string | null;
  /** The button's text after a next page failed to load. */
  failed: string;
  /** The button's text, on screens that keep one language whatever the reader's (mobile access). */
  loadMore?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {shown ? (
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid={`${testId}-count`}>
          {shown}
        </p>
      ) : null}
      {query.hasNextPage ? (
        <Button
          variant="outline"
          className="w-full"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
          data-testid={`${testId}-load-more`}
        >
          {query.isFetchingNextPage ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          {query.isFetchNextPageError ? failed : (loadMore ?? t("alerts.loadMore"))}
        </Button>
      ) : null}
    </>
  );
}
