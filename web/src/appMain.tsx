import { StrictMode, startTransition } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { i18nReady } from "@/i18n";
import { queryClient } from "@/api/queryClient";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { App } from "@/App";
import { ClientProtection } from "@/features/protection/ClientProtection";

/**
 * The app: every page but the landing page's first load (main.tsx), in a chunk of its own with the
 * libraries only it uses (i18next, TanStack Query, wouter). The server preloads it with every page
 * but that one (internal/httpapi/shell.go); the landing page loads it when the visitor leaves it.
 *
 * English is bundled, so the first render waits only when the reader chose another language (its
 * chunk is in flight). It is a transition, so that React renders in slices, yielding to the
 * browser every few milliseconds, instead of holding a slow phone's main thread for a quarter of a
 * second. `takeOver`, when the landing page hands over to the app, is called right before the
 * app's first render, which then commits in the same task, so that no blank frame shows between.
 */
export function startApp(root: HTMLElement, takeOver?: () => void): Promise<void> {
  return i18nReady.then(() => {
    const app = (
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <App />
          <LazyToaster />
          <ClientProtection />
        </QueryClientProvider>
      </StrictMode>
    );
    if (takeOver) {
      takeOver();
      const appRoot = createRoot(root);
      flushSync(() => appRoot.render(app));
      return;
    }
    startTransition(() => createRoot(root).render(app));
  });
}
