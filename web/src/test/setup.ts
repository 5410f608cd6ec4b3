import "@testing-library/jest-dom/vitest";
import { afterEach } from "vitest";
import { cleanup, configure } from "@testing-library/react";
import i18n from "@/i18n";

// Lazy route chunks can take over a second to load on a busy machine (the default wait is 1 s).
configure({ asyncUtilTimeout: 3000 });

// Somali and French are lazy chunks in the app; tests that read their texts (getFixedT("so")) need them in.
await i18n.loadLanguages(["so", "fr"]);

// Tests run in English unless they switch language themselves.
void i18n.changeLanguage("en");

afterEach(() => {
  cleanup();
  localStorage.clear();
  void i18n.changeLanguage("en");
});
