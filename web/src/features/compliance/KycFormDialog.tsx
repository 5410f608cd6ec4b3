import { useId, useRef, useState } from "react";
import type { FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Loader2, Send } from "lucide-react";
import type { TFunction } from "i18next";
import { ApiError } from "@/api/client";
import { describeError, describeFieldError } from "@/api/errors";
import type { ApiFieldError, KycSubmission } from "@/api/types";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/use-toast";
import { sharedKeys } from "@/api/keys";
import { submitKyc } from "@/features/compliance/api";
import { EMPTY_KYC, KYC_DOCUMENT_TYPES, KYC_FIELDS, validateKyc } from "@/features/compliance/kyc";
import type { KycFieldErrors } from "@/features/compliance/kyc";
import en from "@/i18n/en.json";
import { cn } from "@/lib/utils";
import { fieldErrorText } from "@/lib/fieldErrorText";

/**
 * A server field fault → our i18n key when it is the field's 001 §5 rule (each field has one
 * message under kyc.validation), else the fault described from its code (api/errors.ts).
 */
export function kycFaultText(err: ApiError, field: string, fault: ApiFieldError, t: TFunction): string {
  return KYC_FAULTS.has(fault.code) && field in en.kyc.validation ? `kyc.validation.${field}` : describeFieldError(err, fault, t);
}

/** The server's KYC rule codes (internal/domain/errcodes.go). */
const KYC_FAULTS = new Set(["kyc_full_name", "kyc_national_id", "kyc_phone", "kyc_email", "kyc_address", "kyc_document_type", "kyc_document_number"]);

const INPUT_TYPES: Partial<Record<keyof KycSubmission, { type: string; autoComplete?: string }>> = {
  fullName: { type: "text", autoComplete: "name" },
  phoneNumber: { type: "tel", autoComplete: "tel" },
  email: { type: "email", autoComplete: "email" },
  address: { type: "text", autoComplete: "street-address" },
};

/**
 * The KYC submission form (001 §2, §5) in a dialog: the rules run in the
 * browser first, the server's `fields` are shown next to their inputs, and a
 * failure toasts 'Failed to submit KYC application'.
 */
export function KycFormDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const uid = useId();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<KycSubmission>(EMPTY_KYC);
  const [errors, setErrors] = useState<KycFieldErrors>({});
  // The optional PEP declaration (not one of 001 §5's fields): it makes the application high risk.
  const [pep, setPep] = useState(false);

  const focusFirst = (found: KycFieldErrors) => {
    const first = KYC_FIELDS.find((f) => found[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const mutation = useMutation({
    mutationFn: (body: KycSubmission & { pep: boolean }) => submitKyc(body),
    onSuccess: () => {
      toast({ title: t("common.success"), description: t("kyc.submitted") });
      void queryClient.invalidateQueries({ queryKey: sharedKeys.kycApplications });
      setValues(EMPTY_KYC);
      setPep(false);
      setErrors({});
      onOpenChange(false);
    },
    onError: (err) => {
      console.error("Failed to submit KYC application", err);
      if (err instanceof ApiError && Object.keys(err.faults).length > 0) {
        const found: KycFieldErrors = {};
        for (const [k, f] of Object.entries(err.faults)) found[k as keyof KycSubmission] = kycFaultText(err, k, f, t);
        setErrors(found);
        focusFirst(found);
      }
      toast({
        title: t("kyc.failed"),
        description: describeError(err, t),
        variant: "destructive",
      });
    },
  });

  const set = (field: keyof KycSubmission, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const found = validateKyc(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    mutation.mutate({ ...values, pep });
  }

  const message = (field: keyof KycSubmission) => fieldErrorText(errors[field], t);

  return (
    <Dialog open={open} onOpenChange={(o) => (mutation.isPending ? undefined : onOpenChange(o))}>
      <DialogContent className="max-w-2xl" data-testid="kyc-dialog">
        <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-4" data-testid="kyc-form">
          <DialogHeader>
            <DialogTitle>{t("kyc.form.title")}</DialogTitle>
            <DialogDescription>{t("kyc.form.description")}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-4 sm:grid-cols-2">
            {KYC_FIELDS.map((field) => {
              const id = `${uid}-${field}`;
              const errorId = `${id}-error`;
              const error = message(field);
              const wide = field === "address" || field === "fullName";
              return (
                <div key={field} className={cn("space-y-1.5", wide && "sm:col-span-2")}>
                  <Label htmlFor={id}>
                    {t(`kyc.fields.${field}`)}
                    <span aria-hidden="true" className="ml-0.5 text-destructive">
                      *
                    </span>
                  </Label>
                  {field === "documentType" ? (
                    <NativeSelect
                      id={id}
                      name={field}
                      value={values.documentType}
                      onChange={(e) => set("documentType", e.target.value)}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                      aria-required="true"
                    >
                      <option value="">{t("kyc.form.chooseDocument")}</option>
                      {KYC_DOCUMENT_TYPES.map((d) => (
                        <option key={d} value={d}>
                          {t(`kyc.documentTypes.${d}`)}
                        </option>
                      ))}
                    </NativeSelect>
                  ) : (
                    <Input
                      id={id}
                      name={field}
                      type={INPUT_TYPES[field]?.type ?? "text"}
                      autoComplete={INPUT_TYPES[field]?.autoComplete ?? "off"}
                      value={values[field]}
                      onChange={(e) => set(field, e.target.value)}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                      aria-required="true"
                    />
                  )}
                  {error ? (
                    <p id={errorId} className="text-sm text-destructive" data-testid={`kyc-error-${field}`}>
                      {error}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </div>
          <div className="flex items-start gap-3">
            <input
              id={`${uid}-pep`}
              type="checkbox"
              checked={pep}
              onChange={(e) => setPep(e.target.checked)}
              aria-describedby={`${uid}-pep-hint`}
              className="mt-0.5 h-4 w-4 cursor-pointer accent-primary"
              data-testid="kyc-pep"
            />
            <div className="space-y-0.5">
              <Label htmlFor={`${uid}-pep`}>{t("kyc.form.pep")}</Label>
              <p id={`${uid}-pep-hint`} className="text-xs text-muted-foreground">
                {t("kyc.form.pepHint")}
              </p>
            </div>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={mutation.isPending}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={mutation.isPending} data-testid="kyc-submit">
              {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
              {mutation.isPending ? t("common.processing") : t("kyc.form.submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
