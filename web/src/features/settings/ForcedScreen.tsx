import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { LucideIcon } from "lucide-react";
import { LogOut } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LanguageSwitcher } from "@/features/shell/LanguageSwitcher";
import { logout } from "@/lib/auth-utils";

/**
 * The frame of a screen the server holds an account to (a reset password, a required second
 * factor): no navigation, only the task, the language and signing out.
 */
export function ForcedScreen({ testId, icon: Icon, title, description, wide, children }: {
  testId: string;
  icon: LucideIcon;
  title: string;
  description: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col bg-background" data-testid={testId}>
      <header className="flex items-center justify-end gap-2 px-4 py-4 sm:px-6">
        <LanguageSwitcher />
        <Button variant="outline" onClick={() => void logout()} data-testid="logout-button">
          <LogOut aria-hidden="true" />
          {t("header.logout")}
        </Button>
      </header>
      <main id="main-content" className="flex flex-1 items-start justify-center px-4 pb-16 pt-6 sm:pt-12">
        <Card className={wide ? "w-full max-w-xl" : "w-full max-w-md"}>
          <CardHeader>
            <Icon className="mb-2 h-9 w-9 text-primary" aria-hidden="true" />
            <CardTitle as="h1" className="text-xl">
              {title}
            </CardTitle>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </main>
    </div>
  );
}
