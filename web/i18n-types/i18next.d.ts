// Typed translation keys, not yet on: `npm run typecheck:keys` type-checks the app with en.json
// as i18next's resources, so that t("missing.key") is a type error. It still reports the keys
// the app builds at run time (`errors.codes.${code}`) and the helpers typed `(key: string) =>
// string`; once those say so (a runtimeKey(key) cast in src/i18n), this file moves to src/i18n
// and `npm run typecheck` checks every key. Until then src/i18n/usedKeys.test.ts checks the
// literal ones.
import "i18next";
import type en from "../src/i18n/en.json";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en };
  }
}
