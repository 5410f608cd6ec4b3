import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { LogOut, ShieldCheck } from "lucide-react";
import type { CurrentUser } from "@/api/types";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { AUTH_USER_KEY } from "@/features/auth/useAuth";
import { LanguageSwitcher } from "@/features/shell/LanguageSwitcher";
import { TotpEnrolment } from "@/features/settings/TotpEnrolment";
import { logout } from "@/lib/auth-utils";
import { usePageTitle } from "@/lib/usePageTitle";

/** True while the server holds this regulator to the two-step verification set-up (--require-totp). */
export function mustEnrollTotp(user: CurrentUser | null | undefined): boolean {
  return Boolean(user?.mustEnrollTotp);
}

/**
 * The only screen of a regulator who must set up two-step verification first: the server answers
 * 403 to everything else until it is on. The recovery codes are shown before the portal opens.
 */
export function ForcedTotpEnrolment({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  usePageTitle(t("settings.totp.forcedTitle"));

  async function done() {
    await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
    navigate("/", { replace: true });
  }

  return (
    <div className="flex min-h-screen flex-col bg-background" data-testid="forced-totp">
      <header className="flex items-center justify-end gap-2 px-4 py-4 sm:px-6">
        <LanguageSwitcher />
        <Button variant="outline" onClick={() => void logout()} data-testid="logout-button">
          <LogOut aria-hidden="true" />
          {t("header.logout")}
        </Button>
      </header>
      <main id="main-content" className="flex flex-1 items-start justify-center px-4 pb-16 pt-6 sm:pt-12">
        <Card className="w-full max-w-xl">
          <CardHeader>
            <ShieldCheck className="mb-2 h-9 w-9 text-primary" aria-hidden="true" />
            <CardTitle as="h1" className="text-xl">
              {t("settings.totp.forcedTitle")}
            </CardTitle>
            <CardDescription>{t("settings.totp.forcedDescription", { email: user.email ?? "" })}</CardDescription>
          </CardHeader>
          <CardContent>
            <TotpEnrolment account={user.email ?? ""} onDone={() => void done()} />
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
