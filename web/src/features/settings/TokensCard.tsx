import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Ban, KeyRound } from "lucide-react";
import { ApiError, apiRequest } from "@/api/client";
import { Badge } from "@/components/ui/badge";
import type { BadgeProps } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/use-toast";
import { describeAgent } from "@/features/settings/agent";
import type { TokenInfo } from "@/features/settings/types";
import { formatDateTime24 } from "@/lib/format";

export const TOKENS_KEY = ["/api/profile/tokens"] as const;

const STATUS_VARIANT: Record<TokenInfo["status"], BadgeProps["variant"]> = {
  active: "secondary",
  revoked: "destructive",
  expired: "outline",
};

/** A short, stable name for a token in the list: the start of its id. */
const shortId = (id: string) => id.slice(0, 8);

/**
 * My API tokens, active and recent, beside my sessions: any active one can be
 * revoked, and stops working at once on the server.
 */
export function TokensCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery<TokenInfo[]>({ queryKey: TOKENS_KEY, staleTime: 0 });
  const revoke = useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `/api/profile/tokens/${encodeURIComponent(id)}`),
    onSuccess: () => {
      toast({ title: t("settings.tokens.revoked") });
      void queryClient.invalidateQueries({ queryKey: TOKENS_KEY });
    },
    onError: (err) =>
      toast({
        title: t("settings.tokens.revokeFailed"),
        description: err instanceof ApiError ? err.serverMessage : undefined,
        variant: "destructive",
      }),
  });
  const rows = query.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("settings.tokens.title")}</CardTitle>
        <CardDescription>{t("settings.tokens.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isLoading ? (
          <div className="space-y-2" aria-hidden="true">
            {[0, 1].map((i) => (
              <div key={i} className="h-14 animate-pulse rounded-md bg-muted" />
            ))}
          </div>
        ) : query.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t("settings.tokens.loadFailed")}
          </p>
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("settings.tokens.empty")}</p>
        ) : (
          <ul className="divide-y rounded-md border" data-testid="tokens-list">
            {rows.map((tok) => (
              <li key={tok.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="token-row" data-status={tok.status}>
                <KeyRound className="h-5 w-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                    <span title={tok.userAgent}>{describeAgent(tok.userAgent)}</span>
                    <Badge variant={STATUS_VARIANT[tok.status]} data-testid="token-status">
                      {t(`settings.tokens.status.${tok.status}`)}
                    </Badge>
                    {tok.current ? <Badge variant="secondary">{t("settings.tokens.current")}</Badge> : null}
                  </p>
                  <p className="break-words text-xs text-muted-foreground">
                    {t("settings.tokens.detail", {
                      id: shortId(tok.id),
                      ip: tok.ipAddress || "—",
                      issued: formatDateTime24(tok.issuedAt),
                      expires: formatDateTime24(tok.expiresAt),
                    })}
                  </p>
                </div>
                {tok.status === "active" ? (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={revoke.isPending && revoke.variables === tok.id}
                    onClick={() => revoke.mutate(tok.id)}
                    data-testid="token-revoke"
                    aria-label={t("settings.tokens.revokeLabel", { id: shortId(tok.id), issued: formatDateTime24(tok.issuedAt) })}
                  >
                    <Ban aria-hidden="true" />
                    {t("settings.tokens.revoke")}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
