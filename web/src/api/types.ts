import type { components } from "@/api/schema";

/** The API's types, generated from api/openapi.json into schema.d.ts (npm run gen:api). */
type S = components["schemas"];

/**
 * T with some properties narrowed to the values the server documents in words (a status's
 * values): an intersection keeps every generated property and narrows these.
 */
type Narrow<T, N extends { [K in keyof N]: K extends keyof T ? unknown : never }> = T & N;

/** The roles the API knows (user_role enum, spec 000 §3). */
export type UserRole = "cbsl_admin" | "cbsl_officer" | "psp_admin" | "mno_admin" | "citizen";

/** The signed-in user as GET /api/auth/user returns it. */
export interface CurrentUser {
  id: string;
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  role?: UserRole | string | null;
  profileImageUrl?: string | null;
  isGuest?: boolean | null;
  guestUnitsRemaining?: number | null;
  /** The PSP or MNO id a psp_admin/mno_admin belongs to. */
  institution?: string | null;
  /** True after an administrator reset the password: every other API answers 403 until it is changed. */
  mustChangePassword?: boolean | null;
  /** Two-step verification (TOTP) is on: sign-in asks for a code after the password. */
  totpEnabled?: boolean | null;
  /** The server holds this regulator to setting up two-step verification (--require-totp). */
  mustEnrollTotp?: boolean | null;
  language?: "en" | "so" | string | null;
}

/** A span of whole UTC days, both included, as every computed figure names what it covers. */
export type FigurePeriod = S["Period"];

/** A month's part of GET /api/metrics: transactions recorded, their value in USD (SHS converted). */
export type MonthFigures = S["Month"];

/**
 * GET /api/metrics, the dashboard's figures. The first four are the spec's (all time); month is
 * this month so far, previousMonth the same days of last month, and a trend is null when last
 * month has nothing to compare with. Fields may be absent from an older server.
 */
export interface SummaryMetrics {
  totalTransactions?: number | null;
  transactionVolume?: string | null;
  activePsps?: number | null;
  complianceScore?: number | null;
  kycApplications?: number | null;
  kycCompliant?: number | null;
  month?: MonthFigures | null;
  previousMonth?: MonthFigures | null;
  trends?: { transactions: number | null; transactionVolume: number | null } | null;
}

/** One currency's transactions of the public summary's period (decimal strings). */
export type CurrencyFigures = S["Currency"];

/** GET /api/public/summary: the landing page's figures, each with the period it covers. */
export type PublicSummary = S["PublicSummary"];

/** What is wrong with one field of a refused request (docs/API.md, Errors). */
export interface ApiFieldError {
  code: string;
  message: string;
  params?: Record<string, string>;
}

/** The error body every /api endpoint returns with a 4xx or 5xx (docs/API.md, Errors). */
export interface ApiErrorBody {
  /** Stable machine code: the web app writes its message from it (api/errors.ts). */
  code?: string;
  /** The server's message, in the language of the answer's Content-Language. */
  message?: string;
  params?: Record<string, string>;
  fields?: Record<string, ApiFieldError>;
}

/** Response of the token endpoints (register, login, guest-login). */
export type TokenResponse = S["TokenAnswer"];

/** Institution types the application form licenses (the story wizard also offers "bank"). */
export type InstitutionType = "psp" | "mno";

/** Application statuses (spec 000 §4). */
export type ApplicationStatus = "pending" | "under_review" | "approved" | "rejected";

/** An institution licence application as the API returns it. */
export type InstitutionApplication = S["Application"];

/** Body of POST /api/institution-applications. */
export interface ApplicationPayload {
  institutionName: string;
  institutionType: string;
  licenseNumber: string;
  contactEmail: string;
  contactPhone: string;
  contactPerson: string;
  address: string;
  businessDescription: string | null;
  logoUrl: string | null;
  status: "pending";
}

/** Licence statuses of a registered institution. */
export type LicenseStatus = "active" | "suspended" | "revoked";

