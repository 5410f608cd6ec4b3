import type { ReactNode } from "react";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

/**
 * A labelled textarea with its error message below, wired for screen readers (required, invalid,
 * described by the error). The review and licence dialogs both ask for a reason this way.
 */
export function TextareaField({
  id,
  label,
  required = false,
  rows,
  value,
  onChange,
  error,
  testId,
  errorTestId,
}: {
  id: string;
  label: ReactNode;
  /** Marks the label with an asterisk and the textarea as required. */
  required?: boolean;
  rows: number;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  testId: string;
  errorTestId?: string;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true" className="ml-0.5 text-destructive">*</span> : null}
      </Label>
      <Textarea
        id={id}
        rows={rows}
        value={value}
        data-testid={testId}
        onChange={(e) => onChange(e.target.value)}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive" data-testid={errorTestId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
