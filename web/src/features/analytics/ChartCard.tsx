import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Download } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";

export interface DataTable {
  caption: string;
  columns: string[];
  rows: Array<Array<string>>;
}

/**
 * A titled chart with its CSV download, a skeleton while loading, an honest empty state, and the
 * same figures as a visually hidden table for screen readers (the drawing itself is hidden).
 */
export function ChartCard({
  id,
  title,
  description,
  csvHref,
  loading,
  empty,
  table,
  className,
  children,
  actions,
}: {
  id: string;
  title: string;
  description?: string;
  csvHref?: string;
  loading: boolean;
  empty: boolean;
  table?: DataTable;
  className?: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = `chart-${id}-title`;
  return (
    <Card className={cn("flex flex-col", className)} data-testid={`chart-${id}`} aria-labelledby={titleId} role="region">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2 space-y-0">
        <div className="min-w-[min(100%,14rem)] flex-1">
          <CardTitle as="h2" className="text-base" id={titleId}>
            {title}
          </CardTitle>
          {description ? <CardDescription className="mt-1">{description}</CardDescription> : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {actions}
          {csvHref ? (
            <a
              href={csvHref}
              download
              className={cn(buttonVariants({ variant: "outline", size: "sm" }))}
              data-testid={`csv-${id}`}
              aria-label={t("analytics.downloadCsvFor", { title })}
            >
              <Download aria-hidden="true" />
              {t("analytics.downloadCsv")}
            </a>
          ) : null}
        </div>
      </CardHeader>
      <CardContent className="flex-1">
        {loading ? (
          <Skeleton className="h-64" role="status" aria-label={t("analytics.loading")} />
        ) : empty ? (
          <div className="flex h-40 items-center justify-center rounded-md border border-dashed text-center text-sm text-muted-foreground" data-testid={`empty-${id}`}>
            {t("analytics.empty")}
          </div>
        ) : (
          <>
            <div aria-hidden="true">{children}</div>
            {table ? (
              <div className="sr-only">
                <table>
                  <caption>{table.caption}</caption>
                  <thead>
                    <tr>
                      {table.columns.map((c) => (
                        <th key={c} scope="col">
                          {c}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {table.rows.map((r, i) => (
                      <tr key={i}>
                        {r.map((cell, j) =>
                          j === 0 ? (
                            <th key={j} scope="row">
                              {cell}
                            </th>
                          ) : (
                            <td key={j}>{cell}</td>
                          ),
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
