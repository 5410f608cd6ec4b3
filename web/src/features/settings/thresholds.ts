import { RULE_KEYS } from "@/features/settings/types";
import type { RuleKey, Thresholds } from "@/features/settings/types";

/** How a threshold is entered and shown. */
export type FieldKind = "usd" | "shs" | "count" | "minutes" | "percent" | "weight" | "score";

/** A form key: a threshold's JSON key, or "weights.<rule>" for a rule's weight. */
export type ThresholdKey = Exclude<keyof Thresholds, "weights"> | `weights.${RuleKey}`;

export interface ThresholdField {
  key: ThresholdKey;
  kind: FieldKind;
}

/** A field's name under amlSettings.fields, where keys hold no dots: "weights.velocity" → "weight_velocity". */
type FieldName<K> = K extends `weights.${infer Rule}` ? `weight_${Rule}` : K;

/** The i18n key of a field's label (typed, so a field without one fails the type check). */
export function fieldLabelKey(key: ThresholdKey) {
  return `amlSettings.fields.${key.replace("weights.", "weight_") as FieldName<ThresholdKey>}` as const;
}

export interface ThresholdGroup {
  /** A rule key, or "levels" for the score bands. */
  key: RuleKey | "levels";
  fields: ThresholdField[];
}

const weight = (rule: RuleKey): ThresholdField => ({ key: `weights.${rule}`, kind: "weight" });

/** The thresholds grouped by the rule they tune, in the order the screen shows them. */
export const THRESHOLD_GROUPS: ThresholdGroup[] = [
  {
    key: "large_value",
    fields: [
      { key: "largeValueUsd", kind: "usd" },
      { key: "largeValueShs", kind: "shs" },
      weight("large_value"),
    ],
  },
  {
    key: "structuring",
    fields: [
      { key: "structuringCount", kind: "count" },
      { key: "structuringWindowMinutes", kind: "minutes" },
      { key: "structuringFloorPct", kind: "percent" },
      weight("structuring"),
    ],
  },
  {
    key: "velocity",
    fields: [
      { key: "velocityCount", kind: "count" },
      { key: "velocityWindowMinutes", kind: "minutes" },
      weight("velocity"),
    ],
  },
  {
    key: "round_amount",
    fields: [
      { key: "roundUnitUsd", kind: "usd" },
      { key: "roundUnitShs", kind: "shs" },
      weight("round_amount"),
    ],
  },
  {
    key: "rapid_pass_through",
    fields: [
      { key: "passThroughWindowMinutes", kind: "minutes" },
      { key: "passThroughPct", kind: "percent" },
      { key: "passThroughMinUsd", kind: "usd" },
      weight("rapid_pass_through"),
    ],
  },
  {
    key: "offline_high_value",
    fields: [{ key: "offlineHighValueUsd", kind: "usd" }, weight("offline_high_value")],
  },
  {
    key: "new_wallet_volume",
    fields: [
      { key: "newWalletAgeMinutes", kind: "minutes" },
      { key: "newWalletVolumeUsd", kind: "usd" },
      weight("new_wallet_volume"),
    ],
  },
  {
    key: "levels",
    fields: [
      { key: "mediumAt", kind: "score" },
      { key: "highAt", kind: "score" },
      { key: "criticalAt", kind: "score" },
    ],
  },
];

/** Every form key. */
export const THRESHOLD_KEYS: ThresholdKey[] = THRESHOLD_GROUPS.flatMap((g) => g.fields.map((f) => f.key));

const MONEY_KINDS: FieldKind[] = ["usd", "shs"];
const fieldKind = new Map(THRESHOLD_GROUPS.flatMap((g) => g.fields.map((f) => [f.key, f.kind] as const)));

/** The form's values: one string per input, keyed as THRESHOLD_KEYS. */
export type ThresholdForm = Record<string, string>;

/** Thresholds → the form's strings (money kept exactly as the server's decimal strings). */
export function toForm(th: Thresholds): ThresholdForm {
  const form: ThresholdForm = {};
  for (const key of THRESHOLD_KEYS) {
    if (key.startsWith("weights.")) {
      const w = th.weights?.[key.slice("weights.".length)];
      form[key] = w === undefined || w === null ? "" : String(w);
    } else {
      const v = (th as unknown as Record<string, unknown>)[key];
      form[key] = v === undefined || v === null ? "" : String(v);
    }
  }
  return form;
}

/** Whole numbers only (the server's integer fields); anything else is sent as NaN-free null → refused locally. */
function toInt(value: string): number | null {
  const v = value.trim();
  if (!/^-?\d+$/.test(v)) return null;
  return Number.parseInt(v, 10);
}

/**
 * A decimal amount as the server parses it (testdata/amounts.json): digits without a leading zero,
 * optionally a point and one or two decimals.
 */
export function isAmount(value: string): boolean {
  return /^(0|[1-9]\d*)(\.\d{1,2})?$/.test(value.trim());
}

/** "010.5" → "10.50": compares amounts exactly, without floats. */
export function canonicalAmount(value: string): string {
  const [int = "0", frac = ""] = value.trim().split(".");
  return `${int.replace(/^0+(?=\d)/, "")}.${(frac + "00").slice(0, 2)}`;
}

/**
 * The form → the JSON body's thresholds, plus local errors (as i18n keys) for values that are not
 * even numbers. Range rules are the server's; its messages come back per field.
 */
export function fromForm(form: ThresholdForm): { thresholds: Thresholds; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const out: Record<string, unknown> = {};
  const weights: Record<string, number> = {};
  for (const key of THRESHOLD_KEYS) {
    const raw = form[key] ?? "";
    const kind = fieldKind.get(key)!;
    if (MONEY_KINDS.includes(kind)) {
      if (!isAmount(raw)) errors[key] = "amlSettings.errors.amount";
      out[key] = raw.trim();
      continue;
    }
    const n = toInt(raw);
    if (n === null) errors[key] = "amlSettings.errors.whole";
    if (key.startsWith("weights.")) weights[key.slice("weights.".length)] = n ?? 0;
    else out[key] = n ?? 0;
  }
  out.weights = weights;
  return { thresholds: out as unknown as Thresholds, errors };
}

/**
 * The server's field keys → the form's. Its range checks name some fields differently from the
 * JSON ("largeValueUSD", "structuringWindow"); both spellings land on the right input.
 */
export function normalizeFieldKey(key: string): string {
  const currency = key.match(/^(largeValue|roundUnit)(USD|SHS)$/);
  if (currency) return `${currency[1]}${currency[2] === "USD" ? "Usd" : "Shs"}`;
  if (/^(structuringWindow|velocityWindow|passThroughWindow|newWalletAge)$/.test(key)) return `${key}Minutes`;
  if (key.startsWith("thresholds.")) return normalizeFieldKey(key.slice("thresholds.".length));
  return key;
}

/** Maps every server field message onto form keys ("levels" stays: it belongs to the score bands). */
export function serverFieldErrors(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) out[normalizeFieldKey(k)] = v;
  return out;
}

/** The keys whose value differs between two forms (what a proposal changes). */
export function changedKeys(before: ThresholdForm, after: ThresholdForm): string[] {
  return THRESHOLD_KEYS.filter((k) => {
    const a = (before[k] ?? "").trim();
    const b = (after[k] ?? "").trim();
    if (a === b) return false;
    const kind = fieldKind.get(k)!;
    if (MONEY_KINDS.includes(kind) && isAmount(a) && isAmount(b)) return canonicalAmount(a) !== canonicalAmount(b);
    return true;
  });
}

export { RULE_KEYS };
