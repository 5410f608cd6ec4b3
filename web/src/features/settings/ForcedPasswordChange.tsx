import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { KeyRound } from "lucide-react";
import type { CurrentUser } from "@/api/types";
import { sharedKeys } from "@/api/keys";
import { ForcedScreen } from "@/features/settings/ForcedScreen";
import { PasswordForm } from "@/features/settings/PasswordForm";
import { usePageTitle } from "@/lib/usePageTitle";

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
    await queryClient.invalidateQueries({ queryKey: sharedKeys.authUser });
    navigate("/", { replace: true });
  }

  return (
    <ForcedScreen
      testId="forced-password-change"
      icon={KeyRound}
      title={t("settings.forced.title")}
      description={t("settings.forced.description", { email: user.email ?? "" })}
    >
      <PasswordForm idPrefix="forced-password" onChanged={() => void changed()} />
    </ForcedScreen>
  );
}

export default ForcedPasswordChange;
