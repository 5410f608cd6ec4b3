import type { ReactNode } from "react";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger, TOOLTIP_DELAY_MS } from "@/components/ui/tooltip";
import { CollapsedTooltipContext } from "@/features/shell/Sidebar";
import type { CollapsedTooltipProps } from "@/features/shell/Sidebar";

/** A collapsed item's label, to its right, on hover (after the delay) or keyboard focus. */
function RadixCollapsedTooltip({ label, children }: CollapsedTooltipProps) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  );
}

/**
 * The collapsed desktop sidebar's tooltips. Sidebar.tsx loads this module with React.lazy the
 * first time the sidebar is collapsed, so that Radix Tooltip and its popper stay out of the
 * dashboard's initial JS (issue 15: 200 KB gzipped). One provider for all the items, as before:
 * once a tooltip has shown, the next item's opens without waiting the delay again.
 */
export default function CollapsedTooltips({ children }: { children: ReactNode }) {
  return (
    <TooltipProvider delayDuration={TOOLTIP_DELAY_MS}>
      <CollapsedTooltipContext value={RadixCollapsedTooltip}>{children}</CollapsedTooltipContext>
    </TooltipProvider>
  );
}
