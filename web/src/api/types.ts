import type { components } from "@/api/schema";

/** The API's types, generated from api/openapi.json into schema.d.ts (npm run gen:api). */
type S = components["schemas"];

/**
 * T with some properties narrowed to the values the server documents in words (a status's
 * values, or a list of narrowed items): every other generated property is kept as generated.
 */
export type Narrow<T, N extends { [K in keyof N]: K extends keyof T ? unknown : never }> = Omit<T, keyof N> & N;

/** The roles the API knows (user_role enum, spec 000 §3). */
export type UserRole = "cbsl_admin" | "cbsl_officer" | "psp_admin" | "mno_admin" | "citizen";

/** The signed-in user as GET /api/auth/user returns it. */
export type CurrentUser = S["User"];

/** A span of whole UTC days, both included, as every computed figure names what it covers. */
export type FigurePeriod = S["Period"];

/** A month's part of GET /api/metrics: transactions recorded, their value in USD (SHS converted). */
export type MonthFigures = S["Month"];

/**
 * GET /api/metrics, the dashboard's figures. The first four are the spec's (all time); month is
 * this month so far, previousMonth the same days of last month, and a trend is null when last
 * month has nothing to compare with. Fields may be absent from an older server.
 */
export type SummaryMetrics = S["SummaryMetrics"];

/** One currency's transactions of the public summary's period (decimal strings). */
export type CurrencyFigures = S["Currency"];

/** GET /api/public/summary: the landing page's figures, each with the period it covers. */
export type PublicSummary = S["PublicSummary"];

/** What is wrong with one field of a refused request (docs/API.md, Errors). */
export type ApiFieldError = S["FieldError"];

/** The error body every /api endpoint returns with a 4xx or 5xx (docs/API.md, Errors). */
export type ApiErrorBody = S["Error"];

/** Response of the token endpoints (register, login, guest-login). */
export type TokenResponse = S["TokenAnswer"];

/** Institution types the application form licenses (the story wizard also offers "bank"). */
export type InstitutionType = "psp" | "mno";

/** Application statuses (spec 000 §4). */
export type ApplicationStatus = "pending" | "under_review" | "approved" | "rejected";

/** An institution licence application as the API returns it. */
export type InstitutionApplication = S["Application"];

/** Body of POST /api/institution-applications: every field the form sends. */
export type ApplicationPayload = Required<S["ApplicationInputInput"]>;

/** Licence statuses of a registered institution. */
export type LicenseStatus = "active" | "suspended" | "revoked";

/** Licence actions a regulator may take. */
export type LicenseAction = "suspend" | "reinstate" | "revoke";

/** Transfer modes: online settles in real time, offline goes through USSD in batches. */
export type TransferMode = "online" | "offline";

/**
 * How the transfer engine routes through a wallet operator (a PSP) or a bank; no modes keeps it
 * out of the transfer form. The body of PATCH /api/{psps,banks}/{id}/routing too.
 */
export type Routing = Narrow<S["Routing"], { modes: TransferMode[] }>;

/** A row of GET /api/psps, GET /api/mnos or GET /api/banks. */
export type RegistryEntry = Narrow<S["Registry"], { proposal?: ComplianceProposal | null; routing?: Routing | null }>;

/** Compliance statuses a regulator may set. */
export type ComplianceStatus = "compliant" | "under_review" | "non_compliant";

/** A compliance status the system proposes from facts (GET /api/psps, /api/{psps,mnos}/{id}/compliance). */
export type ComplianceProposal = Narrow<S["Proposal"], { status: ComplianceStatus }>;

/** One change of an institution's compliance status. */
export type ComplianceChange = Narrow<S["ComplianceChange"], { to: ComplianceStatus; source: "manual" | "proposal" }>;

/** GET /api/{psps,mnos}/{id}/compliance. */
export type ComplianceDetail = Narrow<S["ComplianceDetail"], { proposal: ComplianceProposal | null }>;

/** A row of GET /api/public/register. */
export type PublicRegisterEntry = S["RegisterEntry"];

/**
 * The facts behind an alert, one of its rules or a transaction's reason (domain.AlertParams):
 * amounts in minor units of `currency`, windows and ages in seconds. A field a rule does not use
 * is absent; alerts raised before codes existed have only the amount and the rules' codes.
 */
export type AlertParams = S["AlertParams"];

/** An AML rule that fired on a transaction, with its weight, its facts and their English sentence. */
export type AmlRuleHit = S["RuleHit"];

/** A transaction as GET /api/transactions and /api/transactions/search return it (amounts are decimal strings). */
export type Transaction = S["Transaction"];

