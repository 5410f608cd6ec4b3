import { useEffect, useMemo, useRef, useState } from "react";
import type { FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { AlertCircle, Loader2, Send } from "lucide-react";
import { ApiError } from "@/api/client";
import type { CurrentUser, TransferRequestBody, TransferResponse } from "@/api/types";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/use-toast";
import { useAuth } from "@/features/auth/useAuth";
import { formatMoney } from "@/lib/money";
import { transferInstitutionsOptions, transferQuoteOptions, useSubmitTransfer } from "@/features/transfers/api";
import type { OutgoingMessage } from "@/features/transfers/bridge";
import { findInstitution, flowTypeOf, institutionsFor, mobileBridgeFees, nameFault, networkOperator, numberExample, prefixOf, sanitizeAmountInput, ussdCodeFor, validateTransfer } from "@/features/transfers/engine";
import { parseAmount } from "@/lib/money";
import type { Currency, FieldFaults, TransferField, TransferInstitution } from "@/features/transfers/engine";
import { transferFailureMessage } from "@/features/transfers/failure";
import { describeError } from "@/api/errors";
import { faultMessages, serverFaultMessages } from "@/features/transfers/messages";
import { RouteAnalysisPanel } from "@/features/transfers/RouteAnalysisPanel";
import type { TransferQuote } from "@/features/transfers/quote";
import { TransferReceipt } from "@/features/transfers/TransferReceipt";
import { StepCounter } from "@/features/transfers/StepCounter";
import { currentStep } from "@/features/transfers/steps";
import type { FlowPhase } from "@/features/transfers/steps";
import { cn } from "@/lib/utils";

/** The form's state; every choice starts empty so the guided counter starts at step 1. */
export interface TransferFormState {
  mode: string;
  currency: string;
  senderType: string;
  senderNumber: string;
  senderInstitution: string;
  receiverType: string;
  receiverNumber: string;
  receiverInstitution: string;
  amount: string;
  ussdCode: string;
  /** The account holders' names, optional, screened against the sanctions lists by the server. */
  senderName: string;
  recipientName: string;
}

export const EMPTY_FORM: TransferFormState = {
  mode: "",
  currency: "",
  senderType: "",
  senderNumber: "",
  senderInstitution: "",
  receiverType: "",
  receiverNumber: "",
  receiverInstitution: "",
  amount: "",
  ussdCode: "",
  senderName: "",
  recipientName: "",
};

/**
 * An empty form; a citizen sends from their own account, so the sender's name is theirs.
 * Staff enter transfers for others and type both names.
 */
export function formFor(user: CurrentUser | null): TransferFormState {
  if (user?.role !== "citizen") return EMPTY_FORM;
  return { ...EMPTY_FORM, senderName: [user.firstName, user.lastName].filter(Boolean).join(" ") };
}

/** How long the failure dialog stays open (001 §4). */
export const ERROR_DIALOG_MS = 5_000;


const NO_INSTITUTIONS: readonly TransferInstitution[] = [];

/** The body of POST /api/transfer for a form the engine accepted, with the parties' prefixes. */
export function requestBody(form: TransferFormState, institutions: readonly TransferInstitution[]): TransferRequestBody {
  const partyPrefix = (type: string, inst: string) => prefixOf(findInstitution(institutions, type, inst)) || undefined;
  const body: TransferRequestBody = {
    senderNumber: form.senderNumber.trim(),
    receiverNumber: form.receiverNumber.trim(),
    amount: form.amount.trim(),
    currency: form.currency,
    mode: form.mode,
    senderInstitution: form.senderInstitution,
    receiverInstitution: form.receiverInstitution,
    senderType: form.senderType,
    receiverType: form.receiverType,
    flowType: flowTypeOf(form.senderType, form.receiverType),
    clearingHouse: {
      automaticCompensation: true,
      virtualClearing: true,
      settlementMethod: form.mode === "offline" ? "batch" : "real-time",
    },
    preferences: { prioritizeSpeed: true, prioritizeCost: false, prioritizeCompliance: true },
  };
  const sp = partyPrefix(form.senderType, form.senderInstitution);
  const rp = partyPrefix(form.receiverType, form.receiverInstitution);
  if (sp) body.senderPrefix = sp;
  if (rp) body.receiverPrefix = rp;
  if (form.ussdCode) body.ussdCode = form.ussdCode;
  const senderName = form.senderName.trim();
  const recipientName = form.recipientName.trim();
  if (senderName) body.senderName = senderName;
  if (recipientName) body.recipientName = recipientName;
  return body;
}

function newKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** The transfer form with its guided flow (001 §2, §4, §5). */
export function TransferForm({ post }: { post: (m: OutgoingMessage) => void }) {
  const { t } = useTranslation();
  const institutionsQuery = useQuery(transferInstitutionsOptions());
  const institutions = institutionsQuery.data ?? NO_INSTITUTIONS;
  const { user } = useAuth();
  const [form, setForm] = useState<TransferFormState>(() => formFor(user));
  const [errors, setErrors] = useState<Partial<Record<TransferField, string>>>({});
  const [phase, setPhase] = useState<FlowPhase>("form");
  const [receipt, setReceipt] = useState<TransferResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const idempotencyKey = useRef<string>(newKey());
  const receiptRef = useRef<HTMLDivElement>(null);

  // The signed-in person may be known only after the first render: fill an untouched sender name.
  useEffect(() => {
    const name = formFor(user).senderName;
    if (name) setForm((f) => (f.senderName ? f : { ...f, senderName: name }));
  }, [user]);

  const step = currentStep(form, phase);
  const amountMinor = parseAmount(form.amount);
  const currency = (form.currency === "SHS" || form.currency === "USD" ? form.currency : null) as Currency | null;

  const update = (patch: Partial<TransferFormState>) => {
    setForm((f) => {
      const next = { ...f, ...patch };
      // An institution that does not serve the new mode is cleared.
      for (const side of ["sender", "receiver"] as const) {
        const inst = next[`${side}Institution`];
        if (inst && !institutionsFor(institutions, next[`${side}Type`], next.mode).some((o) => o.name === inst)) {
          next[`${side}Institution`] = "";
        }
      }
      next.ussdCode = ussdCodeFor(institutions, next.mode, next.senderType, next.senderInstitution);
      return next;
    });
    const touched = Object.keys(patch) as TransferField[];
    setErrors((e) => {
      const copy = { ...e };
      for (const k of touched) delete copy[k];
      return copy;
    });
    if (phase === "success") setPhase("form");
  };

  const mutation = useSubmitTransfer(() => idempotencyKey.current, {
    onSuccess: (res, body) => {
      setPhase("success");
      setReceipt(res);
      setForm(formFor(user));
      setErrors({});
      idempotencyKey.current = newKey();
      // A held transfer (sanctions or AML review) is not completed: the toast says so.
      const outcome = res.status === "pending" ? "held" : "success";
      toast({ title: t(`transfers.${outcome}.title`), description: t(`transfers.${outcome}.description`) });
      const submission = {
        id: res.transactionId,
        amount: res.amount,
        currency: res.currency,
        type: res.flowType,
        senderAccount: body.senderNumber ?? "",
        receiverAccount: body.receiverNumber ?? "",
        routingInfo: {
          senderOperator: (body.senderType === "wallet" && networkOperator(body.senderNumber ?? "")) || (body.senderInstitution ?? ""),
          receiverOperator: (body.receiverType === "wallet" && networkOperator(body.receiverNumber ?? "")) || (body.receiverInstitution ?? ""),
          settlementMode: body.mode === "offline" ? ("batch" as const) : ("real-time" as const),
        },
        fees: res.bridgeFees,
        metadata: {
          transactionId: res.transactionId,
          npssReference: res.npssReference,
          routeId: res.route.id,
          routingCode: res.route.routingCode,
          mode: body.mode ?? "",
          ussdCode: res.ussdCode,
          createdAt: res.createdAt,
        },
      };
      post({ type: "SUBMIT_CLEARING_HOUSE", payload: submission });
      if (body.mode === "offline") post({ type: "TRANSACTION_OFFLINE", payload: submission });
      requestAnimationFrame(() => receiptRef.current?.focus());
    },
    onError: (err) => {
      setPhase("form");
      const mapped = transferFailureMessage(err);
      const message =
        "key" in mapped ? t(`transfers.failure.${mapped.key}`) : "refusal" in mapped ? describeError(mapped.refusal, t) : mapped.raw;
      if (err instanceof ApiError && err.status === 400) setErrors(serverFaultMessages(t, err));
      setFailure(message);
      toast({ variant: "destructive", title: t("transfers.failure.toastTitle"), description: message });
    },
  });

  // The failure dialog says it closes in 5 seconds, and does.
  useEffect(() => {
    if (failure === null) return;
    const timer = setTimeout(() => setFailure(null), ERROR_DIALOG_MS);
    return () => clearTimeout(timer);
  }, [failure]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const faults: FieldFaults = {};
    const result = validateTransfer(form, institutions);
    if (!result.ok) Object.assign(faults, result.faults);
    if (!form.senderType) faults.senderType = { code: "accountType" };
    if (!form.receiverType) faults.receiverType = { code: "accountType" };
    const senderNameFault = nameFault(form.senderName);
    const recipientNameFault = nameFault(form.recipientName);
    if (senderNameFault) faults.senderName = senderNameFault;
    if (recipientNameFault) faults.recipientName = recipientNameFault;
    const messages = faultMessages(t, faults);
    if (Object.keys(messages).length > 0) {
      setErrors(messages);
      toast({
        variant: "destructive",
        title: t("transfers.validationError"),
        description: (
          <ul className="list-disc pl-4" data-testid="validation-toast">
            {Object.values(messages).map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        ),
      });
      return;
    }
    setErrors({});
    setPhase("confirm");
  };

  const confirm = () => mutation.mutate(requestBody(form, institutions));

  // The fee and total the server will charge, quoted by the server (one rule, docs/DECISIONS.md).
  const fee = useQuery(transferQuoteOptions(amountMinor, currency)).data ?? null;
  const bridge = amountMinor !== null && amountMinor > 0 ? mobileBridgeFees(amountMinor) : null;
  const summary = useMemo(() => {
    const r = validateTransfer(form, institutions);
    return r.ok ? r.transfer : null;
  }, [form, institutions]);

  const canSubmit = amountMinor !== null && amountMinor > 0 && !mutation.isPending;

  const nameField = (field: "senderName" | "recipientName") => {
    const err = errors[field];
    return (
      <FormField label={t(`transfers.${field}`)} error={err} hint={t("transfers.nameHint")}>
        <Input
          value={form[field]}
          onChange={(e) => update({ [field]: e.target.value })}
          autoComplete="off"
          data-testid={field === "senderName" ? "sender-name" : "recipient-name"}
        />
      </FormField>
    );
  };

  const party = (side: "sender" | "receiver") => {
    const type = form[`${side}Type`];
    const inst = form[`${side}Institution`];
    const numErr = errors[`${side}Number`];
    const instErr = errors[`${side}Institution`];
    const typeErr = errors[`${side}Type`];
    const options = institutionsFor(institutions, type, form.mode).map((o) => o.name);
    const chosen = findInstitution(institutions, type, inst);
    const prefixHint =
      type === "wallet" && chosen
        ? t("transfers.operatorHint", { prefix: prefixOf(chosen) })
        : type === "bank" && chosen
          ? t("transfers.bankHint", { prefix: prefixOf(chosen) })
          : type === "bank"
            ? t("transfers.bankFormatHint")
            : t("transfers.walletFormatHint");
    const institutionHint = institutionsQuery.isError
      ? undefined
      : institutionsQuery.isPending
        ? t("transfers.institutionsLoading")
        : type && options.length === 0
          ? t("transfers.noInstitutions")
          : undefined;
    return (
      <fieldset className="space-y-4 rounded-lg border p-4" data-testid={`${side}-fieldset`}>
        <legend className="px-1 text-sm font-semibold">{t(`transfers.${side}`)}</legend>
        <FormField label={t("transfers.accountType")} error={typeErr}>
          <NativeSelect
            value={type}
            onChange={(e) => update({ [`${side}Type`]: e.target.value, [`${side}Institution`]: "" })}
            data-testid={`${side}-type`}
          >
            <option value="">{t("transfers.choose")}</option>
            <option value="wallet">{t("transfers.wallet")}</option>
            <option value="bank">{t("transfers.bank")}</option>
          </NativeSelect>
        </FormField>
        <FormField
          label={type === "bank" ? t("transfers.bankLabel") : t("transfers.operatorLabel")}
          error={instErr ?? (institutionsQuery.isError ? t("transfers.institutionsFailed") : undefined)}
          hint={institutionHint}
        >
          <NativeSelect
            value={inst}
            disabled={!type || institutionsQuery.isPending}
            onChange={(e) => update({ [`${side}Institution`]: e.target.value })}
            data-testid={`${side}-institution`}
          >
            <option value="">{t("transfers.choose")}</option>
            {options.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label={t(`transfers.${side}Number`)} error={numErr} hint={prefixHint}>
          <Input
            value={form[`${side}Number`]}
            onChange={(e) => update({ [`${side}Number`]: e.target.value })}
            placeholder={numberExample(type, chosen, institutions)}
            inputMode={type === "bank" ? "numeric" : "tel"}
            autoComplete="off"
            data-testid={`${side}-number`}
          />
        </FormField>
        {nameField(side === "sender" ? "senderName" : "recipientName")}
        {side === "sender" && form.mode === "offline" && type === "wallet" ? (
          <FormField label={t("transfers.ussdCode")} hint={t("transfers.ussdHint")}>
            <Input value={form.ussdCode} readOnly className="bg-muted font-mono" data-testid="ussd-code" />
          </FormField>
        ) : null}
      </fieldset>
    );
  };

  return (
    <div className="space-y-6">
      {receipt ? (
        <TransferReceipt ref={receiptRef} receipt={receipt} onDone={() => { setReceipt(null); setPhase("form"); }} />
      ) : null}

      <StepCounter step={step} />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card>
          <CardHeader>
            <CardTitle as="h2">{t("transfers.formTitle")}</CardTitle>
            <CardDescription>{t("transfers.formDescription")}</CardDescription>
          </CardHeader>
          <CardContent>
            <form noValidate onSubmit={onSubmit} className="space-y-5" data-testid="transfer-form">
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label={t("transfers.mode")} error={errors.mode}>
                  <NativeSelect value={form.mode} onChange={(e) => update({ mode: e.target.value })} data-testid="transfer-mode">
                    <option value="">{t("transfers.choose")}</option>
                    <option value="online">{t("transfers.online")}</option>
                    <option value="offline">{t("transfers.offline")}</option>
                  </NativeSelect>
                </FormField>
                <FormField label={t("transfers.currency")} error={errors.currency}>
                  <NativeSelect value={form.currency} onChange={(e) => update({ currency: e.target.value })} data-testid="transfer-currency">
                    <option value="">{t("transfers.choose")}</option>
                    <option value="USD">{t("transfers.usd")}</option>
                    <option value="SHS">{t("transfers.shs")}</option>
                  </NativeSelect>
                </FormField>
              </div>
              <div className="grid gap-4 md:grid-cols-2">
                {party("sender")}
                {party("receiver")}
              </div>
              <FormField label={t("transfers.amount")} error={errors.amount}>
                {(control) => (
                  <div className="relative">
                    <Input
                      {...control}
                      value={form.amount}
                      onChange={(e) => update({ amount: sanitizeAmountInput(e.target.value) })}
                      inputMode="decimal"
                      autoComplete="off"
                      placeholder="0.00"
                      className="pr-14 text-lg tabular-nums"
                      data-testid="transfer-amount"
                    />
                    <span className="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 text-sm font-medium text-muted-foreground">
                      {form.currency}
                    </span>
                  </div>
                )}
              </FormField>

              <FeeBreakdown currency={currency} amount={amountMinor} fee={fee} bridge={bridge} />

              <Button type="submit" size="lg" className="w-full" disabled={!canSubmit} data-testid="transfer-submit">
                {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
                {mutation.isPending ? t("transfers.sending") : t("transfers.submit")}
              </Button>
            </form>
          </CardContent>
        </Card>

        <RouteAnalysisPanel
          flowType={form.senderType && form.receiverType ? flowTypeOf(form.senderType, form.receiverType) : null}
          mode={form.mode}
          currency={currency}
          amount={amountMinor}
          fee={fee?.fee ?? null}
        />
      </div>

      <Dialog open={phase === "confirm"} onOpenChange={(open) => (!open && !mutation.isPending ? setPhase("form") : undefined)}>
        <DialogContent data-testid="confirm-dialog">
          <DialogHeader>
            <DialogTitle>{t("transfers.confirm.title")}</DialogTitle>
            <DialogDescription>{t("transfers.confirm.description")}</DialogDescription>
          </DialogHeader>
          {summary ? (
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">{t("transfers.sender")}</dt>
              <dd className="text-right">
                {form.senderName.trim() ? <span className="block">{form.senderName.trim()}</span> : null}
                {form.senderInstitution} · <span className="font-mono">{form.senderNumber}</span>
              </dd>
              <dt className="text-muted-foreground">{t("transfers.receiver")}</dt>
              <dd className="text-right">
                {form.recipientName.trim() ? <span className="block">{form.recipientName.trim()}</span> : null}
                {form.receiverInstitution} · <span className="font-mono">{form.receiverNumber}</span>
              </dd>
              <dt className="text-muted-foreground">{t("transfers.flowType")}</dt>
              <dd className="text-right">
                {summary.flowType} · {t(`transfers.${form.mode === "offline" ? "offline" : "online"}`)}
              </dd>
              <dt className="text-muted-foreground">{t("transfers.route")}</dt>
              <dd className="text-right">{summary.route.name}</dd>
              <dt className="text-muted-foreground">{t("transfers.amount")}</dt>
              <dd className="text-right tabular-nums">{formatMoney(summary.amount, summary.currency)}</dd>
              <dt className="text-muted-foreground">{t("transfers.fee")}</dt>
              <dd className="text-right tabular-nums">{fee ? formatMoney(fee.fee, summary.currency) : "—"}</dd>
              <dt className="font-semibold">{t("transfers.total")}</dt>
              <dd className="text-right font-semibold tabular-nums" data-testid="confirm-total">
                {fee ? formatMoney(fee.total, summary.currency) : "—"}
              </dd>
            </dl>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => setPhase("form")} disabled={mutation.isPending}>
              {t("common.cancel")}
            </Button>
            <Button onClick={confirm} disabled={mutation.isPending} data-testid="confirm-transfer">
              {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              {mutation.isPending ? t("transfers.sending") : t("transfers.confirm.action")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <Dialog open={failure !== null} onOpenChange={(open) => (open ? undefined : setFailure(null))}>
        <DialogContent role="alertdialog" data-testid="failure-dialog">
          <DialogHeader>
            <DialogTitle className="flex items-center gap-2 text-destructive">
              <AlertCircle className="h-5 w-5" aria-hidden="true" />
              {t("transfers.failure.title")}
            </DialogTitle>
            <DialogDescription data-testid="failure-message">{failure}</DialogDescription>
          </DialogHeader>
          <p className="text-xs text-muted-foreground">{t("transfers.failure.autoClose")}</p>
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** Amount, the quoted fee and total, and the mobile bridge fees, formatted per currency. */
function FeeBreakdown({
  currency,
  amount,
  fee,
  bridge,
}: {
  currency: Currency | null;
  amount: number | null;
  fee: TransferQuote | null;
  bridge: ReturnType<typeof mobileBridgeFees> | null;
}) {
  const { t } = useTranslation();
  const show = currency !== null && amount !== null && amount > 0 && fee !== null;
  const row = (label: string, value: string, strong = false, testId?: string) => (
    <div className={cn("flex justify-between gap-4", strong && "border-t pt-2 font-semibold")}>
      <dt className={strong ? undefined : "text-muted-foreground"}>{label}</dt>
      <dd className="whitespace-nowrap tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <section aria-labelledby="fee-heading" className="rounded-lg bg-muted/50 p-4 text-sm" data-testid="fee-breakdown">
      <h3 id="fee-heading" className="mb-2 font-semibold">
        {t("transfers.fees.title")}
      </h3>
      {show && currency ? (
        <>
          <dl className="space-y-1.5">
            {row(t("transfers.amount"), formatMoney(amount, currency))}
            {row(t("transfers.fees.transferFee"), formatMoney(fee.fee, currency), false, "fee-value")}
            {row(t("transfers.total"), formatMoney(fee.total, currency), true, "total-value")}
          </dl>
          {bridge ? (
            <details className="mt-3">
              <summary className="cursor-pointer text-xs font-medium text-muted-foreground">{t("transfers.fees.bridgeTitle")}</summary>
              <dl className="mt-2 space-y-1 text-xs">
                {row(t("transfers.fees.processing"), formatMoney(bridge.processingFee, currency, 2))}
                {row(t("transfers.fees.routing"), formatMoney(bridge.routingFee, currency, 2))}
                {row(t("transfers.fees.settlement"), formatMoney(bridge.settlementFee, currency, 2))}
                {row(t("transfers.fees.bridgeTotal"), formatMoney(bridge.totalFee, currency, 2))}
              </dl>
            </details>
          ) : null}
        </>
      ) : (
        <p className="text-muted-foreground">{t("transfers.fees.empty")}</p>
      )}
    </section>
  );
}
