import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import type { CurrentUser } from "@/api/types";
import { PageHeader } from "@/components/ui/page-header";
import { mayManageApiKeys } from "@/features/shell/nav";
import { isRegulator } from "@/lib/roles";
import { cn } from "@/lib/utils";
import { HorizontalScroll } from "@/components/HorizontalScroll";

/** A settings section, named by its key under settings.tabs in en.json. */
type SettingsTab = { key: "profile" | "users" | "approvals" | "aml" | "apiKeys"; href: string };

/** The settings sections a user may open (the server refuses the others). */
export function settingsTabs(user: CurrentUser): SettingsTab[] {
  const tabs: SettingsTab[] = [{ key: "profile", href: "/settings" }];
  if (user.role === "cbsl_admin") tabs.push({ key: "users", href: "/settings/users" }, { key: "approvals", href: "/settings/approvals" });
  if (isRegulator(user.role)) tabs.push({ key: "aml", href: "/settings/aml" });
  if (mayManageApiKeys(user.role)) tabs.push({ key: "apiKeys", href: "/settings/api-keys" });
  return tabs;
}

/** Page title plus the settings tabs (links, so each section has its own address). */
export function SettingsLayout({ user, title, description, children }: { user: CurrentUser; title: string; description?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const tabs = settingsTabs(user);
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-6xl space-y-6">
      <PageHeader title={title} description={description} />
      {tabs.length > 1 ? (
        <nav aria-label={t("settings.tabsLabel")} className="-mx-1">
          <HorizontalScroll>
            <ul className="flex min-w-max gap-1 border-b px-1">
              {tabs.map((tab) => {
                const active = location === tab.href;
                return (
                  <li key={tab.key}>
                    <Link
                      href={tab.href}
                      aria-current={active ? "page" : undefined}
                      data-testid={`settings-tab-${tab.key}`}
                      className={cn(
                        "-mb-px inline-flex min-h-10 items-center border-b-2 px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring",
                        active ? "border-primary text-foreground" : "border-transparent",
                      )}
                    >
                      {t(`settings.tabs.${tab.key}`)}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </HorizontalScroll>
        </nav>
      ) : null}
      {children}
    </section>
  );
}
