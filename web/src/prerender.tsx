import { renderToString } from "react-dom/server";
import { QueryClientProvider } from "@tanstack/react-query";
import { Router } from "wouter";
import i18n, { i18nReady } from "@/i18n";
import type { LanguageCode } from "@/i18n";
import { createQueryClient } from "@/api/queryClient";
import { LandingPage } from "@/features/landing/LandingPage";

/**
 * The landing page's markup in a language, as the app's first render draws it for a visitor
 * without a session (its live figures still loading). Run at build time (scripts/prerender.ts);
 * the server puts it into #root so that a phone shows the page, and can follow its links, before
 * the scripts arrive; React then renders over it.
 */
export async function renderLanding(language: LanguageCode): Promise<string> {
  await i18nReady;
  await i18n.changeLanguage(language);
  return renderToString(
    <QueryClientProvider client={createQueryClient()}>
      <Router ssrPath="/">
        <LandingPage />
      </Router>
    </QueryClientProvider>,
  );
}
