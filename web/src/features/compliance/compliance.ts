import type { BadgeProps } from "@/components/ui/badge";
import type { ReportPayload, ReportType, SummaryMetrics } from "@/api/types";

type Variant = NonNullable<BadgeProps["variant"]>;

/** How many items the compliance lists show (001 §9). */
export const COMPLIANCE_LIST_SIZE = 5;

/** The period ("YYYY-MM") of a date in local time. */
export function periodOf(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}`;
}

/**
 * The start of the local month of `now` as an RFC 3339 time: the reports list's
 * createdFrom, so that "reports this month" is counted by the server over all of them.
 */
export function monthStart(now = new Date()): string {
  return new Date(now.getFullYear(), now.getMonth(), 1).toISOString();
}

/** True for a valid "YYYY-MM" period. */
export function validPeriod(period: string): boolean {
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(period);
}

/** The central bank's own identity on the reports it generates. */
export const CENTRAL_BANK = {
  institutionId: "CENTRAL-BANK",
  institutionType: "central_bank",
  institutionName: "Kormeer Central Bank Supervision",
} as const;

/**
 * The body of POST /api/compliance-reports for the central bank. The figures
 * sent are the dashboard's current metrics; the server computes the period's
 * own figures and stores those.
 */
export function reportPayload(reportType: ReportType, period: string, metrics: Partial<SummaryMetrics> | null | undefined): ReportPayload {
  const title =
    reportType === "monthly_transaction" ? `Monthly Compliance Report - ${period}` : `AML/CFT Compliance Report - ${period}`;
  const m = {
    ...(metrics?.totalTransactions != null ? { totalTransactions: metrics.totalTransactions } : {}),
    ...(metrics?.activePsps != null ? { activePsps: metrics.activePsps } : {}),
    ...(metrics?.complianceScore != null ? { complianceScore: metrics.complianceScore } : {}),
  };
  return {
    title,
    reportType,
    period,
    ...CENTRAL_BANK,
    reportData: {
      summary: title,
      ...(metrics?.totalTransactions != null ? { transactionCount: metrics.totalTransactions } : {}),
      ...(metrics?.transactionVolume ? { transactionVolume: metrics.transactionVolume } : {}),
      ...(metrics?.complianceScore != null ? { complianceScore: metrics.complianceScore } : {}),
      generatedAt: new Date().toISOString(),
    },
    metrics: m,
    status: "draft",
  };
}

/** Badge style of a report status: published default, draft secondary. */
export function reportVariant(status: string): Variant {
  return status === "published" ? "default" : "secondary";
}
