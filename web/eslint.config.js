// ESLint for the web app (`npm run lint`, run by `make lint`): TypeScript's recommended rules
// (without type information, so the whole app lints in seconds), the rules of hooks, the
// accessibility rules of jsx-a11y, and the import boundaries below. Problems print one per line
// as file:line:column (scripts/eslintFormatter.js).
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Import boundaries. A feature (src/features/<name>) imports the shared layers (@/lib,
 * @/components, @/api, @/i18n, and @/test in tests) and itself, never another feature's
 * internals: shared code belongs in src/lib or src/components, so that a change to one screen
 * cannot break another through a file it did not know was shared.
 *
 * PUBLIC_ENTRIES are the exceptions: modules that are a feature's entry for the rest of the app
 * (a screen or component another feature composes, a feature's query options), each with the
 * reason it is one. Code that is merely shared (formatting, badges, uploads, contact formats,
 * institution names) lives in src/lib or src/api instead, and an entry goes once nothing outside
 * its feature imports it.
 */
const PUBLIC_ENTRIES = [
  // The session: who is signed in.
  "auth/useAuth",
  // The app frame: navigation, the language switcher on every page, the public pages' frame and
  // the signed-in shell.
  "shell/nav",
  "shell/LanguageSwitcher",
  "shell/PublicFrame",
  "shell/AuthenticatedApp",
  // Screens the router and the home page compose: the shell mounts them, they do not import back.
  "home/HomePage",
  "pages/NotFound",
  "dashboard/AlertsPanel",
  "dashboard/DashboardPage",
  "dashboard/RecentTransactionsCard",
  "settings/forced",
  // The live-alert connection, one per signed-in page.
  "realtime/AlertStatusPanel",
  "realtime/DesktopAlertsButton",
  // The onboarding tour, opened from the application page and the demo page.
  "onboarding/OnboardingTour",
  "onboarding/TourOverlay",
  "onboarding/tourSteps",
  // A related transaction or institution as a link, on every screen that names one.
  "compliance/AlertReferences",
  // The KYC and compliance queues that /kyc and the dashboard show as their own.
  "compliance/KycDetailDialog",
  "compliance/KycList",
  "compliance/kycQueue",
  "compliance/alertsQueue",
  "compliance/ReportDialog",
  // A transaction's ISO 20022 message and the switch feed's card, shown on other screens.
  "switchfeed/IsoPanel",
  "switchfeed/FeedCard",
  "transactions/CompactTransactionsTable",
  // A feature's query options and readers, read where another screen shows its data (the
  // dashboard's recent transactions and alerts, an institution's own registry entry), so both
  // share one cache entry.
  "transactions/api",
  "registry/api",
  "compliance/api",
];

const features = readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const noFeature = { group: ["@/features/**"], message: "Shared code imports no feature: it would tie every screen to one" };

const boundaryMessage =
  "A feature imports @/lib, @/components, @/api, @/i18n and itself only: move shared code to src/lib, " +
  "or list a feature's public entry in eslint.config.js with the reason";

/**
 * The typed client `api` (src/api/api.ts) is imported by src/api, src/lib, each feature's api.ts
 * and the tests only: a feature's requests live in one place (its api.ts: query options, readers
 * and named mutations), so a screen's components call those and their query keys come from the
 * same file (issue 19). Its types (QueryOf, BodyOf) stay open to all.
 */
const clientImport = {
  name: "@/api/api",
  importNames: ["api"],
  message: "Requests live in the feature's api.ts: add a query option or a named mutation there and call that",
};

/**
 * The import rules of one feature: every other feature is closed but for the public entries, and
 * but for its api.ts and its tests, the client is too.
 */
function featureBoundary(name) {
  const patterns = [
    {
      // Files one level down: gitignore patterns cannot re-include a file under an
      // excluded folder, so the folders themselves are not excluded.
      group: ["@/features/*/*", `!@/features/${name}/*`, ...PUBLIC_ENTRIES.map((e) => `!@/features/${e}`)],
      message: boundaryMessage,
    },
    { group: ["../*", "../**"], message: "Import through @/ rather than climbing out of the folder" },
  ];
  return [
    {
      files: [`src/features/${name}/**/*.{ts,tsx}`],
      rules: { "no-restricted-imports": ["error", { paths: [clientImport], patterns }] },
    },
    {
      files: [`src/features/${name}/api.ts`, `src/features/${name}/**/*.test.{ts,tsx}`],
      rules: { "no-restricted-imports": ["error", { patterns }] },
    },
  ];
}

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "perf/", "src/api/schema.d.ts"] },
  // The service worker runs in its own global scope; the config and build scripts run in Node.
  { files: ["public/sw.js"], languageOptions: { globals: globals.serviceworker } },
  { files: ["*.js", "scripts/**"], languageOptions: { globals: globals.node } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // `_` marks a parameter a signature requires but the body does not use.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  { files: ["src/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  {
    files: ["src/**/*.tsx"],
    // A label's text may sit a few elements deep (a checkbox card's title inside its layout).
    rules: { "jsx-a11y/label-has-associated-control": ["error", { depth: 4 }] },
  },
  ...features.flatMap(featureBoundary),
  {
    // Every request goes through the typed client (src/api/api.ts): its path, parameters, body
    // and answer are checked against the OpenAPI contract, and every answer meets
    // throwIfResNotOk (ApiError, the guest meter). A raw fetch, or a helper taking a URL string,
    // would skip both, so only src/api may call fetch.
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/api/**"],
    rules: {
      "no-restricted-globals": [
        "error",
        { name: "fetch", message: "Call the API through `api` (src/api/api.ts), typed by the contract; only src/api calls fetch" },
      ],
      "no-restricted-properties": [
        "error",
        { object: "window", property: "fetch", message: "Call the API through `api` (src/api/api.ts); only src/api calls fetch" },
        { object: "globalThis", property: "fetch", message: "Call the API through `api` (src/api/api.ts); only src/api calls fetch" },
      ],
    },
  },
  {
    // The shared layers know no feature; of them, src/api and src/lib (the session, uploads, the
    // language choice) call the client, the components and translations do not.
    files: ["src/lib/**", "src/components/**", "src/api/**", "src/i18n/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [noFeature] }] },
  },
  {
    files: ["src/components/**", "src/i18n/**"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { paths: [clientImport], patterns: [noFeature] }] },
  },
  {
    // The app's entry, router and prerendering compose screens and call no endpoint themselves.
    files: ["src/*.{ts,tsx}"],
    ignores: ["src/*.test.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { paths: [clientImport] }] },
  },
);
