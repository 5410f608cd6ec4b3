import { lazy, Suspense } from "react";
import { Redirect, Route, Switch, useLocation, useSearch } from "wouter";
import { RouteErrorBoundary } from "@/components/RouteErrorBoundary";
import { signInFor } from "@/features/auth/deepLink";
import { useAuth } from "@/features/auth/useAuth";
import { AppLandingPage } from "@/features/landing/AppLandingPage";
import { LoadingScreen } from "@/features/pages/LoadingScreen";
import { NotFound } from "@/features/pages/NotFound";
import { RealtimeProvider } from "@/features/realtime/RealtimeContext";
import { lazyScreen } from "@/i18n/lazyScreen";

const AuthenticatedApp = lazy(() => import("@/features/shell/AuthenticatedApp"));
const LoginPage = lazyScreen(() => import("@/features/auth/LoginPage"));
const JwtTestPage = lazyScreen(() => import("@/features/jwt-test/JwtTestPage"));
const ConfirmEmailPage = lazyScreen(() => import("@/features/confirm-email/ConfirmEmailPage"));
const OnboardingPage = lazyScreen(() => import("@/features/onboarding/OnboardingPage"));
const PublicApplyPage = lazyScreen(() =>
  import("@/features/applications/ApplyPage").then((m) => ({ default: m.PublicApplyPage })),
);

/** Signed-out routes (spec 000 §2, plus /login, /apply and the registration e-mail's /confirm-email). */
function PublicRoutes() {
  return (
    <Switch>
      <Route path="/">
        <AppLandingPage />
      </Route>
      <Route path="/onboarding">
        <OnboardingPage />
      </Route>
      <Route path="/apply">
        <PublicApplyPage />
      </Route>
      <Route path="/jwt-test">
        <JwtTestPage />
      </Route>
      <Route path="/login">
        <LoginPage />
      </Route>
      <Route path="/confirm-email">
        <ConfirmEmailPage />
      </Route>
      <Route>
        <SignInOrNotFound />
      </Route>
    </Switch>
  );
}

/** A page of the signed-in app opened signed out: sign in, then back to it; anything else 404. */
function SignInOrNotFound() {
  const [location] = useLocation();
  const search = useSearch();
  const to = signInFor(location, search);
  return to ? <Redirect to={to} replace /> : <NotFound fullScreen />;
}

/** Chooses signed-in or signed-out routes once the user is known. */
export function App() {
  const { user, isLoading, isAuthenticated } = useAuth();
  if (isLoading) return <LoadingScreen />;
  return (
    <RealtimeProvider userId={isAuthenticated && user ? user.id : null}>
      <RouteErrorBoundary>
        <Suspense fallback={<LoadingScreen />}>
          {isAuthenticated && user ? <AuthenticatedApp user={user} /> : <PublicRoutes />}
        </Suspense>
      </RouteErrorBoundary>
    </RealtimeProvider>
  );
}
