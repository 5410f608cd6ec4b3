import { Link } from "wouter";
import { cn } from "@/lib/utils";

/** The registry page of each kind of institution. */
const REGISTRY_PATH: Record<string, string> = { psp: "/psps", mno: "/mnos", bank: "/banks" };

/**
 * A related transaction by its TXN number, linking to its detail on the transactions page. The
 * id stands in only when the number is unknown (the transaction is not readable any more).
 */
export function TransactionLink({ id, number, className }: { id: string; number?: string | null; className?: string }) {
  return (
    <Link
      href={`/transactions?id=${encodeURIComponent(id)}`}
      className={cn("break-all font-mono text-primary underline underline-offset-4", className)}
      data-testid="alert-related"
    >
      {number || id}
    </Link>
  );
}

/**
 * An institution by its name, linking to its registry with the list searched for it; the name
 * alone when the kind has no registry page, the id when the name is unknown.
 */
export function InstitutionLink({ id, name, kind }: { id: string; name?: string | null; kind?: string | null }) {
  const path = kind ? REGISTRY_PATH[kind] : undefined;
  if (!name || !path) return <span className={cn(!name && "break-all font-mono")}>{name || id}</span>;
  return (
    <Link href={`${path}?q=${encodeURIComponent(name)}`} className="text-primary underline underline-offset-4" data-testid="institution-link">
      {name}
    </Link>
  );
}
