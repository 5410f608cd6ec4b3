/**
 * The query keys of reads that several features show or change: a feature that changes one
 * refreshes the others' screens with these. A feature's own reads have their keys in its api.ts.
 * The first element is the read's path, so invalidating a key refreshes every read under it.
 */
export const sharedKeys = {
  /** The signed-in user (GET /api/auth/user): the session, the profile, the guest units. */
  authUser: ["/api/auth/user"] as const,
  /** The dashboard's figures (GET /api/metrics). */
  metrics: ["/api/metrics"] as const,
  /** The registry of one kind of institution (GET /api/psps, /api/mnos, /api/banks): lists, pickers, one's own entry. */
  institutions: (kind: "psp" | "mno" | "bank") => [`/api/${kind}s`] as const,
  /** The institutions a transfer may be sent between. */
  transferInstitutions: ["/api/transfer/institutions"] as const,
  /** Every read of transactions: the search, the recent ones, one transaction's detail. */
  transactions: ["/api/transactions"] as const,
  /** Every read of alerts: the queue, its counts, the dashboard panel, one alert. */
  alerts: ["/api/alerts"] as const,
  /** Every read of KYC applications: the queue, its counts, a citizen's own. */
  kycApplications: ["/api/kyc-applications"] as const,
  /** Every read of licence applications: the review list, its counts, an applicant's own. */
  institutionApplications: ["/api/institution-applications"] as const,
};
