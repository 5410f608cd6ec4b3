import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import type { Root } from "react-dom/client";
import { landingReads } from "@/features/landing/api";
import { useLandingHost } from "@/features/landing/host";
import { loadPublicRead } from "@/features/landing/publicReads";
import { StandaloneLanding, applyLanguage, loadLanguage } from "@/features/landing/StandaloneLanding";
import type { LandingLanguage } from "@/features/landing/StandaloneLanding";
import { ProtectionLayer } from "@/features/protection/ProtectionLayer";
import { detectLanguage, rememberLanguage } from "@/i18n/languages";
import { warmFormatters } from "@/lib/format";
import { isDevelopmentMode } from "@/lib/serverMode";

/**
 * The landing page's first load: "/" without a session, which the server sends pre-rendered
 * (internal/httpapi/shell.go). It runs on React alone (features/landing/StandaloneLanding): the
 * app's libraries and screens (appMain.tsx) load when the visitor follows one of the page's links
 * to another page of the app, which then takes the page over. A slow phone gets a usable page for
 * about two thirds of the JavaScript (docs/PERFORMANCE.md, "Web app on a slow phone").
 */

/** How long the first render waits for the landing page's reads before drawing without them. */
const LANDING_DATA_WAIT_MS = 500;

/** The client protection on the landing page, its notice in the page's language. */
function LandingProtection() {
  const { t } = useLandingHost();
  return <ProtectionLayer path="/" message={t("protection.hidden")} />;
}

export function startLanding(root: HTMLElement, loadApp: () => Promise<{ startApp: (root: HTMLElement, takeOver: () => void) => Promise<void> }>): void {
  // What the server drew: <html lang> is the language of the markup in #root, read before the page's
  // own language goes there. React takes that markup over (hydration, no DOM rebuilt) when it is
  // the page this visitor gets; otherwise (another language remembered by this browser only, the
  // development mode's extra link) it renders over it.
  const drawn = document.documentElement.lang;
  const language = detectLanguage();
  rememberLanguage(language);
  applyLanguage(language);
  // ICU's set-up at the first Intl formatter, now (see warmFormatters) rather than in the figures'
  // render after React has taken the page over.
  warmFormatters();
  const hydrates = root.firstElementChild !== null && drawn === language && !isDevelopmentMode();

  let landing: Root | undefined;
  let leaving: Promise<void> | undefined;
  // The app takes over the page on the way to another of its pages: the landing page stays on
  // screen until the app's first render replaces it. Its chunks start loading as soon as the
  // visitor points at, touches or focuses one of those links (prepare).
  let app: ReturnType<typeof loadApp> | undefined;
  const appLoading = () => (app ??= loadApp());
  const prepare = () => void appLoading();
  const navigate = (to: string) => {
    leaving ??= appLoading().then((loaded) =>
      loaded.startApp(root, () => {
        landing?.unmount();
        window.history.pushState(null, "", to);
      }),
    );
  };

  // The server asked for both reads with the page, so on a slow network they are in before the
  // scripts. Drawn without hydration, the page waits for them (at most LANDING_DATA_WAIT_MS) so
  // that React draws it once with its figures instead of once more as each answer lands.
  const reads = Promise.all([loadPublicRead(landingReads.summary), loadPublicRead(landingReads.register)]);
  const strings = loadLanguage(language).catch((): LandingLanguage => ({ language: "en", strings: undefined }));
  const ready = hydrates ? strings : Promise.all([strings, Promise.race([reads, new Promise((r) => setTimeout(r, LANDING_DATA_WAIT_MS))])]).then(() => strings);
  void ready.then((initial) => {
    const page = (
      <StrictMode>
        <StandaloneLanding initial={initial} navigate={navigate} prepare={prepare} hydrates={hydrates}>
          <LandingProtection />
        </StandaloneLanding>
      </StrictMode>
    );
    // A transition: React renders in slices and yields to the browser every few milliseconds, so
    // that a slow phone's main thread is never held long; the server's page stays usable meanwhile.
    startTransition(() => {
      if (hydrates) {
        landing = hydrateRoot(root, page);
      } else {
        landing = createRoot(root);
        landing.render(page);
      }
    });
  });
}
