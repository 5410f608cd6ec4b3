import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { ShieldCheck } from "lucide-react";
import type { CurrentUser } from "@/api/types";
import { sharedKeys } from "@/api/keys";
import { ForcedScreen } from "@/features/settings/ForcedScreen";
import { TotpEnrolment } from "@/features/settings/TotpEnrolment";
import { usePageTitle } from "@/lib/usePageTitle";

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
    await queryClient.invalidateQueries({ queryKey: sharedKeys.authUser });
    navigate("/", { replace: true });
  }

  return (
    <ForcedScreen
      testId="forced-totp"
      icon={ShieldCheck}
      wide
      title={t("settings.totp.forcedTitle")}
      description={t("settings.totp.forcedDescription", { email: user.email ?? "" })}
    >
      <TotpEnrolment account={user.email ?? ""} onDone={() => void done()} />
    </ForcedScreen>
  );
}

export default ForcedTotpEnrolment;
