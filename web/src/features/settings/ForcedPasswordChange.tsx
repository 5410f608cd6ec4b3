import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { KeyRound, LogOut } from "lucide-react";
import type { CurrentUser } from "@/api/types";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { AUTH_USER_KEY } from "@/features/auth/useAuth";
import { LanguageSwitcher } from "@/features/shell/LanguageSwitcher";
import { PasswordForm } from "@/features/settings/PasswordForm";
import { logout } from "@/lib/auth-utils";
import { usePageTitle } from "@/lib/usePageTitle";

/** True while the server refuses everything but the password change (an administrator reset it). */
export function mustChangePassword(user: CurrentUser | null | undefined): boolean {
  return Boolean(user?.mustChangePassword);
}

/**
 * The only screen of an account whose password was reset: wherever the user goes, they see
 * this form (the server answers 403 to everything else). Once changed, the user is read again
 * and the dashboard opens.
 */
export function ForcedPasswordChange({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  usePageTitle(t("settings.forced.title"));

  async function changed() {
    await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
    navigate("/", { replace: true });
  }

  return (
    <div className="flex min-h-screen flex-col bg-background" data-testid="forced-password-change">
      <header className="flex items-center justify-end gap-2 px-4 py-4 sm:px-6">
        <LanguageSwitcher />
        <Button variant="outline" onClick={() => void logout()} data-testid="logout-button">
          <LogOut aria-hidden="true" />
          {t("header.logout")}
        </Button>
      </header>
      <main id="main-content" className="flex flex-1 items-start justify-center px-4 pb-16 pt-6 sm:pt-12">
        <Card className="w-full max-w-md">
          <CardHeader>
            <KeyRound className="mb-2 h-9 w-9 text-primary" aria-hidden="true" />
            <CardTitle as="h1" className="text-xl">
              {t("settings.forced.title")}
            </CardTitle>
            <CardDescription>{t("settings.forced.description", { email: user.email ?? "" })}</CardDescription>
          </CardHeader>
          <CardContent>
            <PasswordForm idPrefix="forced-password" onChanged={() => void changed()} />
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
