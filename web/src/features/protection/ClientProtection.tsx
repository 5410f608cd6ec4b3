import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { ProtectionLayer } from "@/features/protection/ProtectionLayer";

/** Mounted once in appMain.tsx: the client security measures on the app's current page. */
export function ClientProtection() {
  const { t } = useTranslation();
  const [path] = useLocation();
  return <ProtectionLayer path={path} message={t("protection.hidden")} />;
}
