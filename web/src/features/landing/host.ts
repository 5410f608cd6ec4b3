import { createContext, useContext } from "react";
import type { MouseEvent } from "react";
import type { TranslationKey } from "@/i18n/keys";
import type { LanguageCode } from "@/i18n/languages";
import type { TranslateOptions } from "@/i18n/translate";

/**
 * What the landing page takes from whoever renders it: its texts, the language choice and
 * navigation. Two hosts render it: the app (AppLandingPage: i18next, wouter, the account's
 * language) once its bundle runs, and, on a first load at "/" without a session, its own small
 * host (StandaloneLanding) with React alone, so that a slow phone can use the page without
 * waiting for the app's libraries (docs/PERFORMANCE.md, "Web app on a slow phone").
 */
export interface LandingHost {
  t: (key: TranslationKey, options?: TranslateOptions) => string;
  language: LanguageCode;
  chooseLanguage: (code: LanguageCode) => void;
  /** Shows another page of the app (a path like "/apply"). */
  navigate: (to: string) => void;
  /**
   * Starts fetching what navigate needs, when the visitor points at, touches or focuses a link:
   * on a first load, the app (landingMain.tsx), a few hundred milliseconds before the click.
   */
  prepare?: () => void;
  /**
   * True while React takes over the server's pre-rendered markup (hydration): the page then draws
   * what the server drew (no figures yet) and fills them in right after.
   */
  hydrating?: boolean;
}

export const LandingHostContext = createContext<LandingHost | null>(null);

export function useLandingHost(): LandingHost {
  const host = useContext(LandingHostContext);
  if (!host) throw new Error("the landing page needs a LandingHostContext provider");
  return host;
}

/**
 * A link's handlers that show `to` through the host, like wouter's Link: a plain left click only,
 * so that a new tab, a new window or a download still follow the href; pointing at, touching or
 * focusing the link prepares the way (host.prepare).
 */
export function followLink(host: LandingHost, to: string) {
  const prepare = () => host.prepare?.();
  return {
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      host.navigate(to);
    },
    onPointerEnter: prepare,
    onTouchStart: prepare,
    onFocus: prepare,
  };
}
