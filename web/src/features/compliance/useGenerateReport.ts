import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { ApiError } from "@/api/client";
import { describeError } from "@/api/errors";
import type { ReportType, SummaryMetrics } from "@/api/types";
import { toast } from "@/components/ui/use-toast";
import { sharedKeys } from "@/api/keys";
import { complianceKeys, createReport } from "@/features/compliance/api";
import { reportPayload } from "@/features/compliance/compliance";

/**
 * Creates a central-bank compliance report (001 §7). A monthly report is the
 * dashboard's Generate Report: success toast, reports refreshed, navigate to
 * /compliance. Failure: destructive toast with the server's message or the
 * spec's fallback.
 */
export function useGenerateReport({ navigateTo }: { navigateTo?: string } = {}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: ({ reportType, period }: { reportType: ReportType; period: string }) =>
      createReport(reportPayload(reportType, period, queryClient.getQueryData<SummaryMetrics>(sharedKeys.metrics))),
    onSuccess: (_report, { reportType }) => {
      toast({
        title: t("reports.generatedTitle"),
        description: t(reportType === "aml_cft" ? "reports.amlGeneratedText" : "reports.generatedText"),
      });
      void queryClient.invalidateQueries({ queryKey: complianceKeys.reports });
      if (navigateTo) navigate(navigateTo);
    },
    onError: (err) => {
      console.error("Failed to generate compliance report", err);
      toast({
        title: t("reports.failedTitle"),
        description: err instanceof ApiError ? describeError(err, t) : t("reports.failedText"),
        variant: "destructive",
      });
    },
  });
}
