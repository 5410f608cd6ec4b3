/** Registers /sw.js at the site root (spec 000 §9, 001 §7); production builds only (main.tsx). */
export const SERVICE_WORKER_URL = "/sw.js";

export function registerServiceWorker(nav: Navigator = navigator, win: Window = window): void {
  if (!("serviceWorker" in nav)) return;
  const register = () => {
    nav.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: "/" })
      .then((registration) => {
        registration.addEventListener("updatefound", () => {
          const worker = registration.installing;
          worker?.addEventListener("statechange", () => {
            // An installed worker while another controls the page is a new version.
            if (worker.state === "installed" && nav.serviceWorker.controller) {
              console.info("[sw] A new version of Kormeer is available; it will be used after a reload.");
            }
          });
        });
      })
      .catch((error: unknown) => {
        // Registration failure is only logged (001 §8).
        console.warn("[sw] Service worker registration failed:", error);
      });
  };
  if (win.document.readyState === "complete") register();
  else win.addEventListener("load", register, { once: true });
}