/** Licence actions a regulator may take. */
export type LicenseAction = "suspend" | "reinstate" | "revoke";

/**
 * How the transfer engine routes through a wallet operator (a PSP) or a bank; no modes keeps it
 * out of the transfer form. The body of PATCH /api/{psps,banks}/{id}/routing too.
 */
export interface Routing {
  modes: ("online" | "offline")[];
  ussdCode: string;
  numberPrefixes: string[];
  accountPrefix: string;
}

/** A row of GET /api/psps, GET /api/mnos or GET /api/banks. */
export interface RegistryEntry {
  id: string;
  type: "psp" | "mno" | string;
  name: string;
  code: string | null;
  licenseNumber: string;
  contactEmail: string | null;
  contactPhone: string | null;
  address: string | null;
  logoUrl: string | null;
  complianceStatus: string | null;
  /** Why the compliance status was set (null for the data the registry started with). */
  complianceReason?: string | null;
  /** Since when the institution holds its compliance status. */
  complianceSince?: string | null;
  licenseStatus: LicenseStatus | string;
  licenseStatusReason: string | null;
  isActive: boolean;
  licenseIssuedAt: string | null;
  licenseExpiresAt: string | null;
  transactions30d: number | null;
  /** Decimal string with two places, e.g. "1234.50". */
  volumeUsd30d: string | null;
  createdAt?: string;
  /** The status the facts call for, for a regulator to confirm or dismiss (regulators only). */
  proposal?: ComplianceProposal | null;
  /** A PSP's or bank's routing in the transfer engine; absent for MNOs. */
  routing?: Routing;
}

/** Compliance statuses a regulator may set. */
export type ComplianceStatus = "compliant" | "under_review" | "non_compliant";

/** A compliance status the system proposes from facts (GET /api/psps, /api/{psps,mnos}/{id}/compliance). */
export interface ComplianceProposal {
  status: ComplianceStatus;
  current: string;
  /** The reason a confirmation records, built from the facts (English, as the audit trail). */
  reason: string;
  auditFindings: string[];
  kycRejections: number;
  overdueCriticalAlerts: number;
  /** Only facts after this time count. */
  factsSince: string;
}

/** One change of an institution's compliance status. */
export type ComplianceChange = Narrow<S["ComplianceChange"], { to: ComplianceStatus; source: "manual" | "proposal" }>;

/** GET /api/{psps,mnos}/{id}/compliance. */
export interface ComplianceDetail {
  institution: RegistryEntry;
  history: ComplianceChange[];
  proposal: ComplianceProposal | null;
}

/** A row of GET /api/public/register. */
export type PublicRegisterEntry = S["RegisterEntry"];

/** Answer of POST /api/objects/upload. */
export type UploadParameters = S["UploadTicket"];

/**
 * The facts behind an alert, one of its rules or a transaction's reason (domain.AlertParams):
 * amounts in minor units of `currency`, windows and ages in seconds. A field a rule does not use
 * is absent; alerts raised before codes existed have only the amount and the rules' codes.
 */
export interface AlertParams {
  amountMinor?: number;
  currency?: string;
  thresholdMinor?: number;
  receivedMinor?: number;
  count?: number;
  percent?: number;
  windowSeconds?: number;
  mode?: string;
  firstSeen?: string;
  ageSeconds?: number;
  score?: number;
  rules?: { code: string; params: AlertParams }[];
  ref?: string;
  alias?: string;
  names?: string[];
}

/** An AML rule that fired on a transaction, with its weight, its facts and their English sentence. */
export interface AmlRuleHit {
  rule: string;
  weight: number;
  evidence: string;
  params?: AlertParams;
}

