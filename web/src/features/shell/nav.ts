import type { LucideIcon } from "lucide-react";
import {
  ArrowLeftRight,
  FileText,
  Gauge,
  LayoutDashboard,
  Receipt,
  Search,
  ShieldCheck,
  Sparkles,
} from "lucide-react";

export interface NavSubItem {
  key: string;
  labelKey: string;
  href: string;
  icon: LucideIcon;
}

export interface NavItem {
  key: string;
  labelKey: string;
  href: string;
  icon: LucideIcon;
  /** Shown under the item when it is active and the sidebar is expanded. */
  children?: NavSubItem[];
}

export interface NavGroup {
  key: string;
  labelKey: string;
  /** Guests see only groups marked guestVisible (spec 000 §2). */
  guestVisible: boolean;
  items: NavItem[];
}

/** The sidebar, in the order of spec 000 §2. */
export const NAV_GROUPS: NavGroup[] = [
  {
    key: "core",
    labelKey: "nav.groups.core",
    guestVisible: true,
    items: [
      { key: "dashboard", labelKey: "nav.dashboard", href: "/", icon: LayoutDashboard },
      { key: "transfers", labelKey: "nav.transfers", href: "/transfers", icon: ArrowLeftRight },
      {
        key: "transactions",
        labelKey: "nav.transactions",
        href: "/transactions",
        icon: Receipt,
        children: [
          {
            key: "search-transaction",
            labelKey: "nav.searchTransaction",
            href: "/transactions",
            icon: Search,
          },
        ],
      },
    ],
  },
  {
    key: "intelligence",
    labelKey: "nav.groups.intelligence",
    guestVisible: false,
    items: [
      { key: "compliance", labelKey: "nav.compliance", href: "/compliance", icon: ShieldCheck },
      { key: "metrics", labelKey: "nav.metrics", href: "/metrics", icon: Gauge },
    ],
  },
  {
    key: "documentation",
    labelKey: "nav.groups.documentation",
    guestVisible: false,
    items: [{ key: "applications", labelKey: "nav.applications", href: "/applications", icon: FileText }],
  },
  {
    key: "configuration",
    labelKey: "nav.groups.configuration",
    guestVisible: false,
    items: [{ key: "demo", labelKey: "nav.demo", href: "/demo", icon: Sparkles }],
  },
];

/** The groups a user may see. */
export function visibleGroups(isGuest: boolean): NavGroup[] {
  return isGuest ? NAV_GROUPS.filter((g) => g.guestVisible) : NAV_GROUPS;
}

/** True when `href` is the current page (the dashboard matches "/" exactly). */
export function isActivePath(href: string, location: string): boolean {
  if (href === "/") return location === "/";
  return location === href || location.startsWith(`${href}/`);
}

