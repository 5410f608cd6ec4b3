import type { LucideIcon } from "lucide-react";
import {
  ArrowLeftRight,
  BarChart3,
  ClipboardCheck,
  Building2,
  FileText,
  Gauge,
  IdCard,
  KeyRound,
  Landmark,
  LayoutDashboard,
  Receipt,
  ScrollText,
  Search,
  Settings,
  ShieldAlert,
  ShieldBan,
  ShieldCheck,
  Siren,
  Smartphone,
  UserCircle,
  Users,
  Sparkles,
  Waypoints,
} from "lucide-react";
import type { TranslationKey } from "@/i18n/keys";

export interface NavSubItem {
  key: string;
  labelKey: TranslationKey;
  href: string;
  icon: LucideIcon;
  /** When set, only these roles see the sub-item. */
  roles?: string[];
}

export interface NavItem {
  key: string;
  labelKey: TranslationKey;
  href: string;
  icon: LucideIcon;
  /** Shown under the item when it is active and the sidebar is expanded. */
  children?: NavSubItem[];
  /** When set, only these roles see the item (the server enforces the same). */
  roles?: string[];
}

export interface NavGroup {
  key: string;
  labelKey: TranslationKey;
  /** Guests see only groups marked guestVisible (spec 000 §2). */
  guestVisible: boolean;
  items: NavItem[];
}

/** Roles that manage API keys (Settings → API keys; the server decides per route). */
const API_KEY_ROLES = ["cbsl_admin", "cbsl_officer", "psp_admin", "mno_admin"];

/**
 * Roles that originate transfers (transferRoles in internal/httpapi/access.go): not the
 * administrator, who sets the AML rules and accounts, and not guests (docs/DECISIONS.md).
 */
const TRANSFER_ROLES = ["citizen", "psp_admin", "mno_admin", "cbsl_officer"];

/** The central bank's roles: the national figures and the running system are theirs. */
const REGULATOR_ROLES = ["cbsl_admin", "cbsl_officer"];

/** The sidebar, in the order of spec 000 §2. */

