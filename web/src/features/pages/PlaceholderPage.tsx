import { useTranslation } from "react-i18next";
import { Construction } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { dynamicKey } from "@/i18n/keys";

interface PlaceholderPageProps {
  /** i18n key prefix holding `title` and `description`, e.g. "pages.transfers". */
  page: string;
}

/**
 * A titled page whose screen arrives in a later issue. It says so plainly
 * rather than showing made-up data.
 */
export function PlaceholderPage({ page }: PlaceholderPageProps) {
  const { t } = useTranslation();
  const title = t(dynamicKey(`${page}.title`));
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-6xl">
      <PageHeader title={title} description={t(dynamicKey(`${page}.description`))} />
      <Card className="mt-8 border-dashed">
        <CardContent className="flex items-center gap-3 p-6 text-sm text-muted-foreground">
          <Construction className="h-5 w-5 shrink-0" aria-hidden="true" />
          {t("pages.comingSoon")}
        </CardContent>
      </Card>
    </section>
  );
}