/** A transaction as GET /api/transactions and /api/transactions/search return it (amounts are decimal strings). */
export interface Transaction {
  id: string;
  transactionId: string;
  npssReference: string | null;
  pspId: string | null;
  mnoId: string | null;
  amount: string;
  fee: string | null;
  currency: "SHS" | "USD" | string;
  status: string;
  type: string;
  transferMode: "online" | "offline" | "ussd" | string;
  flowType: string | null;
  sender: string | null;
  receiver: string | null;
  senderName: string | null;
  recipientName: string | null;
  senderInstitution: string | null;
  receiverInstitution: string | null;
  settlementMode: string | null;
  ussdCode: string | null;
  routingCode: string | null;
  amlScore: number | null;
  riskLevel: "low" | "medium" | "high" | string | null;
  isHighRisk: boolean;
  amlRules: AmlRuleHit[] | null;
  amlRuleVersion: number | null;
  processedAt: string | null;
  createdAt: string;
}

/** A row of a transaction's log. */
export interface TransactionLogEntry {
  action: string;
  previousStatus: string | null;
  newStatus: string | null;
  notes: string | null;
  details: Record<string, unknown> | null;
  /** Why the transaction did not complete: aml_hold, a reported failure reason or not_stated. */
  reasonCode?: string | null;
  reasonParams?: AlertParams | null;
  createdAt: string;
}

/** GET /api/transactions/{id}: the transaction, the names of its PSP and MNO, and its log. */
export interface TransactionDetail extends Transaction {
  pspName?: string | null;
  mnoName?: string | null;
  logs: TransactionLogEntry[];
}

/** A payment route as POST /api/transfer answers it. */
export type TransferRoute = S["Route"];

/** Body of POST /api/transfer (amount is a decimal string). */
export interface TransferRequestBody {
  senderNumber: string;
  receiverNumber: string;
  amount: string;
  currency: string;
  mode: string;
  senderInstitution: string;
  receiverInstitution: string;
  senderType: string;
  receiverType: string;
  ussdCode?: string;
  flowType?: string;
  senderPrefix?: string;
  receiverPrefix?: string;
  clearingHouse?: { automaticCompensation: boolean; virtualClearing: boolean; settlementMethod: string };
  preferences?: { prioritizeSpeed: boolean; prioritizeCost: boolean; prioritizeCompliance: boolean };
  description?: string;
  /** The account holders' names, screened against the sanctions lists (at most 200 bytes each). */
  senderName?: string;
  recipientName?: string;
}

/** Answer of POST /api/transfer (201); money in decimal strings, bridge fees in minor units. */
export type TransferResponse = S["TransferResponse"];

/** Alert kinds: AML alerts on transactions, system alerts addressed to users or roles. */
export type AlertKind = "aml" | "system";

/** Alert case statuses (001 §4); system alerts stay "open". */
export type AlertStatus = "open" | "investigating" | "resolved" | "false_positive";

/** An alert as GET /api/alerts returns it. */
export interface Alert {
  id: string;
  kind: AlertKind | string;
  title: string;
  description: string | null;
  message: string | null;
  severity: "low" | "medium" | "high" | "critical" | string;
  status: AlertStatus | string;
  /** aml, kyc, … for AML alerts; info, warning or critical for system alerts. */
  alertType: string;
  triggerRule: string | null;
  /** What an AML alert says, put in the reader's language by alertText.ts; null for system notices. */
  code?: string | null;
  params?: AlertParams | null;
  amount: string | null;
  currency: string | null;
  institutionId: string | null;
  institutionName?: string | null;
  /** psp, mno or bank: which registry lists the institution. */
  institutionKind?: string | null;
  relatedTransactionId: string | null;
  relatedTransactionNumber?: string | null;
  isRead: boolean;
  assignedTo: string | null;
  resolvedBy: string | null;
  resolution: string | null;
  resolvedAt: string | null;
  createdAt: string;
  /** When an AML case's handling deadline falls (null for system notices). */
  dueAt: string | null;
  /** The deadline has passed while the case is open or under investigation. */
  overdue: boolean;
}

/** GET /api/alerts/summary: the server's counts for the queue's filters. */
export type AlertSummary = Narrow<S["AlertSummary"], { byStatus: Record<AlertStatus, number> }>;

