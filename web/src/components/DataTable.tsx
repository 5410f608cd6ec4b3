import type { ReactNode } from "react";
import { HorizontalScroll } from "@/components/HorizontalScroll";
import { CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";

/** A column header: its label, or its label and alignment. */
type DataTableColumn = string | { label: string; align: "right" };

interface ListTableProps {
  /** The screen-reader caption, also the accessible name of the scroll region. */
  caption: string;
  testId: string;
  /** The table's min-width class (e.g. "min-w-[44rem]"): narrow screens scroll rather than squeeze. */
  minWidth: string;
  /** More classes on the table. */
  className?: string;
  /** Shows skeletonRows placeholder rows, their bars skeletonWidth wide at most. */
  loading?: boolean;
  skeletonRows?: number;
  skeletonWidth?: string;
  /** A data-testid on each placeholder row, for screens whose tests count them. */
  skeletonTestId?: string;
  /** When not loading: one row across every column saying emptyMessage. */
  isEmpty?: boolean;
  emptyMessage?: string;
  /** The table follows a CardHeader (the mobile-access cards): its header row is bordered on top too. */
  underHeader?: boolean;
  /** px-3 cells instead of px-4, for wide tables with many columns (the compact transactions table). */
  dense?: boolean;
  columns: DataTableColumn[];
  /** The body rows. */
  children?: ReactNode;
}

interface DataTableProps extends Omit<ListTableProps, "dense" | "skeletonTestId"> {
  /** When set, shown (role="alert") in place of the table. */
  error?: string | null;
}

/**
 * A list table on its own: a keyboard-scrollable region (HorizontalScroll, which says when columns
 * are hidden) with the table, its caption and column
 * headers, placeholder rows while loading (hidden from screen readers, which have nothing to read
 * in them) and a row saying there is nothing. Split out of DataTable so that tables outside a
 * CardContent, or with their own error and empty states, use the same scaffold.
 */
export function ListTable({
  caption,
  testId,
  minWidth,
  className,
  loading = false,
  skeletonRows = 3,
  skeletonWidth = "max-w-28",
  skeletonTestId,
  isEmpty = false,
  emptyMessage,
  underHeader = false,
  dense = false,
  columns,
  children,
}: ListTableProps) {
  const headers = columns.map((column) => (typeof column === "string" ? { label: column, align: undefined } : column));
  const padX = dense ? "px-3" : "px-4";
  return (
    <HorizontalScroll label={caption} hint>
      <table className={cn("w-full", minWidth, "text-sm", className)} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className={cn(underHeader ? "border-y" : "border-b", "bg-muted/50 text-left text-xs uppercase tracking-wide text-muted-foreground")}>
          <tr>
            {headers.map(({ label, align }, i) => (
              <th key={i} scope="col" className={cn(padX, "py-3", align === "right" && "text-right", "font-semibold")}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading
            ? Array.from({ length: skeletonRows }, (_, i) => (
                <tr key={i} className="border-b last:border-0" aria-hidden="true" data-testid={skeletonTestId}>
                  {headers.map((_, j) => (
                    <td key={j} className={cn(padX, "py-3")}>
                      <Skeleton className={cn("h-4 w-full", skeletonWidth)} />
                    </td>
                  ))}
                </tr>
              ))
            : null}
          {!loading && isEmpty ? (
            <tr>
              <td colSpan={headers.length} className={cn(padX, "py-10 text-center text-muted-foreground")}>
                {emptyMessage}
              </td>
            </tr>
          ) : null}
          {children}
        </tbody>
      </table>
    </HorizontalScroll>
  );
}

/**
 * The content of a Card holding a list table: the load error, or the ListTable. One component, so
 * that the screens stop writing this scaffold out again each time.
 */
export function DataTable({ error, ...table }: DataTableProps) {
  return (
    <CardContent className="p-0">
      {error ? (
        <p role="alert" className="p-6 text-sm text-destructive">
          {error}
        </p>
      ) : (
        <ListTable {...table} />
      )}
    </CardContent>
  );
}
