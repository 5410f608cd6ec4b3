import { lazy, Suspense, useEffect, useState } from "react";
import type { ReactNode } from "react";
import { useLocation } from "wouter";
import { useTranslation } from "react-i18next";
import type { CurrentUser } from "@/api/types";
import { RouteErrorBoundary } from "@/components/RouteErrorBoundary";
import { DesktopSidebar } from "@/features/shell/Sidebar";
import { Header } from "@/features/shell/Header";
import { useSidebarCollapsed } from "@/features/shell/useSidebarCollapsed";

// The phone drawer (a Radix dialog with its focus trap and scroll lock, about 8 KB gzipped) is
// loaded the first time the menu opens, not with every signed-in page.
const MobileDrawer = lazy(() => import("@/features/shell/MobileDrawer"));

/** The signed-in layout: sidebar (or drawer), top bar (with the live-alert status), page. */
export function AppShell({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const { t } = useTranslation();
  const [collapsed, toggleCollapsed] = useSidebarCollapsed();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Once opened, the drawer stays mounted so that it can animate closed.
  const [drawerWanted, setDrawerWanted] = useState(false);
  if (drawerOpen && !drawerWanted) setDrawerWanted(true);
  const [location] = useLocation();

  // Any navigation closes the drawer (links also close it directly).
  useEffect(() => {
    setDrawerOpen(false);
  }, [location]);

  return (
    <>
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-foreground"
      >
        {t("common.skipToContent")}
      </a>
      <div className="flex min-h-screen">
        <DesktopSidebar user={user} collapsed={collapsed} onToggle={toggleCollapsed} />
        {drawerWanted ? (
          <Suspense fallback={null}>
            <MobileDrawer user={user} open={drawerOpen} onOpenChange={setDrawerOpen} />
          </Suspense>
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col">
          <Header user={user} menuOpen={drawerOpen} onOpenMenu={() => setDrawerOpen(true)} />
          <main id="main-content" tabIndex={-1} className="flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
            <RouteErrorBoundary>{children}</RouteErrorBoundary>
          </main>
        </div>
      </div>
    </>
  );
}
