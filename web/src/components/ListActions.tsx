import { Download, RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/** Reloads a list; its icon turns while the list is being fetched, and it waits until then. */
export function RefreshButton({ fetching, onRefresh, label, testId }: { fetching: boolean; onRefresh: () => void; label: string; testId?: string }) {
  return (
    <Button variant="outline" onClick={onRefresh} disabled={fetching} data-testid={testId}>
      <RefreshCw className={cn(fetching && "animate-spin")} aria-hidden="true" />
      {label}
    </Button>
  );
}

/** Downloads a list as the server writes it (CSV), with the filters in the address. */
export function ExportLink({ href, label, testId }: { href: string; label: string; testId?: string }) {
  return (
    <Button asChild variant="outline">
      <a href={href} download data-testid={testId}>
        <Download aria-hidden="true" />
        {label}
      </a>
    </Button>
  );
}
