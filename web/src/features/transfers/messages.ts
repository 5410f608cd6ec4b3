import type { TFunction } from "i18next";
import type { FieldFault, FieldFaults, TransferField } from "@/features/transfers/engine";

const PARTY_FIELDS: TransferField[] = ["senderNumber", "receiverNumber", "senderInstitution", "receiverInstitution"];

/**
 * A validation fault in the interface language. In English it is exactly the
 * server's message (prefixed "Sender Number: ..." and so on), which a test
 * checks against the shared vectors.
 */
export function faultMessage(t: TFunction, field: TransferField, fault: FieldFault): string {
  const p = fault.params ?? {};
  if (fault.code === "accountType") return t("transfers.errors.accountType", { label: t(`transfers.prefix.${field}`) });
  const params = {
    ...p,
    mode: p.mode ? t(`transfers.modeWord.${p.mode}`) : "",
    status: p.status ? t(`transfers.licenceWord.${p.status}`, { defaultValue: p.status }) : "",
  };
  const text = t(`transfers.errors.${fault.code}`, params);
  return PARTY_FIELDS.includes(field) ? `${t(`transfers.prefix.${field}`)}: ${text}` : text;
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
    "amount",
  ];
  const out: Partial<Record<TransferField, string>> = {};
  for (const field of order) {
    const fault = faults[field];
    if (fault) out[field] = faultMessage(t, field, fault);
  }
  return out;
}
