import { lazy } from "react";
import type { ComponentType } from "react";
import { loadDeferredStrings } from "@/i18n";

/**
 * React's `lazy` for a screen that is not on the first load: its code and the English strings of
 * the lazily loaded screens (i18n/groups.ts) load together, so it never renders raw keys.
 * scripts/firstLoadStrings.test.ts fails when a component loaded with plain `lazy` names those
 * strings. The type bound is React's own `lazy`'s.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bound of React's own lazy
export function lazyScreen<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy<T>(async () => {
    const [module] = await Promise.all([load(), loadDeferredStrings()]);
    return module;
  });
}
