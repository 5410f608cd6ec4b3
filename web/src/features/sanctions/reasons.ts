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
