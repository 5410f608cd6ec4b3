import { activeLocale } from "@/lib/format";
import { minorToDecimal, parseAmount } from "@/features/transfers/engine";

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
