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
