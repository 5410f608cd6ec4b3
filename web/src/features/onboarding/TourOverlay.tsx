import * as DialogPrimitive from "@radix-ui/react-dialog";
import { useTranslation } from "react-i18next";
import { toast } from "@/components/ui/use-toast";
import { OnboardingTour } from "@/features/onboarding/OnboardingTour";

/**
 * The tour over the dashboard. Finishing it closes the overlay and shows the
 * completion toast (spec 000 §2); skipping just closes it.
 */
export function TourOverlay({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60 animate-fade-in" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          data-testid="tour-overlay"
          className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto p-3 sm:items-center sm:p-6"
        >
          <DialogPrimitive.Title className="sr-only">{t("tour.label")}</DialogPrimitive.Title>
          <OnboardingTour
            className="max-w-5xl shadow-xl"
            onSkip={() => onOpenChange(false)}
            onComplete={() => {
              onOpenChange(false);
              toast({ title: t("tour.completeTitle"), description: t("tour.completeDescription") });
            }}
          />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

export default TourOverlay;
