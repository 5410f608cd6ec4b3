import type { HTMLAttributes, ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { cn } from "@/lib/utils";

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn("rounded-lg border bg-card text-card-foreground shadow-sm", className)}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("flex flex-col gap-1.5 p-6", className)} {...props} />;
}

export function CardTitle({
  className,
  as: Heading = "h3",
  ...props
}: HTMLAttributes<HTMLHeadingElement> & { as?: "h1" | "h2" | "h3" | "h4" }) {
  return (
    <Heading className={cn("text-lg font-semibold leading-tight tracking-tight", className)} {...props} />
  );
}

export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

export function CardContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("p-6 pt-0", className)} {...props} />;
}

export function CardFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("flex items-center p-6 pt-0", className)} {...props} />;
}

/**
 * The h2 of a card that heads a section of a screen, with a decorative icon before its text.
 * The icon's colour is the screen's choice (primary on the compliance cards, muted on the
 * metrics cards), so it is given with the icon.
 */
export function IconCardTitle({ icon: Icon, iconClassName, children }: { icon: LucideIcon; iconClassName: string; children: ReactNode }) {
  return (
    <CardTitle as="h2" className="flex items-center gap-2 text-base">
      <Icon className={cn("h-4 w-4", iconClassName)} aria-hidden="true" />
      {children}
    </CardTitle>
  );
}
