import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { PublicFrame } from "@/features/shell/PublicFrame";
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
    <PublicFrame column mainClassName="flex flex-1 items-start justify-center px-3 py-6 sm:items-center sm:px-6">
      <OnboardingTour
        headingLevel="h1"
        className="max-w-5xl"
        onSkip={() => navigate("/")}
        onComplete={(answers) => navigate(applyHref(answers[ROLE_STEP_ID]))}
      />
    </PublicFrame>
  );
}

export default OnboardingPage;
