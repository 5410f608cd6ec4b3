import type { TFunction } from "i18next";
import { ApiError } from "@/api/client";
import { describeFieldError } from "@/api/errors";
import type { TransferMode } from "@/api/types";
import { MODES } from "@/features/transfers/engine";
import type { FieldFault, FieldFaults, TransferField } from "@/features/transfers/engine";

/** The fields whose faults are said with the field's name first ("Sender Number: ..."). */
const PARTY_FIELDS = ["senderNumber", "receiverNumber", "senderInstitution", "receiverInstitution"] as const;
/** The fields with a name under transfers.prefix: the party fields and the account types. */
const NAMED_FIELDS = [...PARTY_FIELDS, "senderType", "receiverType"] as const satisfies readonly TransferField[];

function isIn<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

/**
 * A validation fault in the interface language. In English it is exactly the
 * server's message (prefixed "Sender Number: ..." and so on), which a test
 * checks against the shared vectors.
 */
export function faultMessage(t: TFunction, field: TransferField, fault: FieldFault): string {
  const p = fault.params ?? {};
  // A server's fault may name another field or mode than the engine's (it is newer than this
  // build): such a one is said as the server wrote it.
  const fieldName = isIn(NAMED_FIELDS, field) ? t(`transfers.prefix.${field}`) : field;
  if (fault.code === "accountType") return t("transfers.errors.accountType", { label: fieldName });
  const params = {
    ...p,
    mode: p.mode ? (isIn<TransferMode>(MODES, p.mode) ? t(`transfers.modeWord.${p.mode}`) : p.mode) : "",
    status: p.status ? t(`transfers.licenceWord.${p.status}`, { defaultValue: p.status }) : "",
  };
  const text = t(`transfers.errors.${fault.code}`, params);
  return isIn(PARTY_FIELDS, field) ? `${fieldName}: ${text}` : text;
}

/**
 * The server's transfer field codes (internal/domain/errcodes.go) that are the engine's own
 * faults: the form writes them exactly as it writes the faults it finds itself.
 */
const SERVER_FAULTS: Record<string, FieldFault["code"]> = {
  required: "required",
  wallet_format: "walletFormat",
  bank_format: "bankFormat",
  unknown_operator: "unknownOperator",
  unknown_bank: "unknownBank",
  not_licensed: "notLicensed",
  operator_mode: "operatorMode",
  wrong_prefix: "wrongPrefix",
  account_type: "accountType",
  currency: "currency",
  mode: "mode",
  amount_not_positive: "amount",
  amount_format: "amountFormat",
  amount_too_large: "amountTooLarge",
  no_route_amount: "noRoute",
  too_long: "nameTooLong",
};

/** The server's field faults of a refused transfer, in the interface language, by field. */
export function serverFaultMessages(t: TFunction, err: ApiError): Partial<Record<TransferField, string>> {
  const out: Partial<Record<TransferField, string>> = {};
  for (const [field, fault] of Object.entries(err.faults)) {
    const code = SERVER_FAULTS[fault.code];
    out[field as TransferField] = code
      ? faultMessage(t, field as TransferField, { code, params: fault.params })
      : describeFieldError(err, fault, t);
  }
  return out;
}

/** Every fault's message, keyed by field, in the form's field order. */
export function faultMessages(t: TFunction, faults: FieldFaults): Partial<Record<TransferField, string>> {
  const order: TransferField[] = [
    "mode",
    "currency",
    "senderType",
    "senderNumber",
    "senderInstitution",
    "receiverType",
    "receiverNumber",
    "receiverInstitution",
    "senderName",
    "recipientName",
    "amount",
  ];
  const out: Partial<Record<TransferField, string>> = {};
  for (const field of order) {
    const fault = faults[field];
    if (fault) out[field] = faultMessage(t, field, fault);
  }
  return out;
}
