import { useTranslation } from "react-i18next";
import { Shield } from "lucide-react";

/** Shown while the authentication state is loading (spec 000 §2). */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-screen flex-col items-center justify-center gap-4 bg-background"
    >
      <Shield className="h-14 w-14 animate-pulse text-primary" aria-hidden="true" />
      <p className="text-base font-medium text-muted-foreground">{t("app.loading")}</p>
    </div>
  );
}
