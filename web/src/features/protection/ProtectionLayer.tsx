import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { EyeOff } from "lucide-react";
import "@/features/protection/protection.css";
import { MARK_DELAY_MS, installProtections, isProtectedPath, markSensitive } from "@/features/protection/protection";

/**
 * Installs the client security measures of spec 000 §9 on every page whose path does not contain
 * jwt-test, register or login, and removes them on the others. Returns whether the page is
 * currently hidden (blurred) because the window lost focus.
 */
export function useClientProtection(path: string): boolean {
  const active = isProtectedPath(path);
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!active) return;
    const uninstall = installProtections();
    const onBlur = () => setHidden(true);
    const onFocus = () => setHidden(false);
    window.addEventListener("blur", onBlur);
    window.addEventListener("focus", onFocus);
    return () => {
      uninstall();
      window.removeEventListener("blur", onBlur);
      window.removeEventListener("focus", onFocus);
      setHidden(false);
    };
  }, [active]);
  // Each new page renders new figures: mark them about a second after it shows.
  useEffect(() => {
    if (!active) return;
    const id = window.setTimeout(() => markSensitive(), MARK_DELAY_MS);
    return () => window.clearTimeout(id);
  }, [active, path]);
  return active && hidden;
}

/**
 * The measures on a page at path, and while the page is blurred, message saying why, outside the
 * blurred root. Its own module, without i18next or the router, so that the landing page's first
 * load (src/landingMain.tsx), which runs without them, mounts it too.
 */
export function ProtectionLayer({ path, message }: { path: string; message: string }) {
  const hidden = useClientProtection(path);
  if (!hidden || typeof document === "undefined") return null;
  return createPortal(
    <div
      className="pointer-events-none fixed inset-x-0 top-1/3 z-[100] mx-auto flex w-fit max-w-[90vw] items-center gap-2 rounded-full border bg-card px-4 py-2 text-sm font-medium text-card-foreground shadow-lg"
      data-testid="protection-hidden"
    >
      <EyeOff className="h-4 w-4 shrink-0" aria-hidden="true" />
      {message}
    </div>,
    document.body,
  );
}
