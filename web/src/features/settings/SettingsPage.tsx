import type { CurrentUser } from "@/api/types";
import { AmlSettingsPage } from "@/features/settings/AmlSettingsPage";
import { ProfilePage } from "@/features/settings/ProfilePage";
import { UsersPage } from "@/features/settings/UsersPage";

export type SettingsSection = "profile" | "users" | "aml";

/** /settings, /settings/users and /settings/aml (one chunk). */
export function SettingsPage({ user, section }: { user: CurrentUser; section: SettingsSection }) {
  if (section === "users") return <UsersPage user={user} />;
  if (section === "aml") return <AmlSettingsPage user={user} />;
  return <ProfilePage user={user} />;
}

export default SettingsPage;
