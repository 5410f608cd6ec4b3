import { useTranslation } from "react-i18next";
import type { ReactNode } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { QueryKey, UseQueryResult } from "@tanstack/react-query";
import type { LucideIcon } from "lucide-react";
import { ApiError } from "@/api/client";
import { describeError } from "@/api/errors";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { deleteRow } from "@/features/settings/api";
import type { RowPath } from "@/features/settings/api";

/**
 * A settings card listing what `query` loads (my sessions, my tokens): a
 * skeleton while loading, an alert when loading failed, an honest empty state,
 * else one list item per row from `children`.
 */
export function ListCard<T>({
  title,
  description,
  loadFailed,
  empty,
  query,
  listTestId,
  children,
}: {
  title: string;
  description: string;
  loadFailed: string;
  empty: string;
  query: UseQueryResult<T[]>;
  listTestId: string;
  children: (row: T) => ReactNode;
}) {
  const rows = query.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isLoading ? (
          <div className="space-y-2" aria-hidden="true">
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-14" />
            ))}
          </div>
        ) : query.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {loadFailed}
          </p>
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ul className="divide-y rounded-md border" data-testid={listTestId}>
            {rows.map(children)}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * DELETE of one listed row (path with its id): toasts `done`, or `failed` with the
 * server's reason, and reloads the lists in `refresh`.
 */
export function useDeleteRow(path: RowPath, refresh: readonly QueryKey[], done: string, failed: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteRow(path, id),
    onSuccess: () => {
      toast({ title: done });
      for (const queryKey of refresh) void queryClient.invalidateQueries({ queryKey });
    },
    onError: (err) =>
      toast({
        title: failed,
        description: err instanceof ApiError ? describeError(err, t) : undefined,
        variant: "destructive",
      }),
  });
}

/**
 * One row of a ListCard: an icon, a heading line (name and badges), a detail
 * line, and an optional action button (sign out, revoke).
 */
export function ListRow({
  icon: Icon,
  heading,
  detail,
  action,
  ...data
}: {
  icon: LucideIcon;
  heading: ReactNode;
  detail: string;
  action?: { label: string; ariaLabel: string; icon: LucideIcon; testId: string; busy: boolean; run: () => void };
  "data-testid": string;
  [attr: `data-${string}`]: string;
}) {
  const ActionIcon = action?.icon;
  return (
    <li className="flex flex-wrap items-center gap-3 p-3" {...data}>
      <Icon className="h-5 w-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">{heading}</p>
        <p className="break-words text-xs text-muted-foreground">{detail}</p>
      </div>
      {action && ActionIcon ? (
        <Button variant="outline" size="sm" disabled={action.busy} onClick={action.run} data-testid={action.testId} aria-label={action.ariaLabel}>
          <ActionIcon aria-hidden="true" />
          {action.label}
        </Button>
      ) : null}
    </li>
  );
}
