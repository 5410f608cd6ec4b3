// The halves of en.json served by scripts/i18nSplit.ts.
declare module "virtual:kormeer-en-core" {
  const strings: Record<string, unknown>;
  export default strings;
}
declare module "virtual:kormeer-en-deferred" {
  const strings: Record<string, unknown>;
  export default strings;
}
declare module "virtual:kormeer-en-landing" {
  const strings: import("@/i18n/translate").StringTree;
  export default strings;
}
