import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Construction, PlayCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { TourOverlay } from "@/features/onboarding/TourOverlay";
import { usePageTitle } from "@/lib/usePageTitle";

/**
 * The dashboard, for now its title and the quick actions that exist: the
 * Platform Tour opens the onboarding tour as an overlay (spec 000 §2).
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const title = t("pages.dashboard.title");
  usePageTitle(title);
  const [tourOpen, setTourOpen] = useState(false);
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-6xl space-y-8">
      <div>
        <h1 id="page-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {title}
        </h1>
        <p className="mt-2 text-muted-foreground">{t("pages.dashboard.description")}</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="text-base">
            {t("dashboard.quickActions")}
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-3">
          <Button variant="outline" onClick={() => setTourOpen(true)} data-testid="platform-tour-button">
            <PlayCircle aria-hidden="true" />
            {t("dashboard.platformTour")}
          </Button>
          <CardDescription className="self-center">{t("dashboard.platformTourDescription")}</CardDescription>
        </CardContent>
      </Card>
      <Card className="border-dashed">
        <CardContent className="flex items-center gap-3 p-6 text-sm text-muted-foreground">
          <Construction className="h-5 w-5 shrink-0" aria-hidden="true" />
          {t("pages.comingSoon")}
        </CardContent>
      </Card>
      <TourOverlay open={tourOpen} onOpenChange={setTourOpen} />
    </section>
  );
}

export default DashboardPage;
