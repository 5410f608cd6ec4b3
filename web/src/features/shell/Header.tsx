import { useTranslation } from "react-i18next";
import { LogOut, Menu } from "lucide-react";
import type { CurrentUser } from "@/api/types";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { AlertStatusPanel } from "@/features/realtime/AlertStatusPanel";
import { LanguageSwitcher } from "@/features/shell/LanguageSwitcher";
import { logout } from "@/lib/auth-utils";
import { displayName, formatRole, initials } from "@/features/shell/userDisplay";

interface HeaderProps {
  user: CurrentUser;
  onOpenMenu: () => void;
  menuOpen: boolean;
}

/** Top bar of the signed-in shell. */
export function Header({ user, onOpenMenu, menuOpen }: HeaderProps) {
  const { t } = useTranslation();
  const fullName = displayName(user);
  const role = formatRole(user.role) ?? t("header.userFallback");
  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-2 border-b bg-card/95 px-3 backdrop-blur sm:gap-3 sm:px-4 lg:px-6">
      <Button
        variant="ghost"
        size="icon"
        className="lg:hidden"
        data-testid="mobile-menu-button"
        aria-label={t("nav.openMenu")}
        title={t("nav.openMenu")}
        aria-expanded={menuOpen}
        aria-haspopup="dialog"
        onClick={onOpenMenu}
      >
        <Menu className="!size-5" aria-hidden="true" />
      </Button>
      <div className="min-w-0 flex-1">
        <p className="truncate text-base font-semibold leading-tight sm:text-lg">
          <span className="lg:hidden">{t("app.name")}</span>
          <span className="hidden lg:inline">{t("header.title")}</span>
        </p>
        <p className="hidden truncate text-xs text-muted-foreground sm:block">{t("header.subtitle")}</p>
      </div>
      {user.isGuest ? null : <AlertStatusPanel />}
      <LanguageSwitcher compact className="min-w-0 sm:min-w-[7.5rem]" />
      <div className="hidden text-right md:block">
        <p data-testid="user-name" className="max-w-[14rem] truncate text-sm font-medium leading-tight">
          {fullName}
        </p>
        <p data-testid="user-role" className="text-xs font-medium tracking-wide text-muted-foreground">
          {role}
        </p>
      </div>
      {/* Below 640 px the initials give way to the application's name (sign-out stays). */}
      <Avatar className="hidden h-9 w-9 sm:flex">
        {user.profileImageUrl ? <AvatarImage src={user.profileImageUrl} alt="" /> : null}
        <AvatarFallback aria-hidden="true">{initials(user)}</AvatarFallback>
      </Avatar>
      <Button
        variant="ghost"
        size="icon"
        data-testid="logout-button"
        aria-label={t("header.logout")}
        title={t("header.logout")}
        onClick={() => void logout()}
      >
        <LogOut className="!size-5" aria-hidden="true" />
      </Button>
    </header>
  );
}
