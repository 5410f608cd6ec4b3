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
}

/** Summary metrics for the dashboard and the landing carousel; any field may be absent. */
export interface SummaryMetrics {
  totalTransactions?: number | null;
  transactionVolume?: string | null;
  activePsps?: number | null;
  complianceScore?: number | null;
}

/** The error body every /api endpoint returns with a 4xx. */
export interface ApiErrorBody {
  message?: string;
  fields?: Record<string, string>;
}

/** Response of the token endpoints (register, login, guest-login). */
export interface TokenResponse {
  access_token: string;
  message?: string;
}

/** Institution types the application form licenses (the story wizard also offers "bank"). */
export type InstitutionType = "psp" | "mno";

/** Application statuses (spec 000 §4). */
export type ApplicationStatus = "pending" | "under_review" | "approved" | "rejected";

/** An institution licence application as the API returns it. */
export interface InstitutionApplication {
  id: string;
  institutionName: string;
  institutionType: InstitutionType | string;
  licenseNumber: string;
  address: string;
  contactPerson: string;
  contactEmail: string;
  contactPhone: string;
  businessDescription: string | null;
  logoUrl: string | null;
  status: ApplicationStatus | string;
  reviewedBy: string | null;
  reviewNotes: string | null;
  reviewedAt: string | null;
  submittedBy: string | null;
  institutionId: string | null;
  createdAt: string;
  updatedAt: string;
}

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

/** A row of GET /api/psps or GET /api/mnos. */
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
  licenseStatus: LicenseStatus | string;
  licenseStatusReason: string | null;
  isActive: boolean;
  licenseIssuedAt: string | null;
  licenseExpiresAt: string | null;
  transactions30d: number | null;
  /** Decimal string with two places, e.g. "1234.50". */
  volumeUsd30d: string | null;
}

/** A row of GET /api/public/register. */
export interface PublicRegisterEntry {
  id: string;
  type: "psp" | "mno" | "bank" | string;
  name: string;
  licenseNumber: string;
  logoUrl: string | null;
  licenseIssuedAt: string | null;
  licenseExpiresAt: string | null;
}

/** Answer of POST /api/objects/upload. */
export interface UploadParameters {
  uploadURL: string;
  method: string;
  maxBytes?: number;
}

/** An AML rule that fired on a transaction, with its weight and evidence. */
export interface AmlRuleHit {
  rule: string;
  weight: number;
  evidence: string;
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
  createdAt: string;
}

/** GET /api/transactions/{id}: the transaction and its log. */
export interface TransactionDetail extends Transaction {
  logs: TransactionLogEntry[];
}

/** A payment route as POST /api/transfer answers it. */
export interface TransferRoute {
  id: string;
  name: string;
  flowType: string;
  routingCode: string;
  fee: number;
  processingTime: string;
  supportedModes: string[];
  minAmount: number;
  maxAmount: number;
  offlineLimit?: number;
  dailyLimit: number;
  score: number;
}

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
}

/** Answer of POST /api/transfer (201); money in decimal strings, bridge fees in minor units. */
export interface TransferResponse {
  id: string;
  transactionId: string;
  npssReference: string;
  status: string;
  amount: string;
  fee: string;
  total: string;
  currency: string;
  flowType: string;
  settlementMode: string;
  ussdCode: string | null;
  route: TransferRoute;
  routes: TransferRoute[];
  bridgeFees: { processingFee: number; routingFee: number; settlementFee: number; totalFee: number };
  amlScore: number;
  riskLevel: string;
  amlRules: AmlRuleHit[];
  createdAt: string;
}
