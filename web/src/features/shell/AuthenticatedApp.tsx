import { Suspense } from "react";
import { Redirect, Route, Switch } from "wouter";
import type { CurrentUser } from "@/api/types";
import { Skeleton } from "@/components/ui/skeleton";
import { AppShell } from "@/features/shell/AppShell";
import { isRegulatorAccount, mayManageApiKeys, mayTransfer } from "@/features/shell/nav";
import { useAccountLanguage } from "@/lib/languageChoice";
import { NotFound } from "@/features/pages/NotFound";
import { HomePage } from "@/features/home/HomePage";
import { mustChangePassword, mustEnrollTotp } from "@/features/settings/forced";
import { lazyScreen } from "@/i18n/lazyScreen";

// Screens few visits show (the forced ones, the tour) load on demand like the pages, so that the
// dashboard's first load carries only the dashboard (docs/PERFORMANCE.md, "Web app on a slow phone").
const ForcedPasswordChange = lazyScreen(() => import("@/features/settings/ForcedPasswordChange"));
const ForcedTotpEnrolment = lazyScreen(() => import("@/features/settings/ForcedTotpEnrolment"));
const SignedInTour = lazyScreen(() => import("@/features/onboarding/SignedInTour"));

const ApplyPage = lazyScreen(() => import("@/features/applications/ApplyPage"));
const ApplicationsPage = lazyScreen(() => import("@/features/applications/ApplicationsPage"));
const RegistryPage = lazyScreen(() => import("@/features/registry/RegistryPage"));
const TransfersPage = lazyScreen(() => import("@/features/transfers/TransfersPage"));
const TransactionsPage = lazyScreen(() => import("@/features/transactions/TransactionsPage"));
const CompliancePage = lazyScreen(() => import("@/features/compliance/CompliancePage"));
const AlertQueuePage = lazyScreen(() => import("@/features/compliance/AlertQueuePage"));
const MetricsPage = lazyScreen(() => import("@/features/metrics/MetricsPage"));
const MobileAccessPage = lazyScreen(() => import("@/features/mobile-access/MobileAccessPage"));
const DemoPage = lazyScreen(() => import("@/features/demo/DemoPage"));
const SettingsPage = lazyScreen(() => import("@/features/settings/SettingsPage"));
const AnalyticsPage = lazyScreen(() => import("@/features/analytics/AnalyticsPage"));
const AuditPage = lazyScreen(() => import("@/features/audit/AuditPage"));
const KycPage = lazyScreen(() => import("@/features/kyc/KycPage"));
const SwitchFeedPage = lazyScreen(() => import("@/features/switchfeed/SwitchFeedPage"));
const SanctionsPage = lazyScreen(() => import("@/features/sanctions/SanctionsPage"));

function PageFallback() {
  return <Skeleton className="mx-auto h-40 max-w-6xl rounded-lg bg-muted/60" />;
}

/** The signed-in application: shell plus routes (loaded as its own chunk). */
export function AuthenticatedApp({ user }: { user: CurrentUser }) {
  useAccountLanguage(user);
  // The forced screens suspend into App's full-screen fallback while they load (they have no shell).
  // A reset password must be changed first: the server refuses everything else until then.
  if (mustChangePassword(user)) return <ForcedPasswordChange user={user} />;
  // --require-totp: a regulator without two-step verification sets it up before anything else.
  if (mustEnrollTotp(user)) return <ForcedTotpEnrolment user={user} />;
  return (
    <AppShell user={user}>
      <Suspense fallback={<PageFallback />}>
        <Switch>
          <Route path="/">
            <HomePage user={user} />
          </Route>
          <Route path="/applications">
            <ApplicationsPage user={user} />
          </Route>
          <Route path="/apply">
            <ApplyPage />
          </Route>
          <Route path="/onboarding">
            <SignedInTour />
          </Route>
          <Route path="/psps">
            <RegistryPage key="psp" kind="psp" user={user} />
          </Route>
          <Route path="/mnos">
            <RegistryPage key="mno" kind="mno" user={user} />
          </Route>
          <Route path="/banks">
            <RegistryPage key="bank" kind="bank" user={user} />
          </Route>
          <Route path="/transfers">
            {mayTransfer(user) ? <TransfersPage /> : <Redirect to="/" replace />}
          </Route>
          <Route path="/transactions">
            <TransactionsPage user={user} />
          </Route>
          <Route path="/compliance/alerts">
            {user.isGuest ? <Redirect to="/" replace /> : <AlertQueuePage user={user} />}
          </Route>
          <Route path="/compliance">
            {user.isGuest ? <Redirect to="/" replace /> : <CompliancePage user={user} />}
          </Route>
          <Route path="/metrics">
            {isRegulatorAccount(user) ? <MetricsPage /> : <Redirect to="/" replace />}
          </Route>
          <Route path="/mobile-access-management">
            <MobileAccessPage user={user} />
          </Route>
          <Route path="/demo">
            <DemoPage user={user} />
          </Route>
          <Route path="/settings">
            {user.isGuest ? <Redirect to="/" replace /> : <SettingsPage user={user} section="profile" />}
          </Route>
          <Route path="/settings/users">
            {user.isGuest ? <Redirect to="/" replace /> : <SettingsPage user={user} section="users" />}
          </Route>
          <Route path="/settings/approvals">
            {user.isGuest ? <Redirect to="/" replace /> : <SettingsPage user={user} section="approvals" />}
          </Route>
          <Route path="/settings/aml">
            {user.isGuest ? <Redirect to="/" replace /> : <SettingsPage user={user} section="aml" />}
          </Route>
          <Route path="/settings/api-keys">
            {user.isGuest || !mayManageApiKeys(user.role) ? <Redirect to="/settings" replace /> : <SettingsPage user={user} section="apiKeys" />}
          </Route>
          <Route path="/analytics">
            {user.isGuest ? <Redirect to="/" replace /> : <AnalyticsPage user={user} />}
          </Route>
          <Route path="/kyc">
            {/* Citizens follow their own applications on /compliance. */}
            {user.isGuest ? (
              <Redirect to="/" replace />
            ) : user.role === "citizen" ? (
              <Redirect to="/compliance" replace />
            ) : (
              <KycPage user={user} />
            )}
          </Route>
          <Route path="/sanctions">
            {user.isGuest ? <Redirect to="/" replace /> : <SanctionsPage user={user} />}
          </Route>
          <Route path="/audit">
            {user.isGuest ? <Redirect to="/" replace /> : <AuditPage user={user} />}
          </Route>
          <Route path="/switch-feed">
            {user.isGuest ? <Redirect to="/" replace /> : <SwitchFeedPage user={user} />}
          </Route>
          <Route path="/login">
            <Redirect to="/" replace />
          </Route>
          <Route>
            <NotFound />
          </Route>
        </Switch>
      </Suspense>
    </AppShell>
  );
}

export default AuthenticatedApp;
