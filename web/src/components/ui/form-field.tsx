import { useId } from "react";
import type { ReactElement, ReactNode } from "react";
import { Slot } from "@radix-ui/react-slot";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

/**
 * A labelled form control with an optional hint and error under it. The one control given as
 * child receives the id the label points to, `aria-describedby` naming the hint and the error,
 * `aria-invalid` while there is an error and `aria-required` when required, so a screen reader
 * reads the label, the hint and the error with the control.
 */
export function FormField({
  id: givenId,
  label,
  hint,
  error,
  required = false,
  className,
  errorTestId,
  announceError = false,
  children,
}: {
  /** The control's id; a generated one when absent. */
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** Marks the label with an asterisk and the control as required. */
  required?: boolean;
  className?: string;
  errorTestId?: string;
  /**
   * Reads the error out as soon as it appears (role="alert"), for a field whose error shows
   * while the focus is elsewhere, e.g. on a dialog's confirm button.
   */
  announceError?: boolean;
  children: ReactElement;
}) {
  const generated = useId();
  const id = givenId ?? generated;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("space-y-1.5", className)}>
      <Label htmlFor={id}>
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-destructive">
            *
          </span>
        ) : null}
      </Label>
      <Slot id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} aria-required={required || undefined}>
        {children}
      </Slot>
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role={announceError ? "alert" : undefined} className="text-sm text-destructive" data-testid={errorTestId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
