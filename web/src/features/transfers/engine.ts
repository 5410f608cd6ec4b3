/**
 * The transfer engine of spec 001 §5 and §9, mirrored from the server's
 * internal/domain/transfer.go and tested against the same vectors
 * (testdata/transfers.json), so the browser and the server never disagree.
 * Money is integer minor units (cents, SHS cents) throughout: never a float.
 */
import type { components } from "@/api/schema";
import type { Narrow, TransferMode } from "@/api/types";

import { MAX_AMOUNT } from "@/lib/money";

/** The two currencies of the payment system. */
export type Currency = "SHS" | "USD";
/** A party's account type; two of them make the flow type. */
export type AccountType = "wallet" | "bank";
/** Flow types derived from the sender's and receiver's account types. */
export type FlowType = "P2P" | "P2B" | "B2P" | "B2B";

export const MODES: readonly TransferMode[] = ["online", "offline"];
export const CURRENCIES: readonly Currency[] = ["SHS", "USD"];
export const ACCOUNT_TYPES: readonly AccountType[] = ["wallet", "bank"];

/**
 * A wallet operator or bank of the licence registry, as GET /api/transfer/institutions answers
 * it (domain.TransferInstitution on the server). The engine holds no list of its own: the form
 * passes the registry's institutions in, so a licence change reaches the form at its next read.
 * ussdCode and numberPrefixes (such as "+252 65") are a wallet operator's, accountPrefix (such as
 * "DBI-") a bank's routing prefix; only licenseStatus "active" may move money (the API answers
 * only those; the shared vectors have others).
 */
export type TransferInstitution = Narrow<
  components["schemas"]["TransferInstitution"],
  { type: AccountType; modes: readonly TransferMode[]; numberPrefixes?: readonly string[] }
>;

/** Conversion rate the specification fixes (150 USD = 1,725,000 SHS). */
export const SHS_PER_USD = 11_500;

/** Finds the registry's institution of an account type by name, ignoring case (the first of a name). */
export function findInstitution(
  institutions: readonly TransferInstitution[],
  type: string,
  name: string,
): TransferInstitution | undefined {
  const n = name.toLowerCase();
  return institutions.find((i) => i.type === type && i.name.toLowerCase() === n);
}

/** Institutions of an account type that serve a mode (the institution select offers only these). */
export function institutionsFor(
  institutions: readonly TransferInstitution[],
  type: string,
  mode: string,
): TransferInstitution[] {
  return institutions.filter(
    (i) => i.type === type && (mode === "online" || mode === "offline" ? i.modes.includes(mode) : true),
  );
}

/** The prefix a party's number takes: a wallet operator's number prefixes or a bank's account prefix. */
export function prefixOf(institution: TransferInstitution | undefined): string {
  if (!institution) return "";
  return institution.type === "bank" ? (institution.accountPrefix ?? "") : (institution.numberPrefixes ?? []).join(", ");
}

/** The USSD code auto-filled when a wallet operator is chosen in offline mode, else "". */
export function ussdCodeFor(
  institutions: readonly TransferInstitution[],
  mode: string,
  senderType: string,
  institution: string,
): string {
  if (mode !== "offline" || senderType !== "wallet") return "";
  return findInstitution(institutions, "wallet", institution)?.ussdCode ?? "";
}

const WALLET_PATTERN = /^(\d{7}|\+252 ?(\d{2}) ?\d{7}|G\d{7})$/;
const BANK_PATTERN = /^\d{5}$/;

/** Whether number has the shape its account type takes (the prefix is checked on submission). */
export function numberComplete(type: string, number: string): boolean {
  const n = number.trim();
  return type === "bank" ? BANK_PATTERN.test(n) : type === "wallet" && WALLET_PATTERN.test(n);
}
/**
 * A plain decimal number as the server reads it (testdata/amounts.json): digits without a leading
 * zero (a lone 0 before the point is fine), optionally a point and one or two digits; no sign,
 * spaces, exponent or separators.
 */
const PLAIN_AMOUNT = /^(0|[1-9][0-9]*)(\.[0-9]{1,2})?$/;

/**
 * The server's rule for a transfer's amount (CheckAmount in internal/domain/amount.go): a plain
 * decimal number from 0.01 to 100000000000.00, or the fault that says why not.
 */
export function checkAmount(text: string): { amount: number } | { fault: FieldFault } {
  const unsigned = text.startsWith("-") ? text.slice(1) : text;
  if (!PLAIN_AMOUNT.test(unsigned)) return { fault: { code: "amountFormat" } };
  if (text.startsWith("-")) return { fault: { code: "amount" } };
  const [whole = "", frac = ""] = unsigned.split(".");
  const minor = BigInt(whole) * 100n + BigInt((frac + "00").slice(0, 2));
  if (minor < 1n) return { fault: { code: "amount" } };
  if (minor > MAX_AMOUNT) return { fault: { code: "amountTooLarge" } };
  return { amount: Number(minor) };
}

