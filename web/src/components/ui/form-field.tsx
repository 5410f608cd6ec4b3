import { useId } from "react";
import type { ReactElement, ReactNode } from "react";

/** The attributes that tie a control to its field's label, hint and error. */
export interface ControlProps {
  id: string;
  "aria-describedby": string | undefined;
  "aria-invalid": true | undefined;
  "aria-required": true | undefined;
}
import { Slot } from "@radix-ui/react-slot";
import { AlertCircle } from "lucide-react";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

/**
 * A labelled form control with an optional hint and error under it. The one control given as
 * child receives the id the label points to, `aria-describedby` naming the hint and the error,
 * `aria-invalid` while there is an error and `aria-required` when required, so a screen reader
 * reads the label, the hint and the error with the control. When the control sits inside other
 * markup (an input with a button beside it), pass a function that spreads the given props on it.
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
  children: ReactElement | ((control: ControlProps) => ReactNode);
}) {
  const generated = useId();
  const id = givenId ?? generated;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const control: ControlProps = {
    id,
    "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-required": required || undefined,
  };
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
      {typeof children === "function" ? children(control) : <Slot {...control}>{children}</Slot>}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role={announceError ? "alert" : undefined} className="flex items-start gap-1 text-sm text-destructive" data-testid={errorTestId}>
          <AlertCircle className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden="true" />
          {error}
        </p>
      ) : null}
    </div>
  );
}
