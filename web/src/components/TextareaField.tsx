import type { ReactNode } from "react";
import { FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";

/**
 * A labelled textarea with its error message below, wired for screen readers (required, invalid,
 * described by the error). The review and licence dialogs ask for a reason this way.
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
  return (
    <FormField id={id} label={label} required={required} error={error} errorTestId={errorTestId} announceError>
      <Textarea rows={rows} value={value} data-testid={testId} onChange={(e) => onChange(e.target.value)} />
    </FormField>
  );
}
