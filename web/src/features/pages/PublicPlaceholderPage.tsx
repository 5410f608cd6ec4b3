import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { ArrowLeft, Shield } from "lucide-react";
import { LanguageSwitcher } from "@/features/shell/LanguageSwitcher";
import { PlaceholderPage, type PlaceholderName } from "@/features/pages/PlaceholderPage";

/** A signed-out placeholder page with the public header (tour, apply). */
export function PublicPlaceholderPage({ page }: { page: PlaceholderName }) {
  const { t } = useTranslation();
  return (
    <div className="min-h-screen bg-background">
      <header className="border-b bg-card">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link href="/" className="inline-flex items-center gap-2 rounded-md text-sm font-medium">
            <ArrowLeft className="h-4 w-4 text-muted-foreground" aria-hidden="true" />
            <Shield className="h-5 w-5 text-primary" aria-hidden="true" />
            {t("app.name")}
          </Link>
          <LanguageSwitcher />
        </div>
      </header>
      <main className="px-4 py-8 sm:px-6">
        <PlaceholderPage page={page} />
      </main>
    </div>
  );
}

export default PublicPlaceholderPage;
