import * as Dialog from "@radix-ui/react-dialog";
import { useTranslation } from "react-i18next";
import { X } from "lucide-react";
import type { CurrentUser } from "@/api/types";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { displayName, formatRole, initials } from "@/features/shell/userDisplay";
import { GuestBox, SidebarBrand, SidebarNav } from "@/features/shell/Sidebar";

interface MobileDrawerProps {
  user: CurrentUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Below 1024 px the sidebar is a slide-in drawer (288–320 px) over a backdrop.
 * Radix Dialog gives it focus trapping, Escape and backdrop dismissal.
 */
export function MobileDrawer({ user, open, onOpenChange }: MobileDrawerProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay
          data-testid="mobile-drawer-backdrop"
          className="fixed inset-0 z-50 bg-black/50 animate-fade-in lg:hidden"
        />
        <Dialog.Content
          data-testid="mobile-drawer"
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex flex-col bg-sidebar text-sidebar-foreground shadow-xl lg:hidden"
          style={{ width: "clamp(288px, 85vw, 320px)", animation: "drawer-in 200ms ease-out" }}
        >
          <Dialog.Title className="sr-only">{t("nav.label")}</Dialog.Title>
          <div className="relative">
            <SidebarBrand collapsed={false} />
            <Dialog.Close
              aria-label={t("nav.closeMenu")}
              className="absolute right-3 top-3 flex h-10 w-10 items-center justify-center rounded-md text-sidebar-foreground hover:bg-sidebar-accent focus-visible:outline-2 focus-visible:outline-white cursor-pointer"
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="flex items-center gap-3 border-b border-sidebar-border px-4 py-3">
            <Avatar>
              {user.profileImageUrl ? <AvatarImage src={user.profileImageUrl} alt="" /> : null}
              <AvatarFallback aria-hidden="true">{initials(user)}</AvatarFallback>
            </Avatar>
            <div className="min-w-0">
              <p className="truncate text-sm font-medium">
                {displayName(user)}
              </p>
              <p className="text-xs tracking-wide text-sidebar-muted">
                {formatRole(user.role) ?? t("header.userFallback")}
              </p>
            </div>
          </div>
          <SidebarNav user={user} collapsed={false} onNavigate={() => onOpenChange(false)} />
          <GuestBox user={user} collapsed={false} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export default MobileDrawer;
