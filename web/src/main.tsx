import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { i18nReady } from "@/i18n";
import "@/index.css";
import { queryClient } from "@/api/queryClient";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { App } from "@/App";
import { noSessionAtLoad } from "@/features/auth/sessionHint";
import { landingDataInCache } from "@/features/landing/api";
import { ClientProtection } from "@/features/protection/ClientProtection";
import { registerServiceWorker } from "@/features/protection/serviceWorker";

const root = document.getElementById("root");
if (!root) throw new Error("missing #root element");

// English is bundled, so this waits only when the reader chose another language (its chunk is in
// flight), and, when the server sent the landing page (no session, at /), for its figures, which
// the server asked for with the page.
// The first render is a transition so that React renders in slices, yielding to the browser every
// few milliseconds, instead of holding a slow phone's main thread for a quarter of a second: the
// server's pre-rendered landing page stays on screen, its links working, until the commit.
const landingFirst = noSessionAtLoad() && window.location.pathname === "/";
void Promise.all([i18nReady, landingFirst && landingDataInCache(queryClient)]).then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <App />
          <LazyToaster />
          <ClientProtection />
        </QueryClientProvider>
      </StrictMode>,
    ),
  ),
);

if (import.meta.env.PROD) registerServiceWorker();