export const NAV_GROUPS: NavGroup[] = [
  {
    key: "core",
    labelKey: "nav.groups.core",
    guestVisible: true,
    items: [
      { key: "dashboard", labelKey: "nav.dashboard", href: "/", icon: LayoutDashboard },
      { key: "transfers", labelKey: "nav.transfers", href: "/transfers", icon: ArrowLeftRight, roles: TRANSFER_ROLES },
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
      {
        key: "alert-queue",
        labelKey: "nav.alertQueue",
        href: "/compliance/alerts",
        icon: Siren,
        roles: ["cbsl_admin", "cbsl_officer", "psp_admin", "mno_admin"],
      },
      {
        key: "kyc",
        labelKey: "nav.kyc",
        href: "/kyc",
        icon: IdCard,
        // Regulators review; institution staff read their institution's applications (the server scopes them).
        roles: ["cbsl_admin", "cbsl_officer", "psp_admin", "mno_admin"],
      },
      {
        key: "sanctions",
        labelKey: "nav.sanctions",
        href: "/sanctions",
        icon: ShieldBan,
        roles: ["cbsl_admin", "cbsl_officer"],
      },
      { key: "metrics", labelKey: "nav.metrics", href: "/metrics", icon: Gauge, roles: REGULATOR_ROLES },
      {
        key: "analytics",
        labelKey: "nav.analytics",
        href: "/analytics",
        icon: BarChart3,
        roles: ["cbsl_admin", "cbsl_officer", "psp_admin", "mno_admin"],
      },
      {
        key: "audit",
        labelKey: "nav.auditTrail",
        href: "/audit",
        icon: ScrollText,
        roles: ["cbsl_admin", "cbsl_officer"],
      },
      {
        key: "switch-feed",
        labelKey: "nav.switchFeed",
        href: "/switch-feed",
        icon: Waypoints,
        roles: ["cbsl_admin", "cbsl_officer"],
      },
    ],
  },
  {
    key: "registry",
    labelKey: "nav.groups.registry",
    guestVisible: false,
    items: [
      // Licence applications lead to the registry: an application becomes a registry entry (issue 17).
      { key: "applications", labelKey: "nav.applications", href: "/applications", icon: FileText },
      {
        key: "psp-registry",
        labelKey: "nav.pspRegistry",
        href: "/psps",
        icon: Building2,
        roles: ["cbsl_admin", "cbsl_officer", "psp_admin"],
      },
      {
        key: "mno-oversight",
        labelKey: "nav.mnoOversight",
        href: "/mnos",
        icon: Smartphone,
        roles: ["cbsl_admin", "cbsl_officer", "mno_admin"],
      },
      {
        key: "bank-registry",
        labelKey: "nav.bankRegistry",
        href: "/banks",
        icon: Landmark,
        roles: ["cbsl_admin", "cbsl_officer"],
      },
    ],
  },
  {
    key: "configuration",
    labelKey: "nav.groups.configuration",
    guestVisible: false,
    items: [
      // The language demonstration is for the public-facing roles, not a regulator's working menu.
      { key: "demo", labelKey: "nav.demo", href: "/demo", icon: Sparkles, roles: ["citizen", "psp_admin", "mno_admin"] },
      {
        key: "mobile-access",
        labelKey: "nav.mobileAccess",
        href: "/mobile-access-management",
        icon: KeyRound,
        roles: ["cbsl_admin", "cbsl_officer"],
      },
      {
        key: "settings",
        labelKey: "nav.settings",
        href: "/settings",
        icon: Settings,
        children: [
          { key: "settings-profile", labelKey: "settings.nav.profile", href: "/settings", icon: UserCircle },
          { key: "settings-users", labelKey: "settings.nav.users", href: "/settings/users", icon: Users, roles: ["cbsl_admin"] },
          {
            key: "settings-approvals",
            labelKey: "settings.nav.approvals",
            href: "/settings/approvals",
            icon: ClipboardCheck,
            roles: ["cbsl_admin"],
          },
          {
            key: "settings-aml",
            labelKey: "settings.nav.aml",
            href: "/settings/aml",
            icon: ShieldAlert,
            roles: ["cbsl_admin", "cbsl_officer"],
          },
          {
            key: "settings-api-keys",
            labelKey: "settings.nav.apiKeys",
            href: "/settings/api-keys",
            icon: KeyRound,
            roles: API_KEY_ROLES,
          },
        ],
      },
    ],
  },
];


/** Whether the account may originate transfers (the server refuses the others). */
export function mayTransfer(user: { role?: string | null; isGuest?: boolean | null }): boolean {
  return !user.isGuest && TRANSFER_ROLES.includes(user.role ?? "");
}

/** Whether the account is a regulator's (guests never are). */
export function isRegulatorAccount(user: { role?: string | null; isGuest?: boolean | null }): boolean {
  return !user.isGuest && REGULATOR_ROLES.includes(user.role ?? "");
}

/** Whether the role manages API keys. */
export function mayManageApiKeys(role: string | null | undefined): boolean {
  return API_KEY_ROLES.includes(role ?? "");
}

/**
 * The groups a user may see: guests only the guest-visible groups and in them only the items for
 * every account (a guest's role says nothing of what it may do); items limited to some roles are
 * dropped for others, and so are emptied groups.
 */
export function visibleGroups(isGuest: boolean, role?: string | null): NavGroup[] {
  const groups = isGuest ? NAV_GROUPS.filter((g) => g.guestVisible) : NAV_GROUPS;
  return groups
    .map((g) => ({
      ...g,
      items: g.items
        .filter((i) => !i.roles || (!isGuest && role != null && i.roles.includes(role)))
        .map((i) =>
          i.children ? { ...i, children: i.children.filter((c) => !c.roles || (role != null && c.roles.includes(role))) } : i,
        ),
    }))
    .filter((g) => g.items.length > 0);
}

/**
 * True when `href` is the current page (the dashboard matches "/" exactly). An
 * entry whose address lies under another's (/compliance/alerts under
 * /compliance) is lit alone on its pages.
 */
export function isActivePath(href: string, location: string): boolean {
  const under = (h: string) => location === h || location.startsWith(`${h}/`);
  if (href === "/") return location === "/";
  return under(href) && !ITEM_HREFS.some((h) => h.startsWith(`${href}/`) && under(h));
}

const ITEM_HREFS = NAV_GROUPS.flatMap((g) => g.items.map((i) => i.href));
