import type { TFunction } from "i18next";
import type { Alert, AlertParams } from "@/api/types";
import { formatMoney } from "@/lib/money";
import { formatDuration } from "@/lib/duration";
import { formatNumber, formatPercent } from "@/lib/format";

/** i18next's t, as the components and the real-time handler have it. */
export type Translate = TFunction;

/**
 * The fact each AML rule's sentence needs: an alert raised before alerts had codes keeps only its
 * rules' codes, and such a rule is said by its name alone (alertText.rulePlain).
 */
const RULE_FACT = {
  large_value: "thresholdMinor",
  structuring: "count",
  velocity: "count",
  round_amount: "thresholdMinor",
  rapid_pass_through: "receivedMinor",
  offline_high_value: "thresholdMinor",
  new_wallet_volume: "windowSeconds",
} as const satisfies Record<string, keyof AlertParams>;

/** An AML rule this build can put into words. */
type RuleCode = keyof typeof RULE_FACT;

function isRuleCode(code: string | null | undefined): code is RuleCode {
  return typeof code === "string" && Object.hasOwn(RULE_FACT, code);
}

const SANCTIONS_MATCH = "sanctions_match";

/** A span in seconds as a person says it: "15 minutes", "24 hours", "3 days". */
function durationText(seconds: number): string {
  return formatDuration(seconds * 1000);
}

function money(minor: number | undefined, currency: string | undefined): string {
  return formatMoney(minor ?? 0, currency ?? "");
}

/** A new wallet by its age: "a wallet first seen 3 hours before", "a wallet never seen before". */
function walletText(p: AlertParams, t: Translate): string {
  if (p.windowSeconds === undefined) return t("alertText.wallet.new");
  if (p.ageSeconds === undefined || p.ageSeconds === null) return t("alertText.wallet.never");
  return t("alertText.wallet.age", { age: durationText(p.ageSeconds) });
}

/** One AML rule's evidence as a sentence in the reader's language; "" for a code it does not know. */
export function ruleSentence(code: string, p: AlertParams, t: Translate): string {
  if (!isRuleCode(code)) return "";
  const fact = RULE_FACT[code];
  if (p[fact] === undefined) return t("alertText.rulePlain", { rule: t(`amlSettings.rules.${code}.title`) });
  return t(`alertText.rule.${code}`, {
    amount: money(p.amountMinor, p.currency),
    threshold: money(p.thresholdMinor, p.currency),
    received: money(p.receivedMinor, p.currency),
    n: formatNumber(p.count ?? 0),
    count: p.count ?? 0,
    percent: formatPercent(p.percent ?? 0),
    window: durationText(p.windowSeconds ?? 0),
    mode: t(`alertText.mode.${p.mode === "ussd" ? "ussd" : "offline"}`),
    wallet: walletText(p, t),
  });
}

type AlertWords = Pick<Alert, "title" | "description" | "message"> & Partial<Pick<Alert, "code" | "params">>;

/**
 * An alert's title in the reader's language, from its code and params: "Large transfer:
 * 14,791.00 USD from a wallet first seen 3 hours before". A system notice (no code) and a code
 * this build does not know keep the server's title.
 */
export function alertTitle(alert: AlertWords, t: Translate): string {
  const code = alert.code;
  const p = alert.params ?? {};
  if (code === SANCTIONS_MATCH) return t("alertText.title.sanctions_match", { names: (p.names ?? []).join(", ") });
  if (!isRuleCode(code)) return alert.title || t("realtime.alertTitle");
  const amount = money(p.amountMinor, p.currency);
  const lead = p.rules?.[0]?.params ?? {};
  let title =
    code === "velocity" && lead.count !== undefined
      ? t("alertText.title.velocity", { n: formatNumber(lead.count), count: lead.count, window: durationText(lead.windowSeconds ?? 0) })
      : t(`alertText.title.${code === "velocity" ? "velocityPlain" : code}`, { amount });
  const wallet = p.rules?.find((r) => r.code === "new_wallet_volume");
  if (wallet && code !== "new_wallet_volume") {
    title = t("alertText.title.fromWallet", { title, wallet: walletText(wallet.params ?? {}, t) });
  }
  return title;
}

/**
 * An alert's description in the reader's language: one sentence per rule that fired, the
 * leading rule first. Without a code, or with nothing it can say, the server's text.
 */
export function alertDescription(alert: AlertWords, t: Translate): string {
  const p = alert.params ?? {};
  const server = alert.description ?? alert.message ?? "";
  if (alert.code === SANCTIONS_MATCH) {
    return t("alertText.sanctions", { alias: p.alias ?? "", ref: p.ref ?? "", score: formatNumber(p.score ?? 0) });
  }
  if (!isRuleCode(alert.code)) return server;
  const sentences = (p.rules ?? []).map((r) => ruleSentence(r.code, r.params ?? {}, t)).filter(Boolean);
  return sentences.length > 0 ? sentences.join(" ") : server;
}

/**
 * Why a transaction did not complete, from its log row's reason: held for AML review (with the
 * score and the rules), held by sanctions screening, or the failure its institution reported. A reason this build does not
 * know is shown by its code.
 */
export function reasonText(code: string, p: AlertParams | null | undefined, t: Translate): string {
  if (code === "aml_hold") {
    const rules = (p?.rules ?? []).map((r) => t(`amlSettings.rules.${r.code}.title`, { defaultValue: r.code }));
    const score = formatNumber(p?.score ?? 0);
    return rules.length > 0 ? t("alertText.reason.aml_holdRules", { score, rules: rules.join(", ") }) : t("alertText.reason.aml_hold", { score });
  }
  return t(`alertText.reason.${code}`, { defaultValue: t("alertText.reason.unknown", { code }) });
}
