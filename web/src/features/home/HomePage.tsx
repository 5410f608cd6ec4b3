import type { CurrentUser } from "@/api/types";
import { DashboardPage } from "@/features/dashboard/DashboardPage";
import { CitizenHome } from "@/features/home/CitizenHome";
import { GuestHome } from "@/features/home/GuestHome";
import { InstitutionHome } from "@/features/home/InstitutionHome";
import { isRegulator } from "@/lib/roles";

/**
 * The page after sign-in, chosen by role (issue 17): regulators land on national oversight,
 * institution staff on their institution, citizens on their own applications and identity check,
 * guests on what their units buy. Each reads only what the server answers to that role.
 */
export function HomePage({ user }: { user: CurrentUser }) {
  if (user.isGuest) return <GuestHome user={user} />;
  if (isRegulator(user.role)) return <DashboardPage />;
  if (user.role === "psp_admin" || user.role === "mno_admin") return <InstitutionHome kind={user.role === "psp_admin" ? "psp" : "mno"} />;
  return <CitizenHome user={user} />;
}
