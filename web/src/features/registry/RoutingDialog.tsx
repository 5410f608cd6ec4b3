import { useId, useState } from "react";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { AlertCircle, Loader2 } from "lucide-react";
import { ApiError } from "@/api/client";
import { describeError, describeFieldErrors } from "@/api/errors";
import type { RegistryEntry, Routing } from "@/api/types";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { useRoutingChange } from "@/features/registry/api";
import { parsePrefixes } from "@/features/registry/registry";

const MODES = ["online", "offline"] as const;

/** A text field of the dialog with its hint, or the server's message for it. */
function RoutingField({
  id,
  label,
  hint,
  error,
  value,
  onChange,
  testId,
}: {
  id: string;
  label: string;
  hint: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="font-mono"
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-note`}
        data-testid={testId}
      />
      <p id={`${id}-note`} className={error ? "flex items-start gap-1 text-xs font-medium text-destructive" : "text-xs text-muted-foreground"}>
        {error ? <AlertCircle className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden="true" /> : null}
        {error ?? hint}
      </p>
    </div>
  );
}

/**
 * An administrator edits how the transfer engine routes through a wallet operator (a PSP) or a
 * bank: its modes and its USSD code and number prefixes, or its account prefix. The server checks
 * and audits the change; the transfer form reads the result at its next load.
 */
export function RoutingDialog({
  kind,
  entry,
  onOpenChange,
}: {
  kind: "psp" | "bank";
  entry: RegistryEntry | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const baseId = useId();
  const start = entry?.routing;
  const [modes, setModes] = useState<Routing["modes"]>(start?.modes ?? []);
  const [ussdCode, setUssdCode] = useState(start?.ussdCode ?? "");
  const [prefixes, setPrefixes] = useState((start?.numberPrefixes ?? []).join(", "));
  const [accountPrefix, setAccountPrefix] = useState(start?.accountPrefix ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});

  const mutation = useRoutingChange(kind, entry?.id ?? "", {
    onSuccess: () => {
      toast({ title: t("registry.routing.saved"), description: entry?.name });
      onOpenChange(false);
    },
    onError: (err) => {
      const fields = describeFieldErrors(err, t);
      setErrors(fields);
      toast({
        variant: "destructive",
        title: t("registry.routing.failed"),
        description: err instanceof ApiError ? describeError(err, t) : undefined,
      });
    },
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setErrors({});
    mutation.mutate(
      kind === "psp"
        ? { modes, ussdCode: ussdCode.trim(), numberPrefixes: parsePrefixes(prefixes) }
        : { modes, accountPrefix: accountPrefix.trim() },
    );
  }

  // The text fields of each kind: a wallet operator's USSD code and number prefixes, a bank's
  // account prefix (keys are the API's field names, which its errors name).
  const fields: {
    key: "ussdCode" | "numberPrefixes" | "accountPrefix";
    hint: "ussdHint" | "numberPrefixesHint" | "accountPrefixHint";
    value: string;
    set: (value: string) => void;
    testId: string;
  }[] =
    kind === "psp"
      ? [
          { key: "ussdCode", hint: "ussdHint", value: ussdCode, set: setUssdCode, testId: "routing-ussd" },
          { key: "numberPrefixes", hint: "numberPrefixesHint", value: prefixes, set: setPrefixes, testId: "routing-prefixes" },
        ]
      : [{ key: "accountPrefix", hint: "accountPrefixHint", value: accountPrefix, set: setAccountPrefix, testId: "routing-account-prefix" }];

  const toggle = (mode: (typeof MODES)[number], on: boolean) =>
    setModes((m) => (on ? [...m.filter((x) => x !== mode), mode] : m.filter((x) => x !== mode)));

  return (
    <Dialog open={entry !== null} onOpenChange={(open) => (open || mutation.isPending ? undefined : onOpenChange(false))}>
      <DialogContent data-testid="routing-dialog">
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t("registry.routing.title")}</DialogTitle>
            <DialogDescription>{t("registry.routing.description", { name: entry?.name ?? "" })}</DialogDescription>
          </DialogHeader>
          <fieldset className="space-y-2" aria-describedby={errors.modes ? `${baseId}-modes-error` : undefined}>
            <legend className="text-sm font-medium">{t("registry.routing.modes")}</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {MODES.map((mode) => (
                <label key={mode} className="flex cursor-pointer items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-[var(--color-primary)]"
                    checked={modes.includes(mode)}
                    onChange={(e) => toggle(mode, e.target.checked)}
                    data-testid={`routing-mode-${mode}`}
                  />
                  {t(`registry.routing.${mode}`)}
                </label>
              ))}
            </div>
            {errors.modes ? (
              <p id={`${baseId}-modes-error`} className="text-xs font-medium text-destructive">
                {errors.modes}
              </p>
            ) : null}
          </fieldset>
          {fields.map((f) => (
            <RoutingField
              key={f.key}
              id={`${baseId}-${f.key}`}
              label={t(`registry.routing.${f.key}`)}
              hint={t(`registry.routing.${f.hint}`)}
              error={errors[f.key]}
              value={f.value}
              onChange={f.set}
              testId={f.testId}
            />
          ))}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={mutation.isPending}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={mutation.isPending} data-testid="routing-save">
              {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {mutation.isPending ? t("common.processing") : t("registry.routing.save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
