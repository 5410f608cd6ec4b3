import { renderToString } from "react-dom/server";
import type { LanguageCode } from "@/i18n/languages";
import { setCurrentLanguage } from "@/i18n/languages";
import { StandaloneLanding, loadLanguage } from "@/features/landing/StandaloneLanding";

/**
 * The landing page's markup in a language, as the first load's first render draws it for a
 * visitor without a session (its live figures still loading): the same host and strings
 * (StandaloneLanding), so that React takes the markup over as it is (landingMain.tsx hydrates it).
 * Run at build time (scripts/prerender.ts); the server puts it into #root so that a phone shows
 * the page, and can follow its links, before the scripts arrive.
 */
export async function renderLanding(language: LanguageCode): Promise<string> {
  setCurrentLanguage(language);
  const initial = await loadLanguage(language);
  return renderToString(<StandaloneLanding initial={initial} navigate={() => undefined} hydrates />);
}