/** A row of a transaction's log. */
export type TransactionLogEntry = S["TransactionLog"];

/** GET /api/transactions/{id}: the transaction, the names of its PSP and MNO, and its log. */
export type TransactionDetail = S["TransactionDetail"];

/** A payment route as POST /api/transfer answers it. */
export type TransferRoute = S["Route"];

/** Body of POST /api/transfer (amount is a decimal string). */
export type TransferRequestBody = S["TransferRequestInput"];

/** Answer of POST /api/transfer (201); money in decimal strings, bridge fees in minor units. */
export type TransferResponse = S["TransferResponse"];

/** Alert kinds: AML alerts on transactions, system alerts addressed to users or roles. */
export type AlertKind = "aml" | "system";

/** Alert case statuses (001 §4); system alerts stay "open". */
export type AlertStatus = "open" | "investigating" | "resolved" | "false_positive";

/** An alert as GET /api/alerts returns it. */
export type Alert = S["Alert"];

/** GET /api/alerts/summary: the server's counts for the queue's filters. */
export type AlertSummary = Narrow<S["AlertSummary"], { byStatus: Record<AlertStatus, number> }>;

/** One step of an alert's case history. */
export type AlertHistoryEntry = S["AlertEvent"];

/** GET /api/alerts/{id}: the alert and its case history. */
export type AlertDetail = S["AlertDetail"];

/** KYC statuses (compliance_status enum). */
export type KycStatus = "under_review" | "pending" | "compliant" | "non_compliant";

/** KYC document types (001 §3). */
export type KycDocumentType = "passport" | "national_id" | "drivers_license";

/** Body of POST /api/kyc (001 §3): the form's fields (the PEP declaration is sent beside them). */
export type KycSubmission = Required<Omit<S["KYCInputInput"], "pep">>;

/** A KYC application as GET /api/kyc-applications returns it (ids masked for non-regulators). */
/** A KYC application's risk level, decided by the server at submission (docs/DECISIONS.md, "KYC risk"). */
export type KycRisk = "low" | "medium" | "high";

export type KycApplication = S["Kyc"];

/** GET /api/kyc-applications/summary: the KYC figures over every application in the reader's scope. */
export type KycSummary = Narrow<S["KycSummary"], { byStatus: Record<KycStatus, number> }>;

/** Compliance report types. */
export type ReportType = "monthly_transaction" | "aml_cft";

/** The figures the server computes for a report. */
export type ReportData = S["Report"]["reportData"];

/** A compliance report (001 §3). */
export type ComplianceReport = S["Report"];

/** Body of POST /api/compliance-reports. */
export type ReportPayload = Required<S["ReportInputInput"]>;

/** A scheduled compliance audit. */
export type ComplianceAudit = S["Audit"];

/** GET /health (001 §3): memory in bytes, uptime in seconds; 503 when unhealthy. */
export type HealthResponse = S["Health"];

/** GET /metrics-system (001 §3). errorRate is a percentage, averageResponseTime milliseconds. */
export type SystemMetricsResponse = S["SystemMetrics"];

export type MobileUserStatus = "pending" | "approved" | "suspended" | "revoked";

/** A mobile user (001 §3); nationalId comes masked. */
export type MobileUser = Narrow<S["MobileUser"], { status: MobileUserStatus }>;

export type AccessCodeStatus = "active" | "used" | "expired" | "revoked";

/** How a code was sent (null for codes issued before deliveries were recorded). */
export type AccessCodeDelivery = "both" | "sms" | "email";

/**
 * A one-time mobile access code. `code` is the code only in the generate answer; the server keeps
 * none of its characters, so lists show `code: null` and how and when it was delivered.
 */
export type AccessCode = Narrow<S["AccessCode"], { status: AccessCodeStatus; delivery: AccessCodeDelivery | null }>;

/** POST /api/admin/mobile-access/generate answer (201). */
export type GeneratedAccessCode = S["AccessCodeIssued"];

/** A notification outbox entry (GET /api/admin/notifications). */
export type OutboxNotification = S["Notification"];

/** How close a sanctions candidate is to a name (sanctions.Match strength). */
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

/** GET /api/sanctions/versions/{id}: a version and what it changed. */
export type SanctionsVersionDetail = Narrow<S["SanctionsVersionDetail"], { list: "un" | "domestic"; changes: SanctionsChange[] }>;

/** GET /api/sanctions/search: a regulator's manual check of a name. */
export type SanctionsSearchResult = Narrow<S["SanctionsSearchResult"], { candidates: Explanation[] }>;
