/** One aligned pair of normalised name parts (sanctions.TokenMatch). */
export interface TokenMatch {
  query: string;
  entry: string;
  similarity: number;
}

/** The matcher's explanation of a candidate (sanctions.Match). */
export interface Explanation {
  ref: string;
  entryName: string;
  alias: string;
  aliasQuality: string;
  score: number;
  tokens: TokenMatch[] | null;
  reasons: string[] | null;
  strength: "strong" | "possible";
}

/** One review item of GET /api/sanctions/matches. */
export interface SanctionsMatch {
  id: string;
  subjectType: "transaction" | "kyc" | "application";
  subjectId: string;
  subjectRef: string;
  subjectStatus: string;
  institutionId: string;
  party: string;
  screenedName: string;
  ref: string;
  entryName: string;
  alias: string;
  score: number;
  strength: "strong" | "possible";
  explanation: Explanation;
  held: boolean;
  alertId: string;
  status: "open" | "confirmed" | "false_positive";
  reason: string;
  decidedAt: string | null;
  createdAt: string;
}

/** One import of a list (GET /api/sanctions/versions). */
export interface SanctionsVersion {
  id: string;
  list: "un" | "domestic";
  version: number;
  fileName: string;
  entries: number;
  added: number;
  changed: number;
  removed: number;
  importedBy: string;
  importedAt: string;
  inForce: boolean;
}

export interface SanctionsChange {
  ref: string;
  change: "added" | "changed" | "removed";
  name: string;
}

export interface SanctionsVersionDetail extends SanctionsVersion {
  changes: SanctionsChange[];
}

export interface SanctionsSearchResult {
  name: string;
  tokens: string[];
  candidates: Explanation[];
}

/** The matcher's reasons the page can say (anything else is shown as written). */
export const KNOWN_REASONS = [
  "order_swapped",
  "missing_part",
  "conflicting_part",
  "low_quality_alias",
  "arabic_script",
  "dob_match",
  "dob_year_match",
  "dob_close",
  "dob_mismatch",
  "nationality_match",
  "nationality_mismatch",
] as const;
