import { activeLocale } from "@/lib/format";

/** The largest single transfer the server accepts, in minor units. */
export const MAX_AMOUNT = 10_000_000_000_000n;

const DECIMAL_PATTERN = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/**
 * Reads a decimal amount with at most two significant decimal places into
 * minor units, exactly (string arithmetic, no floats). Returns null when the
 * text is not such a number or is out of range.
 */
export function parseAmount(text: string): number | null {
  const s = text.trim();
  if (s === "" || s.length > 20 || !DECIMAL_PATTERN.test(s)) return null;
  const negative = s.startsWith("-");
  const unsigned = s.replace(/^[+-]/, "");
  const [intPart = "", fracRaw = ""] = unsigned.split(".");
  const frac = fracRaw.replace(/0+$/, "");
  if (frac.length > 2) return null;
  const minor = BigInt(intPart || "0") * 100n + BigInt((frac + "00").slice(0, 2));
  const signed = negative ? -minor : minor;
  if (signed > MAX_AMOUNT) return null;
  return Number(signed);
}

/** Formats minor units as a plain decimal string with two places ("25051" → "250.51"). */
export function minorToDecimal(minor: number): string {
  const negative = minor < 0;
  const abs = BigInt(Math.abs(minor));
  const whole = abs / 100n;
  const cents = (abs % 100n).toString().padStart(2, "0");
  return `${negative ? "-" : ""}${whole}.${cents}`;
}

/** Decimal places shown per currency: 2 for USD, none for SHS (DESIGN "Money"). */
export function currencyDigits(currency: string): number {
  return currency === "SHS" ? 0 : 2;
}

/**
 * Formats an exact decimal string (or minor units) per the active language,
 * without going through a float: SHS is rounded half up to whole shillings in
 * integer arithmetic, and Intl receives the decimal as a string.
 */
export function formatAmount(
  value: string | number | null | undefined,
  currency: string,
  digits: number = currencyDigits(currency),
): string {
  const minor = typeof value === "number" ? value : parseAmount(value ?? "");
  if (minor === null) return value == null ? "—" : String(value);
  let decimal: string;
  if (digits === 0) {
    const whole = Math.sign(minor) * Math.floor((Math.abs(minor) + 50) / 100);
    decimal = String(whole);
  } else {
    decimal = minorToDecimal(minor);
  }
  return new Intl.NumberFormat(activeLocale(), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(decimal as unknown as number);
}

/** An amount followed by its currency code, e.g. "250.50 USD" or "397,908 SHS". */
export function formatMoney(value: string | number | null | undefined, currency: string, digits?: number): string {
  return `${formatAmount(value, currency, digits)} ${currency}`;
}
