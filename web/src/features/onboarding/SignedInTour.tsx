import { useLocation } from "wouter";
import { OnboardingTour } from "@/features/onboarding/OnboardingTour";
import { applyHref } from "@/features/onboarding/OnboardingPage";
import { ROLE_STEP_ID } from "@/features/onboarding/tourSteps";

/** The tour inside the shell (a signed-in visit to /onboarding). */
export function SignedInTour() {
  const [, navigate] = useLocation();
  return (
    <div className="mx-auto max-w-5xl">
      <OnboardingTour
        headingLevel="h1"
        onSkip={() => navigate("/")}
        onComplete={(answers) => navigate(applyHref(answers[ROLE_STEP_ID]))}
      />
    </div>
  );
}

export default SignedInTour;
