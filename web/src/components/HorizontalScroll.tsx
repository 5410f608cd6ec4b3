import { useCallback, useEffect, useRef, useState } from "react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";

/** Which sides of a scroll box hide content. */
interface Overflow {
  start: boolean;
  end: boolean;
}

/**
 * Follows whether the box's content is wider than the box and which side hides some of it, on
 * scroll and on resize (of the box or of its content, such as rows arriving).
 */
function useOverflow() {
  const ref = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ start: false, end: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const hidden = el.scrollWidth - el.clientWidth;
    // One pixel of slack: browsers round widths, and a 0.5 px overhang is no hidden column.
    const next = { start: hidden > 1 && el.scrollLeft > 1, end: hidden > 1 && el.scrollLeft < hidden - 1 };
    setOverflow((o) => (o.start === next.start && o.end === next.end ? o : next));
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    el.addEventListener("scroll", measure, { passive: true });
    // jsdom has no ResizeObserver; the first measure above is all a test environment gets.
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(el);
    if (el.firstElementChild) observer?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener("scroll", measure);
      observer?.disconnect();
    };
  }, [measure]);
  return { ref, overflow };
}

interface HorizontalScrollProps {
  /** The accessible name of the scroll region (a table's caption); unnamed boxes are not regions. */
  label?: string;
  /** Says "Scroll sideways to see every column" above the box while part of it is hidden. */
  hint?: boolean;
  className?: string;
  testId?: string;
  children: ReactNode;
}

/**
 * A box that scrolls sideways when its content (a wide table, a row of tabs) does not fit, and
 * shows it (docs/DECISIONS.md, "Wide tables scroll, and say so"): the hidden side fades and,
 * with hint, a line above says so. One component, so that every wide list behaves the same at
 * 375 px. A labelled box is a keyboard-focusable region, so it scrolls without a pointer.
 */
export function HorizontalScroll({ label, hint = false, className, testId, children }: HorizontalScrollProps) {
  const { t } = useTranslation();
  const { ref, overflow } = useOverflow();
  const fade = "pointer-events-none absolute inset-y-0 w-8 from-card to-transparent";
  return (
    <div className={className} data-testid={testId}>
      {hint && (overflow.start || overflow.end) ? (
        <p className="flex items-center gap-1.5 px-4 py-2 text-xs text-muted-foreground" data-testid="scroll-hint">
          {/* A text arrow, not an icon component: this box is on the dashboard's first load. */}
          <span aria-hidden="true">↔</span>
          {t("common.scrollSideways")}
        </p>
      ) : null}
      <div className="relative">
        <div
          ref={ref}
          className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-ring"
          {...(label ? { tabIndex: 0, role: "region", "aria-label": label } : {})}
        >
          {children}
        </div>
        {overflow.start ? <div aria-hidden="true" className={cn(fade, "left-0 bg-gradient-to-r")} data-testid="scroll-fade-start" /> : null}
        {overflow.end ? <div aria-hidden="true" className={cn(fade, "right-0 bg-gradient-to-l")} data-testid="scroll-fade-end" /> : null}
      </div>
    </div>
  );
}