/** Converts minor units of a currency to USD minor units, rounding half up. */
export function usdMinor(amount: number, currency: Currency): number {
  if (currency === "USD") return amount;
  return Math.floor((amount + SHS_PER_USD / 2) / SHS_PER_USD);
}

/** P2P, P2B, B2P or B2B from the two account types. */
export function flowTypeOf(senderType: string, receiverType: string): FlowType {
  const letter = (t: string) => (t === "bank" ? "B" : "P");
  return `${letter(senderType)}2${letter(receiverType)}` as FlowType;
}

/** A payment route option (001 §3, §9); limits and fee are in US dollars. */
export interface RouteOption {
  id: string;
  name: string;
  flowType: FlowType;
  routingCode: string;
  fee: number;
  processingTime: string;
  supportedModes: readonly TransferMode[];
  minAmount: number;
  maxAmount: number;
  offlineLimit?: number;
  dailyLimit: number;
  score: number;
}

/** The sample routes of 001 §9 (fixed client data, the same as the server's). */
export const ROUTES: readonly RouteOption[] = [
  { id: "p2p-internal", name: "P2P internal", flowType: "P2P", routingCode: "NPSS-P2P-INT", fee: 2, processingTime: "instant", supportedModes: ["online", "offline"], minAmount: 0, maxAmount: 50_000, offlineLimit: 10_000, dailyLimit: 200_000, score: 95 },
  { id: "p2p-cross", name: "P2P cross-operator", flowType: "P2P", routingCode: "NPSS-P2P-XOP", fee: 5, processingTime: "under 30 s", supportedModes: ["online"], minAmount: 0, maxAmount: 100_000, dailyLimit: 500_000, score: 85 },
  { id: "p2b-direct", name: "P2B direct", flowType: "P2B", routingCode: "NPSS-P2B-DIR", fee: 15, processingTime: "under 2 min", supportedModes: ["online"], minAmount: 10, maxAmount: 200_000, dailyLimit: 1_000_000, score: 88 },
  { id: "b2p-direct", name: "B2P direct", flowType: "B2P", routingCode: "NPSS-B2P-DIR", fee: 12, processingTime: "under 2 min", supportedModes: ["online"], minAmount: 10, maxAmount: 300_000, dailyLimit: 1_500_000, score: 90 },
  { id: "b2b-swift", name: "B2B SWIFT", flowType: "B2B", routingCode: "SWIFT-B2B", fee: 25, processingTime: "1–2 h", supportedModes: ["online"], minAmount: 100, maxAmount: 10_000_000, dailyLimit: 50_000_000, score: 95 },
  { id: "b2b-clearing", name: "B2B clearing house", flowType: "B2B", routingCode: "NPSS-B2B-ACH", fee: 30, processingTime: "next batch", supportedModes: ["online", "offline"], minAmount: 500, maxAmount: 50_000_000, dailyLimit: 200_000_000, score: 92 },
];

/**
 * Routes for a flow type that support the mode and the amount (USD minor
 * units), best score first; offline transfers also stay within a route's
 * offline limit.
 */
export function selectRoutes(flowType: string, mode: string, usd: number): RouteOption[] {
  return ROUTES.filter((r) => {
    if (r.flowType !== flowType || !(r.supportedModes as readonly string[]).includes(mode)) return false;
    if (usd < r.minAmount * 100 || usd > r.maxAmount * 100) return false;
    if (mode === "offline" && r.offlineLimit && usd > r.offlineLimit * 100) return false;
    return true;
  }).sort((a, b) => b.score - a.score);
}

/** Score colour band: 90 and above green, 75 and above yellow, otherwise red. */
export function scoreBand(score: number): "green" | "yellow" | "red" {
  if (score >= 90) return "green";
  if (score >= 75) return "yellow";
  return "red";
}

/** The mobile bridge's fees in minor units. */
export interface BridgeFees {
  processingFee: number;
  routingFee: number;
  settlementFee: number;
  totalFee: number;
}

/** Processing 0.1 % capped at 5, routing 0.50, settlement 0.25 (minor units). */
export function mobileBridgeFees(amount: number): BridgeFees {
  const processingFee = Math.min(Math.floor((amount + 500) / 1000), 500);
  const routingFee = 50;
  const settlementFee = 25;
  return { processingFee, routingFee, settlementFee, totalFee: processingFee + routingFee + settlementFee };
}

/** Network of a +252 number: 61–64 Telesom, 65–66 Somtel, 67–68 Hormuud; "" when unknown. */
export function networkOperator(number: string): string {
  const digits = number.trim().replace(/^\+252/, "").replaceAll(" ", "");
  switch (digits.slice(0, 2)) {
    case "61":
    case "62":
    case "63":
    case "64":
      return "Telesom";
    case "65":
    case "66":
      return "Somtel";
    case "67":
    case "68":
      return "Hormuud";
    default:
      return "";
  }
}

