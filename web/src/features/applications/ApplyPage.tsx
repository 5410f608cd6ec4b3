import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearch } from "wouter";
import { ArrowLeft, ClipboardCheck, FileSearch, Info, ShieldCheck, Sparkles } from "lucide-react";
import type { InstitutionType } from "@/api/types";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { AccountCard } from "@/features/applications/AccountCard";
import { ApplicationForm } from "@/features/applications/ApplicationForm";
import { OnboardingTour } from "@/features/onboarding/OnboardingTour";
import { ROLE_STEP_ID, isRoleChoice } from "@/features/onboarding/tourSteps";
import type { RoleChoice } from "@/features/onboarding/tourSteps";
import { PublicFrame } from "@/features/shell/PublicFrame";
import { usePageTitle } from "@/lib/usePageTitle";

type WizardOutcome = { kind: "completed"; choice: RoleChoice | null } | { kind: "skipped" };

/** Reads ?type=psp|mno|bank, the role chosen on the full-screen tour. */
function useTypeParam(): RoleChoice | null {
  const search = useSearch();
  const value = new URLSearchParams(search).get("type");
  return isRoleChoice(value) ? value : null;
}

/**
 * The institution application page (spec 000 §2): the story wizard, then the
 * form. "Back to Story" returns to the wizard; the form keeps what was typed.
 */
export function ApplyFlow() {
  const { t } = useTranslation();
  const fromTour = useTypeParam();
  // ?form=1 (the dashboard's Register PSP) opens the form at once: the tour is for the public.
  const straightToForm = new URLSearchParams(useSearch()).get("form") === "1";
  const [mode, setMode] = useState<"story" | "form">(straightToForm ? "form" : "story");
  const [outcome, setOutcome] = useState<WizardOutcome | null>(
    straightToForm && fromTour ? { kind: "completed", choice: fromTour } : null,
  );
  const [version, setVersion] = useState(0);

  const choice = outcome?.kind === "completed" ? outcome.choice : null;
  const prefill: InstitutionType | null = choice === "psp" || choice === "mno" ? choice : null;

  function finish(next: WizardOutcome) {
    setOutcome(next);
    setVersion((v) => v + 1);
    setMode("form");
    window.scrollTo?.({ top: 0 });
  }

  return (
    <div className="space-y-6">
      {mode === "story" ? (
        <OnboardingTour
          initialAnswers={fromTour ? { [ROLE_STEP_ID]: fromTour } : {}}
          onSkip={() => finish({ kind: "skipped" })}
          onComplete={(answers) => {
            const role = answers[ROLE_STEP_ID];
            finish({ kind: "completed", choice: isRoleChoice(role) ? role : null });
          }}
        />
      ) : null}
      <div hidden={mode !== "form"} className="space-y-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div
            role="status"
            data-testid="apply-welcome"
            className="flex items-start gap-3 rounded-lg border border-primary/30 bg-accent/50 p-4 text-sm text-accent-foreground"
          >
            <Sparkles className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
            <p className="font-medium">
              {choice
                ? t("apply.welcomeChosen", { type: t(`tour.roles.${choice}.title`) })
                : t("apply.letsStart")}
            </p>
          </div>
          <Button variant="outline" onClick={() => setMode("story")} data-testid="back-to-story" className="shrink-0">
            <ArrowLeft aria-hidden="true" />
            {t("apply.backToStory")}
          </Button>
        </div>
        {choice === "bank" ? (
          <p className="flex items-start gap-2 rounded-md border bg-card p-3 text-sm text-muted-foreground" data-testid="bank-note">
            <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            {t("apply.bankNote")}
          </p>
        ) : null}
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <Card>
            <CardHeader>
              <CardTitle as="h2">{t("apply.form.title")}</CardTitle>
            </CardHeader>
            <CardContent>
              <ApplicationForm prefillType={prefill} prefillVersion={version} />
            </CardContent>
          </Card>
          <NextSteps />
        </div>
      </div>
    </div>
  );
}

/** The "Next steps" box: review, verification, licence issuance, and the promised delay. */
function NextSteps() {
  const { t } = useTranslation();
  const items = [
    { key: "review", icon: FileSearch },
    { key: "verification", icon: ShieldCheck },
    { key: "issuance", icon: ClipboardCheck },
  ] as const;
  return (
    <aside aria-labelledby="next-steps-title" className="h-fit rounded-lg border bg-card p-5 shadow-sm" data-testid="next-steps">
      <h2 id="next-steps-title" className="text-base font-semibold">
        {t("apply.nextSteps.title")}
      </h2>
      <ol className="mt-4 space-y-4">
        {items.map(({ key, icon: Icon }) => (
          <li key={key} className="flex gap-3 text-sm">
            <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
              <Icon className="h-4 w-4" aria-hidden="true" />
            </span>
            <span className="text-muted-foreground">{t(`apply.nextSteps.${key}`)}</span>
          </li>
        ))}
      </ol>
    </aside>
  );
}

/** /apply inside the signed-in shell. */
export function ApplyPage() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-6xl space-y-6">
      <PageHeader title={t("pages.apply.title")} description={t("pages.apply.description")} />
      <ApplyFlow />
    </section>
  );
}

/** /apply signed out: the public frame and the applicant-account step. */
export function PublicApplyPage() {
  const { t } = useTranslation();
  usePageTitle(t("pages.apply.title"));
  const search = useSearch();
  const next = `/apply${search ? `?${search}` : ""}`;
  return (
    <PublicFrame brand={<span className="font-semibold">{t("app.name")}</span>} mainClassName="mx-auto max-w-6xl space-y-8 px-4 py-8 sm:px-6">
      <div className="text-center">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t("pages.apply.title")}</h1>
        <p className="mx-auto mt-2 max-w-2xl text-muted-foreground">{t("pages.apply.description")}</p>
      </div>
      <AccountCard next={next} />
    </PublicFrame>
  );
}

export default ApplyPage;
