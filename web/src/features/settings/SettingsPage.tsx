import type { CurrentUser } from "@/api/types";
import { AmlSettingsPage } from "@/features/settings/AmlSettingsPage";
import { ApiKeysPage } from "@/features/settings/ApiKeysPage";
import { ApprovalsPage } from "@/features/settings/ApprovalsPage";
import { ProfilePage } from "@/features/settings/ProfilePage";
import { UsersPage } from "@/features/settings/UsersPage";

export type SettingsSection = "profile" | "users" | "approvals" | "aml" | "apiKeys";

/** /settings, /settings/users, /settings/approvals, /settings/aml and /settings/api-keys (one chunk). */
export function SettingsPage({ user, section }: { user: CurrentUser; section: SettingsSection }) {
  if (section === "users") return <UsersPage user={user} />;
  if (section === "approvals") return <ApprovalsPage user={user} />;
  if (section === "aml") return <AmlSettingsPage user={user} />;
  if (section === "apiKeys") return <ApiKeysPage user={user} />;
  return <ProfilePage user={user} />;
}

export default SettingsPage;
