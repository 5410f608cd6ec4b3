import { useTranslation } from "react-i18next";
import { AlertCircle } from "lucide-react";
import { Link } from "wouter";
import { Card, CardContent } from "@/components/ui/card";
import { buttonVariants } from "@/components/ui/button";
import { usePageTitle } from "@/lib/usePageTitle";
import { cn } from "@/lib/utils";

/** The 404 card, used signed in and signed out. */
export function NotFound({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  usePageTitle(t("notFound.title"));
  const Wrapper = fullScreen ? "main" : "div";
  return (
    <Wrapper
      className={cn(
        "flex w-full items-center justify-center px-4",
        fullScreen ? "min-h-screen bg-background" : "py-12",
      )}
    >
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex items-center gap-2">
            <AlertCircle className="h-8 w-8 text-destructive" aria-hidden="true" />
            <h1 className="text-2xl font-bold">{t("notFound.title")}</h1>
          </div>
          <p className="text-sm text-muted-foreground">{t("notFound.hint")}</p>
          <Link href="/" className={cn(buttonVariants({ variant: "outline" }), "mt-6")}>
            {t("notFound.home")}
          </Link>
        </CardContent>
      </Card>
    </Wrapper>
  );
}
