import type { ReactNode } from "react";
import { FormField } from "@/components/ui/form-field";
import { NativeSelect } from "@/components/ui/native-select";

/** One choice of a SelectField: the value it stands for and the text the user reads. */
export interface SelectOption<V extends string> {
  value: V;
  label: ReactNode;
}

/**
 * A labelled drop-down of fixed choices, the shape of every filter bar's status, type, risk and
 * institution pickers: a FormField (label wiring) around a NativeSelect. `all` is the first
 * choice, the one that filters nothing ("All statuses"); its value is whatever the screen's
 * filter state uses for "no filter" ("" or "all"). onChange hands back a value of the options'
 * own type, so a screen keeps its union (a period preset, a status) without casting.
 */
export function SelectField<V extends string>({
  id,
  label,
  value,
  onChange,
  all,
  options,
  className,
  testId,
}: {
  /** The select's id; a generated one when absent. */
  id?: string;
  label: ReactNode;
  value: V;
  onChange: (value: V) => void;
  all?: SelectOption<V>;
  options: readonly SelectOption<V>[];
  /** Classes of the wrapper (its width in a filter bar). */
  className?: string;
  testId?: string;
}) {
  const choices = all ? [all, ...options] : options;
  return (
    <FormField id={id} label={label} className={className}>
      {/* The select offers only `choices`, so what it reports is one of their values. */}
      <NativeSelect value={value} onChange={(e) => onChange(e.target.value as V)} data-testid={testId}>
        {choices.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
