import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { ArrowLeft, Shield } from "lucide-react";
import { LanguageSwitcher } from "@/features/shell/LanguageSwitcher";
import { OnboardingTour } from "@/features/onboarding/OnboardingTour";
import { ROLE_STEP_ID, isRoleChoice } from "@/features/onboarding/tourSteps";
import { usePageTitle } from "@/lib/usePageTitle";

/** Where "Begin Application" leads, carrying the role chosen in the tour. */
export function applyHref(role: unknown): string {
  return isRoleChoice(role) ? `/apply?type=${role}` : "/apply";
}

/** The full-screen tour at /onboarding (spec 000 §2). */
export function OnboardingPage() {
  const { t } = useTranslation();
  usePageTitle(t("pages.onboarding.title"));
  const [, navigate] = useLocation();
  return (
    <div className="flex min-h-screen flex-col bg-background">
      <header className="border-b bg-card">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link href="/" className="inline-flex items-center gap-2 rounded-md text-sm font-medium">
            <ArrowLeft className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
            <Shield className="h-5 w-5 text-primary" aria-hidden="true" />
            {t("app.name")}
          </Link>
          <LanguageSwitcher />
        </div>
      </header>
      <main className="flex flex-1 items-start justify-center px-3 py-6 sm:items-center sm:px-6">
        <OnboardingTour
          headingLevel="h1"
          className="max-w-5xl"
          onSkip={() => navigate("/")}
          onComplete={(answers) => navigate(applyHref(answers[ROLE_STEP_ID]))}
        />
      </main>
    </div>
  );
}

export default OnboardingPage;
