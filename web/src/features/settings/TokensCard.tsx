import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Ban, KeyRound } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { BadgeProps } from "@/components/ui/badge";
import { describeAgent } from "@/features/settings/agent";
import { ListCard, ListRow, useDeleteRow } from "@/features/settings/ListCard";
import { settingsKeys, tokensOptions } from "@/features/settings/api";
import type { TokenInfo } from "@/features/settings/types";
import { formatDateTime } from "@/lib/format";


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
  const query = useQuery(tokensOptions());
  const revoke = useDeleteRow("/api/profile/tokens/{id}", [settingsKeys.tokens], t("settings.tokens.revoked"), t("settings.tokens.revokeFailed"));
  return (
    <ListCard
      title={t("settings.tokens.title")}
      description={t("settings.tokens.description")}
      loadFailed={t("settings.tokens.loadFailed")}
      empty={t("settings.tokens.empty")}
      query={query}
      listTestId="tokens-list"
    >
      {(tok) => (
        <ListRow
          key={tok.id}
          icon={KeyRound}
          data-testid="token-row"
          data-status={tok.status}
          heading={
            <>
              <span title={tok.userAgent}>{describeAgent(tok.userAgent)}</span>
              <Badge variant={STATUS_VARIANT[tok.status]} data-testid="token-status">
                {t(`settings.tokens.status.${tok.status}`)}
              </Badge>
              {tok.current ? <Badge variant="secondary">{t("settings.tokens.current")}</Badge> : null}
            </>
          }
          detail={t("settings.tokens.detail", {
            id: shortId(tok.id),
            ip: tok.ipAddress || "—",
            issued: formatDateTime(tok.issuedAt),
            expires: formatDateTime(tok.expiresAt),
          })}
          action={
            tok.status !== "active"
              ? undefined
              : {
                  label: t("settings.tokens.revoke"),
                  ariaLabel: t("settings.tokens.revokeLabel", { id: shortId(tok.id), issued: formatDateTime(tok.issuedAt) }),
                  icon: Ban,
                  testId: "token-revoke",
                  busy: revoke.isPending && revoke.variables === tok.id,
                  run: () => revoke.mutate(tok.id),
                }
          }
        />
      )}
    </ListCard>
  );
}
