import { lazy } from "react";
import type { ComponentType } from "react";
import { loadDeferredStrings } from "@/i18n";

/**
 * React's `lazy` for a screen that is not on the first load: its code and the English strings of
 * the lazily loaded screens (i18n/groups.ts) load together, so it never renders raw keys. Every
 * lazily loaded component goes through this but the signed-in shell, which is part of the first
 * load (scripts/firstLoadStrings.test.ts checks both).
 */
export function lazyScreen<T extends ComponentType<never>>(load: () => Promise<{ default: T }>) {
  return lazy(() => Promise.all([load(), loadDeferredStrings()]).then(([module]) => module));
}
