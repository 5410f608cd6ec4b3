import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { cn } from "@/lib/utils";

/** What a list or table shows when it has nothing: an icon, what is missing, a hint and maybe an action. */
export function EmptyState({
  icon: Icon,
  title,
  hint,
  children,
  className,
  testId,
}: {
  icon?: LucideIcon;
  title: ReactNode;
  hint?: ReactNode;
  /** An action under the text, e.g. a link to create the first item. */
  children?: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div className={cn("flex flex-col items-center gap-2 px-6 py-14 text-center", className)} data-testid={testId}>
      {Icon ? <Icon className="h-10 w-10 text-muted-foreground" aria-hidden="true" /> : null}
      <p className="font-medium">{title}</p>
      {hint ? <p className="text-sm text-muted-foreground">{hint}</p> : null}
      {children}
    </div>
  );
}
