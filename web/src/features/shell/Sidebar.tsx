import { createContext, lazy, Suspense, use } from "react";
import type { ComponentType, ReactElement, ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { useTranslation } from "react-i18next";
import { ChevronsLeft, ChevronsRight, Shield, UserRound } from "lucide-react";
import type { CurrentUser } from "@/api/types";
import { cn } from "@/lib/utils";
import { isActivePath, visibleGroups } from "@/features/shell/nav";
import type { NavItem } from "@/features/shell/nav";

// The collapsed sidebar's tooltips (Radix Tooltip with its popper and floating-ui, some 12 KB
// gzipped) load the first time the sidebar is collapsed, not with every signed-in page: the
// dashboard's initial JS has a 200 KB budget (issue 15, scripts/bundleBudget.test.ts).
const CollapsedTooltips = lazy(() => import("@/features/shell/CollapsedTooltips"));

/** A collapsed sidebar item (`children`, the trigger) and the label its tooltip shows. */
export interface CollapsedTooltipProps {
  label: ReactNode;
  children: ReactElement;
}

/**
 * The tooltip a collapsed item is wrapped in, provided by CollapsedTooltips once it has loaded.
 * Before that (null) the item renders bare: its link works at once, and its label is already in
 * the page as sr-only text.
 */
export const CollapsedTooltipContext = createContext<ComponentType<CollapsedTooltipProps> | null>(null);

/** A collapsed item with its label in a tooltip to its right, once the tooltips have loaded. */
function CollapsedTooltip({ label, children }: CollapsedTooltipProps) {
  const Tooltip = use(CollapsedTooltipContext);
  return Tooltip ? <Tooltip label={label}>{children}</Tooltip> : children;
}

interface SidebarNavProps {
  user: CurrentUser;
  collapsed: boolean;
  /** Called after a link is followed (closes the mobile drawer). */
  onNavigate?: () => void;
}

/** The navigation list, shared by the desktop sidebar and the mobile drawer. */
export function SidebarNav({ user, collapsed, onNavigate }: SidebarNavProps) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const groups = visibleGroups(Boolean(user.isGuest), user.role);

  return (
    <nav aria-label={t("nav.label")} className="min-h-0 flex-1 overflow-y-auto px-2 py-4">
      {groups.map((group) => (
        <div key={group.key} className="mb-5" role="group" aria-labelledby={`nav-group-${group.key}`}>
          <h2
            id={`nav-group-${group.key}`}
            className={cn(
              "mb-1 px-3 text-[11px] font-semibold uppercase tracking-wider text-sidebar-muted",
              collapsed && "sr-only",
            )}
          >
            {t(group.labelKey)}
          </h2>
          <ul className="space-y-0.5">
            {group.items.map((item) => (
              <NavEntry
                key={item.key}
                item={item}
                location={location}
                collapsed={collapsed}
                onNavigate={onNavigate}
              />
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function NavEntry({
  item,
  location,
  collapsed,
  onNavigate,
}: {
  item: NavItem;
  location: string;
  collapsed: boolean;
  onNavigate: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const active = isActivePath(item.href, location);
  const Icon = item.icon;
  const label = t(item.labelKey);
  const link = (
    <Link
      href={item.href}
      onClick={onNavigate}
      aria-current={active ? "page" : undefined}
      data-testid={`nav-${item.key}`}
      className={cn(
        "flex min-h-10 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-sidebar-foreground transition-colors hover:bg-sidebar-accent focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-white",
        active && "bg-primary text-primary-foreground shadow-sm hover:bg-primary",
        collapsed && "justify-center px-0",
      )}
    >
      <Icon className="h-5 w-5 shrink-0" aria-hidden="true" />
      <span className={cn("truncate", collapsed && "sr-only")}>{label}</span>
    </Link>
  );
  return (
    <li>
      {collapsed ? <CollapsedTooltip label={label}>{link}</CollapsedTooltip> : link}
      {active && !collapsed && item.children?.length ? (
        <ul className="mt-0.5 space-y-0.5 border-l border-sidebar-border ml-5 pl-3">
          {item.children.map((child) => {
            const ChildIcon = child.icon;
            return (
              <li key={child.key}>
                <Link
                  href={child.href}
                  onClick={onNavigate}
                  data-testid={`nav-${child.key}`}
                  className="flex min-h-9 items-center gap-2 rounded-md px-2 py-1.5 text-sm text-sidebar-muted hover:bg-sidebar-accent hover:text-sidebar-foreground focus-visible:outline-2 focus-visible:outline-white"
                >
                  <ChildIcon className="h-4 w-4" aria-hidden="true" />
                  {t(child.labelKey)}
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
    </li>
  );
}

/** Guest allowance box (spec 000 §2). */
export function GuestBox({ user, collapsed }: { user: CurrentUser; collapsed: boolean }) {
  const { t } = useTranslation();
  if (!user.isGuest) return null;
  const units = t("guest.unitsRemaining", { count: user.guestUnitsRemaining });
  const body = (
    <div
      data-testid="guest-box"
      className={cn(
        "mx-2 mb-3 rounded-md border border-sidebar-border bg-sidebar-accent/60 p-3 text-sm text-sidebar-foreground",
        collapsed && "flex justify-center p-2",
      )}
    >
      {collapsed ? (
        <>
          <UserRound className="h-5 w-5" aria-hidden="true" />
          <span className="sr-only">
            {t("guest.title")}: {units}. {t("guest.scope")}
          </span>
        </>
      ) : (
        <>
          <p className="font-semibold">{t("guest.title")}</p>
          <p className="mt-0.5 tabular-nums">{units}</p>
          <p className="mt-1 text-xs text-sidebar-muted">{t("guest.scope")}</p>
        </>
      )}
    </div>
  );
  if (!collapsed) return body;
  return (
    <CollapsedTooltip label={`${t("guest.title")} · ${units}`}>
      {/* Focusable so that keyboard users can open the tooltip that holds the collapsed box's text. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div tabIndex={0} className="focus-visible:outline-2 focus-visible:outline-white rounded-md">
        {body}
      </div>
    </CollapsedTooltip>
  );
}

/** Brand line at the top of the sidebar. */
export function SidebarBrand({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      className={cn(
        "flex h-16 shrink-0 items-center gap-2 border-b border-sidebar-border px-4 text-sidebar-foreground",
        collapsed && "justify-center px-0",
      )}
    >
      <Shield className="h-6 w-6 shrink-0 text-sidebar-foreground" aria-hidden="true" />
      <span className={cn("text-lg font-semibold tracking-tight", collapsed && "sr-only")}>
        {t("app.name")}
      </span>
    </div>
  );
}

interface DesktopSidebarProps {
  user: CurrentUser;
  collapsed: boolean;
  onToggle: () => void;
}

/** The desktop (≥1024 px) sidebar: 256 px expanded, 64 px collapsed. */
export function DesktopSidebar({ user, collapsed, onToggle }: DesktopSidebarProps) {
  const { t } = useTranslation();
  const toggleLabel = collapsed ? t("nav.expand") : t("nav.collapse");
  const items = (
    <>
      <SidebarNav user={user} collapsed={collapsed} />
      <GuestBox user={user} collapsed={collapsed} />
    </>
  );
  return (
    <aside
      data-testid="sidebar"
      data-collapsed={collapsed}
      id="desktop-sidebar"
      className={cn(
        "sticky top-0 hidden h-screen shrink-0 flex-col bg-sidebar text-sidebar-foreground transition-[width] duration-200 lg:flex",
        collapsed ? "w-16" : "w-64",
      )}
    >
      <SidebarBrand collapsed={collapsed} />
      {collapsed ? (
        // While the tooltips load, the items render without them (CollapsedTooltipContext).
        <Suspense fallback={items}>
          <CollapsedTooltips>{items}</CollapsedTooltips>
        </Suspense>
      ) : (
        items
      )}
      <div className="border-t border-sidebar-border p-2">
        <button
          type="button"
          data-testid="sidebar-toggle"
          aria-label={toggleLabel}
          aria-expanded={!collapsed}
          aria-controls="desktop-sidebar"
          onClick={onToggle}
          className={cn(
            "flex h-10 w-full items-center gap-2 rounded-md px-3 text-sm text-sidebar-muted hover:bg-sidebar-accent hover:text-sidebar-foreground focus-visible:outline-2 focus-visible:outline-white cursor-pointer",
            collapsed && "justify-center px-0",
          )}
        >
          {collapsed ? (
            <ChevronsRight className="h-5 w-5" aria-hidden="true" />
          ) : (
            <>
              <ChevronsLeft className="h-5 w-5" aria-hidden="true" />
              <span>{toggleLabel}</span>
            </>
          )}
        </button>
      </div>
    </aside>
  );
}
