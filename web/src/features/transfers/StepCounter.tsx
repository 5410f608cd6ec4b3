import { useTranslation } from "react-i18next";
import { Check } from "lucide-react";
import { STEP_KEYS } from "@/features/transfers/steps";
import { cn } from "@/lib/utils";

/** The guided flow's counter: "Step n of 6", the step's name and a bar of one segment per step. */
export function StepCounter({ step }: { step: number }) {
  const { t } = useTranslation();
  const key = STEP_KEYS[step - 1] ?? "details";
  return (
    <div className="rounded-lg border bg-card p-4" data-testid="step-counter" data-step={step}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm font-semibold" aria-live="polite">
          {t("transfers.steps.counter", { step, total: STEP_KEYS.length })}
          <span className="font-normal text-muted-foreground"> · {t(`transfers.steps.${key}`)}</span>
        </p>
      </div>
      <ol className="mt-3 grid grid-cols-6 gap-1" aria-label={t("transfers.steps.label")}>
        {STEP_KEYS.map((k, i) => {
          const n = i + 1;
          const done = n < step;
          const current = n === step;
          return (
            <li key={k} aria-current={current ? "step" : undefined} title={t(`transfers.steps.${k}`)}>
              <span className="sr-only">
                {t(`transfers.steps.${k}`)}
                {done ? ` (${t("transfers.steps.done")})` : ""}
              </span>
              <span
                aria-hidden="true"
                className={cn(
                  "flex h-6 items-center justify-center rounded text-[11px] font-semibold",
                  done && "bg-primary text-primary-foreground",
                  current && "bg-primary/15 text-primary ring-2 ring-primary",
                  !done && !current && "bg-muted text-muted-foreground",
                )}
              >
                {done ? <Check className="h-3 w-3" /> : n}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
