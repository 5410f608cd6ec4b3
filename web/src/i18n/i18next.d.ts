// Types i18next with en.json as its resources, so that t("missing.key") fails `npm run typecheck`.
// Keys built at run time go through dynamicKey (keys.ts) or a typed template-literal union.
import "i18next";
import type en from "./en.json";
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof en };
  }
}
