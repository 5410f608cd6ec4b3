import "@testing-library/jest-dom/vitest";
import { afterEach } from "vitest";
import { cleanup, configure } from "@testing-library/react";
import i18n from "@/i18n";

// Lazy route chunks can take over a second to load on a busy machine (the default wait is 1 s).
configure({ asyncUtilTimeout: 3000 });

// Somali is a lazy chunk in the app; tests that read Somali texts (getFixedT("so")) need it in.
await i18n.loadLanguages("so");

// Tests run in English unless they switch language themselves.
void i18n.changeLanguage("en");

afterEach(() => {
  cleanup();
  localStorage.clear();
  void i18n.changeLanguage("en");
});