/** One step of an alert's case history. */
export type AlertHistoryEntry = S["AlertEvent"];

/** GET /api/alerts/{id}: the alert and its case history. */
export interface AlertDetail extends Alert {
  history: AlertHistoryEntry[];
}

/** KYC statuses (compliance_status enum). */
export type KycStatus = "under_review" | "pending" | "compliant" | "non_compliant";

/** KYC document types (001 §3). */
export type KycDocumentType = "passport" | "national_id" | "drivers_license";

/** Body of POST /api/kyc (001 §3). */
export interface KycSubmission {
  fullName: string;
  nationalId: string;
  phoneNumber: string;
  email: string;
  address: string;
  documentType: string;
  documentNumber: string;
}

/** A KYC application as GET /api/kyc-applications returns it (ids masked for non-regulators). */
/** A KYC application's risk level, decided by the server at submission (docs/DECISIONS.md, "KYC risk"). */
export type KycRisk = "low" | "medium" | "high";

export type KycApplication = S["Kyc"];

/** GET /api/kyc-applications/summary: the KYC figures over every application in the reader's scope. */
export type KycSummary = Narrow<S["KycSummary"], { byStatus: Record<KycStatus, number> }>;

/** Compliance report types. */
export type ReportType = "monthly_transaction" | "aml_cft";

/** The figures the server computes for a report. */
export interface ReportData {
  summary?: string;
  transactionCount?: number;
  transactionVolume?: string;
  volumeByCurrency?: Record<string, string>;
  highRiskCount?: number;
  alertsBySeverity?: Record<string, number>;
  openAlerts?: number;
  complianceScore?: number;
  generatedAt?: string;
}

/** A compliance report (001 §3). */
export type ComplianceReport = S["Report"];

/** Body of POST /api/compliance-reports. */
export interface ReportPayload {
  title: string;
  reportType: ReportType;
  period: string;
  institutionId: string;
  institutionType: string;
  institutionName: string;
  reportData: ReportData;
  metrics: { totalTransactions?: number; activePsps?: number; complianceScore?: number };
  status: "draft";
}

/** A scheduled compliance audit. */
export interface ComplianceAudit {
  id: string;
  institutionId: string;
  institutionType: string;
  institutionName: string;
  scheduledFor: string;
  scope: string;
  status: string;
  /** What a completed audit found (null: nothing, or not completed). */
  findings?: string | null;
  completedAt?: string | null;
  createdAt: string;
}

/** GET /health (001 §3): memory in bytes, uptime in seconds; 503 when unhealthy. */
export type HealthResponse = S["Health"];

/** One database pool of GET /metrics-system. */
export interface PoolStats {
  size: number;
  active: number;
  idle: number;
  type: string;
}

/** GET /metrics-system (001 §3). errorRate is a percentage, averageResponseTime milliseconds. */
export interface SystemMetricsResponse {
  system: {
    metrics: { activeConnections: number; throughputPerSecond: number; errorRate: number; queueDepth: number };
    loadBalancer: { algorithm: string; healthyServers: number; totalServers: number };
    pools: Array<[string, PoolStats]>;
    timestamp: string | null;
  };
  performance: { requests: number; averageResponseTime: number; errorRate: number };
}

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
export interface AccessCode {
  id: string;
  code: string | null;
  delivery: AccessCodeDelivery | null;
  status: AccessCodeStatus;
  currentUses: number;
  maxUses: number;
  expiresAt: string;
  usedAt?: string | null;
  createdAt: string;
  mobileUser: { id: string; fullName: string; phoneNumber: string } | null;
}

/** POST /api/admin/mobile-access/generate answer (201). */
export interface GeneratedAccessCode {
  accessCode: AccessCode;
  deliveries?: unknown;
  message?: string;
}

/** A notification outbox entry (GET /api/admin/notifications). */
export type OutboxNotification = S["Notification"];
