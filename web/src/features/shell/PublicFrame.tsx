import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { ArrowLeft, Shield } from "lucide-react";
import { LanguageSwitcher } from "@/features/shell/LanguageSwitcher";

/**
 * The frame of the pages outside the signed-in shell (sign-in, e-mail confirmation, the tour,
 * the public application and placeholder pages, the JWT test page): a header with a link home
 * and the language switcher, then the page's main. One frame, so that every public page offers
 * the way back and the language choice in the same place.
 */
export function PublicFrame({
  back,
  brand,
  header = "bar",
  column = false,
  mainClassName,
  children,
}: {
  /** The link home as a quiet "Back to home" with this text; without it, the portal's name. */
  back?: string;
  /** What the portal-name link shows: the shield and the name unless given. */
  brand?: ReactNode;
  /** "bar": a carded bar as wide as the content; "plain": the link and switcher on the page. */
  header?: "bar" | "plain";
  /** Lays the page out as a column, so a main with flex-1 fills the height below the header. */
  column?: boolean;
  mainClassName: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const home = back ? (
    <Link
      href="/"
      className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {back}
    </Link>
  ) : (
    <Link href="/" className="inline-flex items-center gap-2 rounded-md text-sm font-medium">
      <ArrowLeft className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
      {brand ?? (
        <>
          <Shield className="h-5 w-5 text-primary" aria-hidden="true" />
          {t("app.name")}
        </>
      )}
    </Link>
  );
  return (
    <div className={column ? "flex min-h-screen flex-col bg-background" : "min-h-screen bg-background"}>
      {header === "bar" ? (
        <header className="border-b bg-card">
          <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
            {home}
            <LanguageSwitcher />
          </div>
        </header>
      ) : (
        <header className="flex items-center justify-between px-4 py-4 sm:px-6">
          {home}
          <LanguageSwitcher />
        </header>
      )}
      <main className={mainClassName}>{children}</main>
    </div>
  );
}
