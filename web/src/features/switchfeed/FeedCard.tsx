import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Waypoints } from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import type { CurrentUser } from "@/api/types";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, IconCardTitle } from "@/components/ui/card";
import { sharedKeys } from "@/api/keys";
import type { SwitchFeedState } from "@/features/switchfeed/types";
import { isRegulator } from "@/lib/roles";
import { formatNumber } from "@/lib/format";

/**
 * The switch feed on /metrics: this instance's consumer (connected, lag, messages consumed per
 * second since the last refresh, duplicates, dead letters) and the open dead letters of all
 * instances, with a link to /switch-feed for regulators.
 */
export function FeedCard({ feed, timestamp }: { feed: SwitchFeedState; timestamp: string | null }) {
  const { t } = useTranslation();
  // The signed-in user is in the cache already (the shell needs it); only regulators get the link.
  const user = useQueryClient().getQueryData<CurrentUser | null>(sharedKeys.authUser);
  const regulator = !!user && isRegulator(user.role);
  // The rate is the change of the consumed count between two refreshes of the metrics.
  const last = useRef<{ consumed: number; at: number } | null>(null);
  const [rate, setRate] = useState<number | null>(null);
  useEffect(() => {
    const at = timestamp ? Date.parse(timestamp) : Date.now();
    const prev = last.current;
    if (prev && at > prev.at && feed.consumed >= prev.consumed) setRate(((feed.consumed - prev.consumed) * 1000) / (at - prev.at));
    last.current = { consumed: feed.consumed, at };
  }, [feed.consumed, timestamp]);
  const rows: Array<[string, string, string]> = [
    ["lag", t("switchFeed.metrics.lag"), formatNumber(feed.lag)],
    ["rate", t("switchFeed.metrics.rate"), rate === null ? "—" : formatNumber(rate, { maximumFractionDigits: 0 })],
    ["consumed", t("switchFeed.metrics.consumed"), formatNumber(feed.consumed)],
    ["duplicates", t("switchFeed.metrics.duplicates"), formatNumber(feed.duplicates)],
    ["dead-lettered", t("switchFeed.metrics.deadLettered"), formatNumber(feed.deadLettered)],
    ["open-dead-letters", t("switchFeed.metrics.openDeadLetters"), formatNumber(feed.openDeadLetters)],
  ];
  return (
    <Card data-testid="card-switch-feed">
      <CardHeader className="pb-3">
        <IconCardTitle icon={Waypoints} iconClassName="text-muted-foreground">
          {t("switchFeed.metrics.title")}
          <Badge className="ml-auto" variant={!feed.enabled ? "outline" : feed.connected ? "default" : "destructive"}>
            {!feed.enabled ? t("switchFeed.metrics.off") : feed.connected ? t("switchFeed.metrics.connected") : t("switchFeed.metrics.disconnected")}
          </Badge>
        </IconCardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
          {rows.map(([key, label, value]) => (
            <div key={key} className="flex items-center justify-between gap-2" data-testid={`feed-${key}`}>
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="tabular-nums font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        {regulator && feed.openDeadLetters > 0 ? (
          <Link href="/switch-feed" className="mt-3 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline">
            {t("switchFeed.metrics.review")}
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}
