import { useEffect } from "react";
import {
  Activity,
  ArrowRight,
  FileCheck2,
  Landmark,
  LogIn,
  PlayCircle,
  Presentation,
  Scale,
  Shield,
  UserCheck,
} from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LanguageSelect } from "@/components/ui/language-select";
import { landingReads } from "@/features/landing/api";
import { FinancialCarousel } from "@/features/landing/FinancialCarousel";
import { followLink, useLandingHost } from "@/features/landing/host";
import { PublicRegister } from "@/features/landing/PublicRegister";
import { usePublicRead } from "@/features/landing/publicReads";
import { isDevelopmentMode } from "@/lib/serverMode";
import { cn } from "@/lib/utils";

const FEATURES = [
  { key: "compliance", icon: Scale },
  { key: "financial", icon: Landmark },
  { key: "monitoring", icon: Activity },
  { key: "kyc", icon: UserCheck },
] as const;

/**
 * The signed-out home page (spec 000 §2 "Landing page"). The server sends it pre-rendered, before
 * any script runs (scripts/prerender.ts, internal/httpapi/shell.go), so its calls to action are
 * plain links that work without JavaScript: "Sign in" goes to /api/login, which redirects. It takes
 * its texts, language choice and navigation from its host (host.ts): the app, or on a first load
 * its own small one, so that it runs on React alone before the app's libraries arrive.
 */
export function LandingPage() {
  const host = useLandingHost();
  const { t } = host;
  const title = t("app.name");
  // As usePageTitle() does for the app's screens (it reads react-i18next, which this page runs without).
  useEffect(() => {
    document.title = title;
  }, [title]);
  const summary = usePublicRead(landingReads.summary);

  return (
    <div className="flex min-h-screen flex-col bg-background">
      <header className="border-b bg-card">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
          <div className="flex items-center gap-2">
            <Shield className="h-7 w-7 text-primary" aria-hidden="true" />
            <span className="text-lg font-semibold tracking-tight">{t("app.name")}</span>
          </div>
          <LanguageSelect label={t("language.label")} value={host.language} onChoose={host.chooseLanguage} />
        </div>
      </header>

      <main className="flex-1">
        <section className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-2 lg:items-center lg:py-16">
          <div>
            <p className="mb-3 inline-flex items-center gap-2 rounded-full bg-accent px-3 py-1 text-xs font-semibold text-accent-foreground">
              <Shield className="h-3.5 w-3.5" aria-hidden="true" />
              {t("landing.subtitle")}
            </p>
            <h1 className="text-3xl font-bold tracking-tight text-foreground sm:text-4xl lg:text-5xl">
              {t("landing.title")}
            </h1>
            <p className="mt-4 max-w-xl text-base text-muted-foreground sm:text-lg">
              {t("landing.description")}
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
              <a href="/api/login" className={cn(buttonVariants({ size: "lg" }))} data-testid="login-button">
                <LogIn aria-hidden="true" />
                {t("landing.login")}
              </a>
              <a
                data-testid="apply-button"
                {...followLink(host, "/apply")}
                href="/apply"
                className={cn(buttonVariants({ variant: "outline", size: "lg" }))}
              >
                <FileCheck2 aria-hidden="true" />
                {t("landing.apply")}
              </a>
            </div>
            <div className="mt-6 flex flex-wrap items-center gap-3">
              <span className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
                <Presentation className="h-4 w-4" aria-hidden="true" />
                {t("landing.presentationLabel")}
              </span>
              <a
                data-testid="tour-button"
                {...followLink(host, "/onboarding")}
                href="/onboarding"
                className={cn(buttonVariants({ variant: "secondary" }))}
              >
                <PlayCircle aria-hidden="true" />
                {t("landing.tour")}
                <ArrowRight aria-hidden="true" />
              </a>
            </div>
            {isDevelopmentMode() ? (
              <p className="mt-6">
                <a
                  data-testid="jwt-test-link"
                  {...followLink(host, "/jwt-test")}
                  href="/jwt-test"
                  className="text-xs font-medium text-muted-foreground underline underline-offset-4 hover:text-foreground"
                >
                  {t("landing.devLink")}
                </a>
              </p>
            ) : null}
          </div>
          <FinancialCarousel summary={summary.data} isLoading={summary.isLoading} />
        </section>

        <section aria-labelledby="features-title" className="border-t bg-card/60">
          <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
            <h2 id="features-title" className="text-2xl font-semibold tracking-tight">
              {t("landing.features.title")}
            </h2>
            <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {FEATURES.map(({ key, icon: Icon }) => (
                <li key={key}>
                  <Card className="h-full">
                    <CardHeader>
                      <span className="mb-2 flex h-10 w-10 items-center justify-center rounded-md bg-accent text-accent-foreground">
                        <Icon className="h-5 w-5" aria-hidden="true" />
                      </span>
                      <CardTitle className="text-base">{t(`landing.features.${key}.title`)}</CardTitle>
                      <CardDescription>{t(`landing.features.${key}.description`)}</CardDescription>
                    </CardHeader>
                  </Card>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <PublicRegister />
      </main>

      <footer className="border-t bg-card">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-2 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:px-6">
          <p>{t("landing.footer.copyright")}</p>
          <p className="font-medium">{t("landing.footer.tagline")}</p>
        </div>
      </footer>
    </div>
  );
}

export default LandingPage;
