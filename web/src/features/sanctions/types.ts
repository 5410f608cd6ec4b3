import type { components } from "@/api/schema";
import type { Narrow } from "@/api/types";

type S = components["schemas"];

export type MatchStrength = "strong" | "possible";

/** One aligned pair of normalised name parts (sanctions.TokenMatch). */
export type TokenMatch = S["TokenMatch"];

/** The matcher's explanation of a candidate (sanctions.Match). */
export type Explanation = Narrow<S["Match"], { strength: MatchStrength }>;

/** One review item of GET /api/sanctions/matches. */
export type SanctionsMatch = Narrow<
  S["SanctionsMatch"],
  {
    subjectType: "transaction" | "kyc" | "application";
    strength: MatchStrength;
    explanation: Explanation;
    status: "open" | "confirmed" | "false_positive";
  }
>;

/** One import of a list (GET /api/sanctions/versions). */
export type SanctionsVersion = Narrow<S["SanctionsVersion"], { list: "un" | "domestic" }>;

export type SanctionsChange = Narrow<S["SanctionsChange"], { change: "added" | "changed" | "removed" }>;

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

/** Whether the page has its own words for a matcher's reason (sanctions.reasons in en.json). */
export function isKnownReason(reason: string): reason is (typeof KNOWN_REASONS)[number] {
  return (KNOWN_REASONS as readonly string[]).includes(reason);
}
