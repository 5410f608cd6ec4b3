import { Redirect, Route, Switch } from "wouter";
import type { CurrentUser } from "@/api/types";
import { AppShell } from "@/features/shell/AppShell";
import { NotFound } from "@/features/pages/NotFound";
import { PlaceholderPage } from "@/features/pages/PlaceholderPage";

/** Signed-in pages; each becomes a real screen in a later issue. */
export const SIGNED_IN_PAGES = [
  { path: "/", page: "pages.dashboard" },
  { path: "/transfers", page: "pages.transfers" },
  { path: "/transactions", page: "pages.transactions" },
  { path: "/compliance", page: "pages.compliance" },
  { path: "/metrics", page: "pages.metrics" },
  { path: "/applications", page: "pages.applications" },
  { path: "/mobile-access-management", page: "pages.mobileAccess" },
  { path: "/demo", page: "pages.demo" },
] as const;

/** The signed-in application: shell plus routes (loaded as its own chunk). */
export function AuthenticatedApp({ user }: { user: CurrentUser }) {
  return (
    <AppShell user={user}>
      <Switch>
        {SIGNED_IN_PAGES.map(({ path, page }) => (
          <Route key={path} path={path}>
            <PlaceholderPage page={page} />
          </Route>
        ))}
        <Route path="/login">
          <Redirect to="/" replace />
        </Route>
        <Route>
          <NotFound />
        </Route>
      </Switch>
    </AppShell>
  );
}

export default AuthenticatedApp;
