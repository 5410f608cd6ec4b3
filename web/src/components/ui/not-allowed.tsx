import type { ReactNode } from "react";
import { PageHeader } from "@/components/ui/page-header";

/**
 * What a screen shows a person whose role may not use it. The server refuses the data anyway;
 * this tells the reader why the screen is empty. With a title it is the whole screen (heading
 * and message); without, only the message, for a screen that draws its own heading.
 */
export function NotAllowed({ title, children, testId }: { title?: string; children: ReactNode; testId?: string }) {
  const message = (
    <p role="alert" className="text-muted-foreground" data-testid={testId}>
      {children}
    </p>
  );
  if (title === undefined) return message;
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-7xl space-y-4">
      <PageHeader title={title} />
      {message}
    </section>
  );
}
