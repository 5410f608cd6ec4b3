import type { ReactNode } from "react";
import { CardContent } from "@/components/ui/card";
import { cn } from "@/lib/utils";

/** A column header: its label, or its label and alignment. */
type DataTableColumn = string | { label: string; align: "right" };

interface DataTableProps {
  /** The screen-reader caption, also the accessible name of the scroll region. */
  caption: string;
  testId: string;
  /** The table's min-width class (e.g. "min-w-[44rem]"): narrow screens scroll rather than squeeze. */
  minWidth: string;
  /** More classes on the table. */
  className?: string;
  /** When set, shown (role="alert") in place of the table. */
  error?: string | null;
  /** Shows skeletonRows placeholder rows, their bars skeletonWidth wide at most. */
  loading?: boolean;
  skeletonRows?: number;
  skeletonWidth?: string;
  /** When not loading: one row across every column saying emptyMessage. */
  isEmpty?: boolean;
  emptyMessage?: string;
  /** The table follows a CardHeader (the mobile-access cards): its header row is bordered on top too. */
  underHeader?: boolean;
  columns: DataTableColumn[];
  /** The body rows. */
  children?: ReactNode;
}

/**
 * The content of a Card holding a list table: the load error, or a keyboard-scrollable region with
 * the table, its caption and column headers, placeholder rows while loading (hidden from screen
 * readers, which have nothing to read in them) and a row saying there is nothing. One component, so that the screens stop writing this scaffold out again each time.
 */
export function DataTable({
  caption,
  testId,
  minWidth,
  className,
  error,
  loading = false,
  skeletonRows = 3,
  skeletonWidth = "max-w-28",
  isEmpty = false,
  emptyMessage,
  underHeader = false,
  columns,
  children,
}: DataTableProps) {
  const headers = columns.map((column) => (typeof column === "string" ? { label: column, align: undefined } : column));
  return (
    <CardContent className="p-0">
      {error ? (
        <p role="alert" className="p-6 text-sm text-destructive">
          {error}
        </p>
      ) : (
        <div className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-ring" tabIndex={0} role="region" aria-label={caption}>
          <table className={cn("w-full", minWidth, "text-sm", className)} data-testid={testId}>
            <caption className="sr-only">{caption}</caption>
            <thead className={cn(underHeader ? "border-y" : "border-b", "bg-muted/50 text-left text-xs uppercase tracking-wide text-muted-foreground")}>
              <tr>
                {headers.map(({ label, align }, i) => (
                  <th key={i} scope="col" className={cn("px-4 py-3", align === "right" && "text-right", "font-semibold")}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {loading
                ? Array.from({ length: skeletonRows }, (_, i) => (
                    <tr key={i} className="border-b last:border-0" aria-hidden="true">
                      {headers.map((_, j) => (
                        <td key={j} className="px-4 py-3">
                          <span className={cn("block h-4 w-full animate-pulse rounded bg-muted", skeletonWidth)} />
                        </td>
                      ))}
                    </tr>
                  ))
                : null}
              {!loading && isEmpty ? (
                <tr>
                  <td colSpan={headers.length} className="px-4 py-10 text-center text-muted-foreground">
                    {emptyMessage}
                  </td>
                </tr>
              ) : null}
              {children}
            </tbody>
          </table>
        </div>
      )}
    </CardContent>
  );
}
