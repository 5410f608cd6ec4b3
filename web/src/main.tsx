import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import "@/i18n";
import "@/index.css";
import { queryClient } from "@/api/queryClient";
import { Toaster } from "@/components/ui/toaster";
import { App } from "@/App";
import { ClientProtection } from "@/features/protection/ClientProtection";
import { registerServiceWorker } from "@/features/protection/serviceWorker";

const root = document.getElementById("root");
if (!root) throw new Error("missing #root element");

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
      <Toaster />
      <ClientProtection />
    </QueryClientProvider>
  </StrictMode>,
);

if (import.meta.env.PROD) registerServiceWorker();
