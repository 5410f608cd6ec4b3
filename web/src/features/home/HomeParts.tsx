import type { ReactNode } from "react";
import { Link } from "wouter";
import type { LucideIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

/** One figure of a home screen: label, value (or a placeholder while loading) and a line under it. */
export function FigureTile({ label, value, note, loading, testId }: { label: string; value: ReactNode; note?: ReactNode; loading: boolean; testId: string }) {
  return (
    <Card data-testid={testId}>
      <CardContent className="space-y-1 p-5">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        {loading ? (
          <Skeleton className="h-7 w-24" />
        ) : (
          <div className="text-2xl font-semibold tabular-nums" data-testid="figure-value">
            {value}
          </div>
        )}
        {note && !loading ? <p className="text-xs text-muted-foreground">{note}</p> : null}
      </CardContent>
    </Card>
  );
}

/** The actions a home screen offers: only ones the role may take (the server refuses the rest). */
export function HomeActions({ actions }: { actions: { href: string; label: string; icon: LucideIcon; testId: string }[] }) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:flex sm:flex-wrap">
      {actions.map(({ href, label, icon: Icon, testId }) => (
        <Button key={href} asChild variant="outline" className="justify-start">
          <Link href={href} data-testid={testId}>
            <Icon aria-hidden="true" />
            {label}
          </Link>
        </Button>
      ))}
    </div>
  );
}
