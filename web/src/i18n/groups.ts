/**
 * The groups of en.json (top-level keys, or dotted paths to sub-groups) that only lazily loaded
 * screens use. They are left
 * out of the first load's English strings and arrive in their own chunk when such a screen is
 * first opened (`loadDeferredStrings`, awaited by `lazyScreen`): issue 15's 200 KB budget for
 * the landing page and the dashboard. Every other group is bundled with the app.
 *
 * scripts/firstLoadStrings.test.ts fails when a file of the first load names one of these (the
 * screen would show raw keys) or when a name here is not a group of en.json.
 */
export const DEFERRED_GROUPS = [
  "login",
  "confirmEmail",
  "jwt",
  "validation",
  "tour",
  "apply",
  "transactions",
  "transfers",
  "audits",
  "compliance",
  "metrics",
  "demoPage",
  "users",
  "analytics",
  "approvals",
  "auditTrail",
  "kycPage",
  "switchFeed",
  "sanctions",
  "mobileAccess",
  // The settings screens' own texts; their menu entries and the language switcher's stay.
  "settings.profile",
  "settings.password",
  "settings.forced",
  "settings.sessions",
  "settings.tokens",
  "settings.totp",
  "settings.apiKeys",
] as const;

/**
 * The groups of en.json the landing page shows (dotted paths), served as
 * `virtual:kormeer-en-landing` for its first load, which runs without the app's i18next and its
 * first-load strings (src/landingMain.tsx); the app's core strings leave them out and merge them
 * back (src/i18n/index.ts). features/landing/StandaloneLanding.test.tsx fails when the page shows
 * a key outside them (it would show the key).
 */
export const LANDING_GROUPS = [
  "app.name",
  "language.label",
  "landing",
  "carousel",
  "publicRegister",
  "registry.compliance",
  "protection.hidden",
] as const;