/** The fields of a transfer request the engine reads. */
export interface TransferInput {
  senderNumber: string;
  receiverNumber: string;
  amount: string;
  currency: string;
  mode: string;
  senderInstitution: string;
  receiverInstitution: string;
  senderType: string;
  receiverType: string;
}

/** Fields a validation error can attach to. */
export type TransferField =
  | "senderNumber"
  | "receiverNumber"
  | "senderInstitution"
  | "receiverInstitution"
  | "senderType"
  | "receiverType"
  | "currency"
  | "mode"
  | "amount"
  | "senderName"
  | "recipientName";

/**
 * One validation fault as a message code and its parameters, so the screen can
 * translate it; `englishMessage` gives the server's exact text.
 */
export interface FieldFault {
  code:
    | "required"
    | "walletFormat"
    | "bankFormat"
    | "unknownOperator"
    | "notLicensed"
    | "operatorMode"
    | "wrongPrefix"
    | "unknownBank"
    | "accountType"
    | "currency"
    | "mode"
    | "amount"
    | "amountFormat"
    | "amountTooLarge"
    | "noRoute"
    | "nameTooLong";
  params?: Record<string, string>;
}

export type FieldFaults = Partial<Record<TransferField, FieldFault>>;

/**
 * Everything the engine computes for a valid transfer. Not its fee: the server quotes it
 * (quote.ts), so that the form shows the fee the transfer is charged.
 */
export interface ComputedTransfer {
  amount: number;
  currency: Currency;
  flowType: FlowType;
  settlementMode: "real-time" | "batch";
  ussdCode: string;
  routes: RouteOption[];
  route: RouteOption;
  bridgeFees: BridgeFees;
}

export type ValidationResult = { ok: true; transfer: ComputedTransfer } | { ok: false; faults: FieldFaults };

/** English labels that prefix party messages (the server's prefixes). */
const FIELD_LABELS: Partial<Record<TransferField, string>> = {
  senderNumber: "Sender Number",
  receiverNumber: "Receiver Number",
  senderInstitution: "Sender Institution",
  receiverInstitution: "Receiver Institution",
  senderType: "Sender type",
  receiverType: "Receiver type",
};

/** The server's English message for a fault on a field. */
export function englishMessage(field: TransferField, fault: FieldFault): string {
  const label = FIELD_LABELS[field] ?? field;
  const p = fault.params ?? {};
  switch (fault.code) {
    case "required":
      return `${label}: required`;
    case "walletFormat":
      return `${label}: Invalid wallet format. Use 1234567, +252 65 1234567, or G1234567`;
    case "bankFormat":
      return `${label}: Invalid bank account format. Use exactly 5 digits (e.g., 12345)`;
    case "unknownOperator":
      return `${label}: unknown wallet operator ${p.name}`;
    case "notLicensed":
      return `${label}: ${p.name} may not move money: its licence is ${p.status}`;
    case "operatorMode":
      return `${label}: ${p.operator} is available ${p.mode} only`;
    case "wrongPrefix":
      return `${label}: +252 ${p.digits} is not a ${p.operator} number (${p.prefix})`;
    case "unknownBank":
      return `${label}: unknown bank ${p.name}`;
    case "accountType":
      return `${label} must be wallet or bank`;
    case "currency":
      return "Currency must be SHS or USD";
    case "mode":
      return "Mode must be online or offline";
    case "amount":
      return "Amount must be greater than 0";
    case "amountFormat":
      return "Enter the amount as a plain number with at most two decimals, such as 250 or 99.50";
    case "amountTooLarge":
      return "Amount must not be above 100000000000.00";
    case "noRoute":
      return `No route supports this amount in ${p.mode} mode`;
    case "nameTooLong":
      return `A name may have at most ${p.max} characters`;
  }
}

