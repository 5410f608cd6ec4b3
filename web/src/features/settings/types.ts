import type { components } from "@/api/schema";
import type { Narrow } from "@/api/types";

type S = components["schemas"];

/** A row of GET /api/users (cbsl_admin): createdBy is the administrator who created the account
 * through the portal, pendingRole the role a proposal waiting for a second administrator would give. */
export type Account = S["Account"];

/** An API key as GET /api/api-keys lists it (docs/API.md, API keys); `key` only when created. */
export type ApiKey = S["ApiKey"];

/** One of my API tokens (GET /api/profile/tokens); the token itself is never shown again. sessionId
 * is the browser session the same sign-in started; current, the token this request was made with. */
export type TokenInfo = Narrow<S["Token"], { status: "active" | "revoked" | "expired" }>;

/** The AML rules' weight keys, in the order the settings screen shows them. */
export const RULE_KEYS = [
  "large_value",
  "structuring",
  "velocity",
  "round_amount",
  "rapid_pass_through",
  "offline_high_value",
  "new_wallet_volume",
] as const;
export type RuleKey = (typeof RULE_KEYS)[number];

/** Thresholds as the API sends them: money as decimal strings, windows in minutes. */
export type Thresholds = S["Thresholds"];

export type RuleSetStatus = "proposed" | "active" | "rejected" | "superseded";

export type RuleSet = S["RuleSet"];

/** Transactions per risk level ("low", "medium", "high"). */
export type LevelCounts = Partial<Record<"low" | "medium" | "high", number>>;

/** GET /api/settings/aml/proposals/{version}/backtest. */
export type Backtest = S["Backtest"];
