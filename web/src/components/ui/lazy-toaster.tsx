import { lazy, Suspense, useState } from "react";
import { useToast } from "@/components/ui/use-toast";

const Toaster = lazy(() => import("@/components/ui/toaster").then((m) => ({ default: m.Toaster })));

/**
 * The root's toaster, mounted when the first toast is raised: most first loads (the landing page
 * always) show none, and Radix Toast weighs about 6 KB gzipped on a slow phone. Once mounted it
 * stays, so later toasts appear at once.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const [wanted, setWanted] = useState(false);
  if (toasts.length > 0 && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
