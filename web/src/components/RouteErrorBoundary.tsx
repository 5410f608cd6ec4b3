import { Component } from "react";
import type { ErrorInfo, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AlertCircle, RefreshCw } from "lucide-react";
import { useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";

/**
 * Whether err is a screen's code that could not be loaded: after a new version is deployed the
 * old chunk names are gone, and each browser words the failure its own way. Reloading fetches
 * the new version's.
 */
export function isChunkLoadError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (err.name === "ChunkLoadError") return true;
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Loading (CSS )?chunk [\w-]+ failed/i.test(
    err.message,
  );
}

/** What a failed screen shows instead of a blank page: why, and what the reader can do. */
function RouteErrorScreen({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const newVersion = isChunkLoadError(error);
  return (
    <div className="flex w-full items-center justify-center px-4 py-12" data-testid="route-error">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div role="alert">
            <div className="mb-4 flex items-center gap-2">
              <AlertCircle className="h-8 w-8 shrink-0 text-destructive" aria-hidden="true" />
              <h1 className="text-2xl font-bold">{newVersion ? t("routeError.newVersionTitle") : t("routeError.title")}</h1>
            </div>
            <p className="text-sm text-muted-foreground">{newVersion ? t("routeError.newVersionHint") : t("routeError.hint")}</p>
          </div>
          <div className="mt-6 flex flex-wrap gap-2">
            {newVersion ? (
              <Button onClick={() => window.location.reload()} data-testid="route-error-reload">
                <RefreshCw aria-hidden="true" />
                {t("routeError.reload")}
              </Button>
            ) : (
              <Button variant="outline" onClick={onRetry} data-testid="route-error-retry">
                {t("routeError.retry")}
              </Button>
            )}
            <Button variant="ghost" asChild>
              <a href="/">{t("routeError.home")}</a>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

interface BoundaryProps {
  /** Changing it (the address) clears a caught error, so navigating away leaves the failed screen. */
  resetKey: string;
  children: ReactNode;
}

/** React's error boundary (a class is the only way to write one), around the routes. */
class Boundary extends Component<BoundaryProps, { error: unknown }> {
  state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidUpdate(prev: BoundaryProps) {
    if (prev.resetKey !== this.props.resetKey && this.state.error !== null) this.setState({ error: null });
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("[route] a screen failed", error, info.componentStack);
  }

  render() {
    if (this.state.error !== null) return <RouteErrorScreen error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}

/**
 * Catches what a screen throws while loading or rendering and shows a translated message (with
 * a reload button when its code could not be loaded after a new version was deployed) instead
 * of a blank page. Navigating elsewhere clears it.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return <Boundary resetKey={location}>{children}</Boundary>;
}