function checkParty(
  faults: FieldFaults,
  institutions: readonly TransferInstitution[],
  numKey: "senderNumber" | "receiverNumber",
  instKey: "senderInstitution" | "receiverInstitution",
  number: string,
  type: string,
  inst: string,
  mode: string,
): void {
  if (number === "") faults[numKey] = { code: "required" };
  if (inst.trim() === "") {
    faults[instKey] = { code: "required" };
    if (number !== "" && type === "wallet" && !WALLET_PATTERN.test(number)) faults[numKey] = { code: "walletFormat" };
    return;
  }
  if (type !== "wallet" && type !== "bank") return;
  const found = findInstitution(institutions, type, inst);
  if (!found) {
    faults[instKey] = { code: type === "wallet" ? "unknownOperator" : "unknownBank", params: { name: inst } };
    return;
  }
  if (found.licenseStatus !== "active") {
    faults[instKey] = { code: "notLicensed", params: { name: found.name, status: found.licenseStatus } };
    return;
  }
  if ((mode === "online" || mode === "offline") && !found.modes.includes(mode)) {
    faults[instKey] = { code: "operatorMode", params: { operator: found.name, mode: found.modes.join(" and ") } };
  }
  if (type === "bank") {
    if (number !== "" && !BANK_PATTERN.test(number)) faults[numKey] = { code: "bankFormat" };
    return;
  }
  if (number === "") return;
  const m = WALLET_PATTERN.exec(number);
  if (!m) {
    faults[numKey] = { code: "walletFormat" };
    return;
  }
  const digits = m[2];
  const prefixes = found.numberPrefixes ?? [];
  if (digits && !prefixes.includes(`+252 ${digits}`)) {
    faults[numKey] = { code: "wrongPrefix", params: { digits, operator: found.name, prefix: prefixes.join(", ") } };
  }
}

/**
 * The number field's example for the account type and the institution chosen: a wallet number
 * with that operator's own prefix (E-Dahab +252 64 …, not another operator's), a bank account's
 * five digits; before an operator is chosen, the first operator's prefix of the registry.
 */
export function numberExample(type: string, chosen: TransferInstitution | undefined, institutions: readonly TransferInstitution[]): string {
  if (type === "bank") return "12345";
  const prefix = chosen?.numberPrefixes?.[0] ?? institutions.find((i) => i.type === "wallet")?.numberPrefixes?.[0] ?? "+252 65";
  return `${prefix} 1234567`;
}


/**
 * The most a party's name may hold. The server counts UTF-8 bytes (domain.NewTransfer), so the
 * form counts them too: a name it accepts is never refused after the confirmation.
 */
export const MAX_NAME_BYTES = 200;

/** The fault of a party's name, if it is too long; an empty name is allowed (names are optional). */
export function nameFault(name: string): FieldFault | undefined {
  return new TextEncoder().encode(name.trim()).length > MAX_NAME_BYTES
    ? { code: "nameTooLong", params: { max: String(MAX_NAME_BYTES) } }
    : undefined;
}
/**
 * Validates a transfer exactly as the server does (every fault at once) against
 * the registry's institutions and computes fee, total, flow type, settlement,
 * USSD code and routes.
 */
export function validateTransfer(input: TransferInput, institutions: readonly TransferInstitution[]): ValidationResult {
  const faults: FieldFaults = {};
  const senderNumber = input.senderNumber.trim();
  const receiverNumber = input.receiverNumber.trim();
  const senderType = input.senderType || "wallet";
  const receiverType = input.receiverType || "wallet";
  if (senderType !== "wallet" && senderType !== "bank") faults.senderType = { code: "accountType" };
  if (receiverType !== "wallet" && receiverType !== "bank") faults.receiverType = { code: "accountType" };
  if (input.currency !== "SHS" && input.currency !== "USD") faults.currency = { code: "currency" };
  if (input.mode !== "online" && input.mode !== "offline") faults.mode = { code: "mode" };
  const checked = checkAmount(input.amount);
  const amount = "amount" in checked ? checked.amount : null;
  if ("fault" in checked) faults.amount = checked.fault;
  checkParty(faults, institutions, "senderNumber", "senderInstitution", senderNumber, senderType, input.senderInstitution, input.mode);
  checkParty(faults, institutions, "receiverNumber", "receiverInstitution", receiverNumber, receiverType, input.receiverInstitution, input.mode);
  if (Object.keys(faults).length > 0 || amount === null) return { ok: false, faults };

  const currency = input.currency as Currency;
  const mode = input.mode as TransferMode;
  const flowType = flowTypeOf(senderType, receiverType);
  const routes = selectRoutes(flowType, mode, usdMinor(amount, currency));
  const route = routes[0];
  if (!route) return { ok: false, faults: { amount: { code: "noRoute", params: { mode } } } };
  return {
    ok: true,
    transfer: {
      amount,
      currency,
      flowType,
      settlementMode: mode === "offline" ? "batch" : "real-time",
      ussdCode: ussdCodeFor(institutions, mode, senderType, input.senderInstitution),
      routes,
      route,
      bridgeFees: mobileBridgeFees(amount),
    },
  };
}

/**
 * Leading zeros are stripped from the amount input unless it begins with "0."
 * (001 §5); anything but digits and one decimal point is dropped.
 */
export function sanitizeAmountInput(raw: string): string {
  let v = raw.replace(/[^\d.]/g, "");
  const dot = v.indexOf(".");
  if (dot !== -1) v = v.slice(0, dot + 1) + v.slice(dot + 1).replaceAll(".", "");
  if (v.startsWith("0.")) return v;
  return v.replace(/^0+(?=\d)/, "");
}
