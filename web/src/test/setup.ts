import "@testing-library/jest-dom/vitest";
import { afterEach } from "vitest";
import { cleanup, configure } from "@testing-library/react";
import i18n, { loadDeferredStrings } from "@/i18n";

// Lazy route chunks can take over a second to load on a busy machine (the default wait is 1 s).
configure({ asyncUtilTimeout: 3000 });

// Somali and French are lazy chunks in the app; tests that read their texts (getFixedT("so")) need them in.
await i18n.loadLanguages(["so", "fr"]);
// Likewise the English strings of the lazily loaded screens, which tests often render directly.
await loadDeferredStrings();

// Tests run in English unless they switch language themselves.
void i18n.changeLanguage("en");

afterEach(() => {
  cleanup();
  localStorage.clear();
  void i18n.changeLanguage("en");
});
