import { useEffect, useId, useRef, useState } from "react";
import type { FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { sharedKeys } from "@/api/keys";
import { Link } from "wouter";
import { CheckCircle2, Loader2, Send } from "lucide-react";
import { ApiError } from "@/api/client";
import { describeError } from "@/api/errors";
import type { ApplicationPayload, InstitutionApplication, InstitutionType } from "@/api/types";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { submitApplication } from "@/features/applications/api";
import { LogoUpload } from "@/features/applications/LogoUpload";
import { fieldFaultText } from "@/features/applications/fieldErrors";
import { validateApplication } from "@/features/applications/validation";
import { cn } from "@/lib/utils";
import { fieldErrorText } from "@/lib/fieldErrorText";
import type { TranslationKey } from "@/i18n/keys";

/** Query key of the applications list (regulators: all; others: their own). */

type TextField =
  | "institutionName"
  | "licenseNumber"
  | "contactEmail"
  | "contactPhone"
  | "contactPerson"
  | "address";

interface FormValues {
  institutionName: string;
  institutionType: InstitutionType | "";
  licenseNumber: string;
  contactEmail: string;
  contactPhone: string;
  contactPerson: string;
  address: string;
  website: string;
  description: string;
}

const EMPTY: FormValues = {
  institutionName: "",
  institutionType: "",
  licenseNumber: "",
  contactEmail: "",
  contactPhone: "",
  contactPerson: "",
  address: "",
  website: "",
  description: "",
};

/** Errors as i18n keys or the server's own words, keyed by payload field. */
type Errors = Partial<Record<keyof ApplicationPayload, string>>;

const FIELD_ORDER: (keyof ApplicationPayload)[] = [
  "institutionName",
  "institutionType",
  "licenseNumber",
  "contactEmail",
  "contactPhone",
  "contactPerson",
  "address",
  "businessDescription",
  "logoUrl",
];

/** Builds the body of POST /api/institution-applications (website is not sent). */
export function toPayload(values: FormValues, logoUrl: string | null): ApplicationPayload {
  const description = values.description.trim();
  return {
    institutionName: values.institutionName,
    institutionType: values.institutionType,
    licenseNumber: values.licenseNumber,
    contactEmail: values.contactEmail,
    contactPhone: values.contactPhone,
    contactPerson: values.contactPerson,
    address: values.address,
    businessDescription: description === "" ? null : description,
    logoUrl,
    status: "pending",
  };
}

interface ApplicationFormProps {
  /** The type chosen in the wizard (psp or mno); bank and no answer leave it empty. */
  prefillType: InstitutionType | null;
  /** Changes whenever the wizard finishes again, so a new choice re-prefills the type. */
  prefillVersion: number;
}

/** The institution application form (spec 000 §2, §3, §5, §8). */
export function ApplicationForm({ prefillType, prefillVersion }: ApplicationFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const uid = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<FormValues>({ ...EMPTY, institutionType: prefillType ?? "" });
  const [logoUrl, setLogoUrl] = useState<string | null>(null);
  const [logoBusy, setLogoBusy] = useState(false);
  const [logoKey, setLogoKey] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const [summary, setSummary] = useState<TranslationKey | null>(null);
  const [submitted, setSubmitted] = useState<InstitutionApplication | null>(null);

  useEffect(() => {
    setValues((v) => ({ ...v, institutionType: prefillType ?? "" }));
  }, [prefillType, prefillVersion]);

  const mutation = useMutation({
    mutationFn: (payload: ApplicationPayload) => submitApplication(payload),
    onSuccess: (app) => {
      toast({ title: t("common.success"), description: t("apply.submitted") });
      setValues({ ...EMPTY });
      setLogoUrl(null);
      setLogoKey((k) => k + 1);
      setErrors({});
      setSummary(null);
      setSubmitted(app);
      void queryClient.invalidateQueries({ queryKey: sharedKeys.institutionApplications });
    },
    onError: (err) => {
      console.error("Failed to submit application", err);
      const fields: Errors = {};
      let message: string | null = null;
      if (err instanceof ApiError) {
        for (const [k, f] of Object.entries(err.faults)) fields[k as keyof ApplicationPayload] = fieldFaultText(err, k, f, t);
        message = describeError(err, t);
      }
      setErrors(fields);
      setSummary(Object.keys(fields).length > 0 ? "apply.form.fixErrors" : null);
      toast({
        title: t("apply.submitFailed"),
        description: message ?? undefined,
        variant: "destructive",
      });
      focusFirstError(fields);
    },
  });

  function focusFirstError(errs: Errors) {
    const first = FIELD_ORDER.find((f) => errs[f]);
    if (!first) return;
    const el = formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`);
    el?.focus();
  }

  function set<K extends keyof FormValues>(key: K, value: FormValues[K]) {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key as keyof ApplicationPayload]) {
      setErrors((e) => ({ ...e, [key]: undefined }));
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(null);
    const payload = toPayload(values, logoUrl);
    const found = validateApplication(payload);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setSummary("apply.form.fixErrors");
      focusFirstError(found);
      return;
    }
    setSummary(null);
    mutation.mutate(payload);
  }

  const err = (field: keyof ApplicationPayload) => fieldErrorText(errors[field], t);
  const text = (field: TextField, label: string, opts: { type?: string; autoComplete?: string; hint?: string; className?: string } = {}) => (
    <FormField id={`${uid}-${field}`} label={label} required error={err(field)} hint={opts.hint} className={opts.className} errorTestId={`error-${field}`}>
      <Input
        name={field}
        type={opts.type ?? "text"}
        autoComplete={opts.autoComplete}
        value={values[field]}
        onChange={(e) => set(field, e.target.value)}
      />
    </FormField>
  );

  const typeError = err("institutionType");
  const typeErrorId = `${uid}-institutionType-error`;
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-6" data-testid="application-form">
      <p className="text-sm text-muted-foreground">{t("apply.form.requiredNote")}</p>
      {submitted ? (
        <div
          role="status"
          data-testid="application-submitted"
          className="flex flex-col gap-2 rounded-md border border-success/40 bg-success/5 p-4 text-sm sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="flex items-center gap-2 font-medium">
            <CheckCircle2 className="h-4 w-4 text-success" aria-hidden="true" />
            {t("apply.submitted")}
          </p>
          <Link href="/applications" className="font-medium text-primary underline underline-offset-4">
            {t("apply.viewMine")}
          </Link>
        </div>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        {text("institutionName", t("apply.form.institutionName"), { autoComplete: "organization", className: "sm:col-span-2" })}
        <fieldset
          className="space-y-2 sm:col-span-2"
          aria-describedby={typeError ? typeErrorId : undefined}
        >
          <legend className="mb-2 text-sm font-medium">
            {t("apply.form.institutionType")} <span aria-hidden="true" className="text-destructive">*</span>
          </legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {(["psp", "mno"] as const).map((type) => (
              <label
                key={type}
                className={cn(
                  "flex min-h-11 cursor-pointer items-center gap-3 rounded-md border bg-card px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent/50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                  typeError && "border-destructive",
                )}
              >
                <input
                  type="radio"
                  name="institutionType"
                  value={type}
                  checked={values.institutionType === type}
                  onChange={() => set("institutionType", type)}
                  className="h-4 w-4 accent-[var(--primary)]"
                  data-testid={`type-${type}`}
                />
                {t(type === "psp" ? "apply.form.typePsp" : "apply.form.typeMno")}
              </label>
            ))}
          </div>
          {typeError ? (
            <p id={typeErrorId} className="text-sm text-destructive">
              {typeError}
            </p>
          ) : null}
        </fieldset>
        {text("licenseNumber", t("apply.form.licenseNumber"), { hint: t("apply.form.licenseHint") })}
        {text("contactPerson", t("apply.form.contactPerson"), { autoComplete: "name" })}
        {text("contactEmail", t("apply.form.contactEmail"), { type: "email", autoComplete: "email" })}
        {text("contactPhone", t("apply.form.contactPhone"), { type: "tel", autoComplete: "tel", hint: t("apply.form.phoneHint") })}
        {text("address", t("apply.form.address"), { autoComplete: "street-address", className: "sm:col-span-2" })}
        <FormField id={`${uid}-website`} label={t("apply.form.website")} hint={t("apply.form.websiteHint")} className="sm:col-span-2" errorTestId="error-website">
          <Input
            name="website"
            type="url"
            autoComplete="url"
            value={values.website}
            onChange={(e) => set("website", e.target.value)}
          />
        </FormField>
        <FormField id={`${uid}-description`} label={t("apply.form.description")} error={err("businessDescription")} className="sm:col-span-2" errorTestId="error-description">
          <Textarea
            name="businessDescription"
            rows={4}
            value={values.description}
            onChange={(e) => set("description", e.target.value)}
          />
        </FormField>
        <div className="sm:col-span-2">
          <LogoUpload
            key={logoKey}
            value={logoUrl}
            onChange={(path) => {
              setLogoUrl(path);
              setErrors((e) => ({ ...e, logoUrl: undefined }));
            }}
            onBusyChange={setLogoBusy}
            fieldError={err("logoUrl")}
          />
        </div>
      </div>
      {summary ? (
        <p role="alert" data-testid="form-error-summary" className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm text-destructive">
          {t(summary)}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={mutation.isPending || logoBusy} data-testid="application-submit">
        {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
        {mutation.isPending ? t("apply.form.submitting") : t("apply.form.submit")}
      </Button>
    </form>
  );
}
