import { useId, useState } from "react";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FileBarChart, Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ReportType } from "@/api/types";
import { periodOf, validPeriod } from "@/features/compliance/compliance";
import { useGenerateReport } from "@/features/compliance/useGenerateReport";

/**
 * Generate a compliance report of reportType ("Generate AML/CFT Report" on /compliance, the
 * dashboard's "Generate Report" for the monthly one): a period (default this month), then POST.
 * With navigateTo, the page moves there once the report exists (the dashboard: /compliance).
 */
export function ReportDialog({
  reportType,
  open,
  onOpenChange,
  navigateTo,
}: {
  reportType: ReportType;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  navigateTo?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const thisMonth = periodOf(new Date());
  const [period, setPeriod] = useState(thisMonth);
  const [error, setError] = useState<string | null>(null);
  const generate = useGenerateReport(navigateTo ? { navigateTo } : {});
  const texts = reportType === "aml_cft" ? "reports.aml" : "reports.monthly";

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!validPeriod(period) || period > thisMonth) {
      setError(t("reports.aml.periodInvalid"));
      return;
    }
    setError(null);
    generate.mutate({ reportType, period }, { onSuccess: () => onOpenChange(false) });
  }

  return (
    <Dialog open={open} onOpenChange={(o) => (generate.isPending ? undefined : onOpenChange(o))}>
      <DialogContent data-testid="report-dialog" data-report-type={reportType}>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t(`${texts}.title`)}</DialogTitle>
            <DialogDescription>{t(`${texts}.description`)}</DialogDescription>
          </DialogHeader>
          <div className="space-y-1.5">
            <Label htmlFor={id}>{t("reports.aml.period")}</Label>
            <Input
              id={id}
              type="month"
              value={period}
              max={thisMonth}
              onChange={(e) => {
                setPeriod(e.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              data-testid="report-period"
            />
            {error ? (
              <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={generate.isPending}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" disabled={generate.isPending} data-testid="report-generate">
              {generate.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <FileBarChart aria-hidden="true" />}
              {generate.isPending ? t("dashboard.actions.generating") : t("reports.aml.generate")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
