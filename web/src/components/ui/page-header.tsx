import type { ReactNode } from "react";
import { cn } from "@/lib/utils";
import { usePageTitle } from "@/lib/usePageTitle";

/**
 * A screen's heading: the h1 its section is labelled by (`aria-labelledby="page-title"`), a line
 * of description and the screen's actions. It also names the browser tab after the title, so a
 * screen that shows a PageHeader need not set the document title itself.
 *
 * The actions sit beside the title while both fit and move below it on narrow screens.
 */
export function PageHeader({
  title,
  description,
  actions,
  before,
  className,
}: {
  title: string;
  description?: ReactNode;
  /** Buttons or badges for the whole screen, at the end of the heading row. */
  actions?: ReactNode;
  /** Shown above the title, e.g. a link back to the parent screen. */
  before?: ReactNode;
  className?: string;
}) {
  usePageTitle(title);
  return (
    <div className={cn("flex flex-wrap items-start justify-between gap-4", className)}>
      <div className="min-w-0 flex-1 basis-80">
        {before}
        <h1 id="page-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {title}
        </h1>
        {description ? <p className="mt-2 text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex max-w-full flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}
