import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import english from "virtual:kormeer-en-landing";
import { LandingHostContext } from "@/features/landing/host";
import type { LandingHost } from "@/features/landing/host";
import { translate } from "@/i18n/translate";

/** A landing page host in English for the tests, from the landing page's own strings. */
export function englishHost(over: Partial<LandingHost> = {}): LandingHost {
  return {
    t: (key, options) => translate({ language: "en", strings: undefined, english }, key, options),
    language: "en",
    chooseLanguage: () => undefined,
    navigate: () => undefined,
    ...over,
  };
}

/** Renders a part of the landing page in the English host. */
export function renderInHost(ui: ReactElement, over: Partial<LandingHost> = {}) {
  return render(<LandingHostContext.Provider value={englishHost(over)}>{ui}</LandingHostContext.Provider>);
}
