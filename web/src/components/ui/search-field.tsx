import type { InputHTMLAttributes, ReactNode } from "react";
import { Search } from "lucide-react";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

/**
 * A list's labelled search box with the magnifier inside it, the first field of the registry,
 * users, KYC and transactions filter bars. The remaining props (value, onChange, placeholder,
 * maxLength, data-testid, aria-invalid) go to the input.
 */
export function SearchField({
  id,
  label,
  className,
  ...input
}: {
  /** The input's id; a generated one when absent. */
  id?: string;
  label: ReactNode;
  /** Classes of the wrapper (flex-1 in a row of filters). */
  className?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type" | "className">) {
  return (
    <FormField id={id} label={label} className={className}>
      {(control) => (
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input {...control} type="search" className="pl-9" {...input} />
        </div>
      )}
    </FormField>
  );
}
