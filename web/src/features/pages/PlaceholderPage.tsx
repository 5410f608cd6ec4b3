import { useTranslation } from "react-i18next";
import { Construction } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import type en from "@/i18n/en.json";

type Pages = (typeof en)["pages"];

/** The i18n prefix of a page under pages.* with a `title` and a `description`, e.g. "pages.transfers". */
export type PlaceholderName = {
  [K in keyof Pages & string]: Pages[K] extends { title: string; description: string } ? `pages.${K}` : never;
}[keyof Pages & string];

interface PlaceholderPageProps {
  page: PlaceholderName;
}

/**
 * A titled page whose screen arrives in a later issue. It says so plainly
 * rather than showing made-up data.
 */
export function PlaceholderPage({ page }: PlaceholderPageProps) {
  const { t } = useTranslation();
  const title = t(`${page}.title`);
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-6xl">
      <PageHeader title={title} description={t(`${page}.description`)} />
      <Card className="mt-8 border-dashed">
        <CardContent className="flex items-center gap-3 p-6 text-sm text-muted-foreground">
          <Construction className="h-5 w-5 shrink-0" aria-hidden="true" />
          {t("pages.comingSoon")}
        </CardContent>
      </Card>
    </section>
  );
}
