import type { HTMLAttributes } from "react";
import { cn } from "@/lib/utils";

/**
 * A pulsing placeholder the size of what is loading. It is a block-level span so that it may
 * stand inside a paragraph or a button as well as in a list. Hidden from screen readers unless
 * it is given a role or a label (then it announces the loading itself).
 */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLSpanElement>) {
  const announced = props.role !== undefined || props["aria-label"] !== undefined;
  return <span aria-hidden={announced ? undefined : true} className={cn("block animate-pulse rounded-md bg-muted", className)} {...props} />;
}
