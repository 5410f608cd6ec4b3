import { useId, useState } from "react";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FileBarChart, Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { periodOf, validPeriod } from "@/features/compliance/compliance";
import { useGenerateReport } from "@/features/compliance/useGenerateReport";

/** 'Generate AML/CFT Report': a period (default this month), then POST reportType aml_cft. */
export function AmlReportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const thisMonth = periodOf(new Date());
  const [period, setPeriod] = useState(thisMonth);
  const [error, setError] = useState<string | null>(null);
  const generate = useGenerateReport();

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!validPeriod(period) || period > thisMonth) {
      setError(t("reports.aml.periodInvalid"));
      return;
    }
    setError(null);
    generate.mutate({ reportType: "aml_cft", period }, { onSuccess: () => onOpenChange(false) });
  }

  return (
    <Dialog open={open} onOpenChange={(o) => (generate.isPending ? undefined : onOpenChange(o))}>
      <DialogContent data-testid="aml-report-dialog">
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t("reports.aml.title")}</DialogTitle>
            <DialogDescription>{t("reports.aml.description")}</DialogDescription>
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
              data-testid="aml-period"
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
            <Button type="submit" disabled={generate.isPending} data-testid="aml-generate">
              {generate.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <FileBarChart aria-hidden="true" />}
              {generate.isPending ? t("dashboard.actions.generating") : t("reports.aml.generate")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
