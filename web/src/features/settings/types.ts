import type { CurrentUser } from "@/api/types";

/** A row of GET /api/users (cbsl_admin). */
export interface Account extends CurrentUser {
  username?: string | null;
  isActive: boolean;
  createdAt: string;
  /** The administrator who created the account through the portal, if one did. */
  createdBy?: string | null;
  /** The role a proposal waiting for a second administrator would give it. */
  pendingRole?: string | null;
}

/** A row of GET /api/profile/sessions. */
export interface SessionInfo {
  id: string;
  ipAddress: string;
  userAgent: string;
  createdAt: string;
  expiresAt: string;
  current: boolean;
}

/** One of my API tokens (GET /api/profile/tokens); the token itself is never shown again. */
export interface TokenInfo {
  id: string;
  /** The browser session the same sign-in started, as SessionInfo.id names it. */
  sessionId: string | null;
  ipAddress: string;
  userAgent: string;
  issuedAt: string;
  expiresAt: string;
  revokedAt: string | null;
  status: "active" | "revoked" | "expired";
  /** The token this request was made with (never, from the web app's cookie session). */
  current: boolean;
}

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
export interface Thresholds {
  largeValueUsd: string;
  largeValueShs: string;
  structuringCount: number;
  structuringWindowMinutes: number;
  structuringFloorPct: number;
  velocityCount: number;
  velocityWindowMinutes: number;
  roundUnitUsd: string;
  roundUnitShs: string;
  passThroughWindowMinutes: number;
  passThroughPct: number;
  passThroughMinUsd: string;
  offlineHighValueUsd: string;
  newWalletAgeMinutes: number;
  newWalletVolumeUsd: string;
  weights: Record<string, number>;
  mediumAt: number;
  highAt: number;
  criticalAt: number;
}

export type RuleSetStatus = "proposed" | "active" | "rejected" | "superseded";

export interface RuleSet {
  version: number;
  status: RuleSetStatus | string;
  thresholds: Thresholds;
  note: string | null;
  proposedBy: string | null;
  proposedAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
  decisionNote: string | null;
}

/** GET /api/settings/aml. */
export interface AmlSettings {
  active: RuleSet;
  versions: RuleSet[];
}

export interface LevelCounts {
  low?: number;
  medium?: number;
  high?: number;
}

/** GET /api/settings/aml/proposals/{version}/backtest. */
export interface Backtest {
  days: number;
  transactions: number;
  currentVersion: number;
  proposedVersion: number;
  current: LevelCounts;
  proposed: LevelCounts;
  highRiskCurrent: number;
  highRiskProposed: number;
}
