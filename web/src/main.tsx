import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { i18nReady } from "@/i18n";
import "@/index.css";
import { queryClient } from "@/api/queryClient";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { App } from "@/App";
import { ClientProtection } from "@/features/protection/ClientProtection";
import { registerServiceWorker } from "@/features/protection/serviceWorker";

const root = document.getElementById("root");
if (!root) throw new Error("missing #root element");

// English is bundled, so this waits only when the reader chose Somali (its chunk is in flight).
void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <App />
        <LazyToaster />
        <ClientProtection />
      </QueryClientProvider>
    </StrictMode>,
  ),
);

if (import.meta.env.PROD) registerServiceWorker();
