import { useState } from "react";
import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { AlertTriangle, Clock, Database, MemoryStick, Network, RefreshCw, Server, Zap } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle, IconCardTitle } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Progress } from "@/components/ui/progress";
import type { HealthResponse, SystemMetricsResponse } from "@/api/types";
import { healthOptions, systemMetricsOptions } from "@/features/metrics/api";
import { FeedCard } from "@/features/switchfeed/FeedCard";
import { formatDateTime, formatNumber } from "@/lib/format";
import { cn } from "@/lib/utils";
import {
  LEVEL_TEXT,
  connectionsProgress,
  errorCount,
  errorRateLevel,
  healthVariant,
  healthyShare,
  heapShare,
  poolLabel,
  responseTimeLevel,
  serverHealthVariant,
  toMegabytes,
  uptimeParts,
} from "@/features/metrics/metrics";

const one = (value: number) => formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** /metrics "System Performance Metrics" (001 §2, §9). */
export function MetricsPage() {
  const { t } = useTranslation();
  const title = t("metrics.title");
  const [autoRefresh, setAutoRefresh] = useState(true);

  const metrics = useQuery(systemMetricsOptions(autoRefresh));
  const health = useQuery(healthOptions(autoRefresh));

  const status = health.data?.status;
  const data = metrics.data;

  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-7xl space-y-6" data-testid="metrics-page">
      <PageHeader
        title={title}
        description={t("metrics.subtitle")}
        actions={
          <>
            <span className="flex items-center gap-2 text-sm text-muted-foreground">
              {t("metrics.healthLabel")}
              <Badge variant={healthVariant(status)} data-testid="health-badge" className="capitalize">
                {status ? t(`metrics.healthStatus.${status}`, { defaultValue: status }) : t("metrics.unknown")}
              </Badge>
            </span>
            <Button
              variant={autoRefresh ? "default" : "outline"}
              size="sm"
              aria-pressed={autoRefresh}
              onClick={() => setAutoRefresh((on) => !on)}
              data-testid="auto-refresh"
            >
              <RefreshCw className={cn(autoRefresh && metrics.isFetching && "animate-spin")} aria-hidden="true" />
              {autoRefresh ? t("metrics.autoRefreshOn") : t("metrics.autoRefreshOff")}
            </Button>
          </>
        }
      />

      {metrics.isLoading ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label={t("metrics.loading")} data-testid="metrics-skeleton">
          {Array.from({ length: 6 }, (_, i) => (
            <Card key={i} className="h-36 animate-pulse bg-muted/40" />
          ))}
        </div>
      ) : null}

      {metrics.isError && !data ? (
        <Card>
          <CardContent className="flex items-center gap-3 p-6 text-sm text-destructive" role="alert">
            <AlertTriangle className="h-5 w-5 shrink-0" aria-hidden="true" />
            {t("metrics.loadFailed")}
          </CardContent>
        </Card>
      ) : null}

      {data ? <MetricsBody data={data} health={health.data} /> : null}

      <p className="text-sm text-muted-foreground" data-testid="last-updated">
        {t("metrics.lastUpdated", {
          time: data?.system.timestamp ? formatDateTime(data.system.timestamp, { seconds: true }) : t("metrics.na"),
        })}
      </p>
    </section>
  );
}

function MetricsBody({ data, health }: { data: SystemMetricsResponse; health: HealthResponse | undefined }) {
  const { t } = useTranslation();
  const { metrics, loadBalancer, pools, switchFeed: feed } = data.system;
  const { performance } = data;
  const rtLevel = responseTimeLevel(performance.averageResponseTime);
  const erLevel = errorRateLevel(metrics.errorRate);
  const memory = health?.memory;
  const uptime = uptimeParts(health?.uptime ?? 0);

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SummaryCard icon={<Network />} title={t("metrics.activeConnections.title")} testId="card-connections">
          <p className="text-2xl font-bold tabular-nums" data-testid="active-connections">
            {formatNumber(metrics.activeConnections)}
          </p>
          <Progress value={connectionsProgress(metrics.activeConnections)} label={t("metrics.activeConnections.title")} className="mt-3" />
          <p className="mt-2 text-xs text-muted-foreground">{t("metrics.activeConnections.target")}</p>
        </SummaryCard>
        <SummaryCard icon={<Zap />} title={t("metrics.throughput.title")} testId="card-throughput">
          <p className="text-2xl font-bold tabular-nums">{t("metrics.throughput.perSecond", { value: one(metrics.throughputPerSecond) })}</p>
          <p className="mt-2 text-xs text-muted-foreground" data-testid="total-requests" data-requests={performance.requests}>
            {t("metrics.throughput.total", { count: performance.requests, value: formatNumber(performance.requests) })}
          </p>
        </SummaryCard>
        <SummaryCard icon={<Clock />} title={t("metrics.responseTime.title")} testId="card-response-time">
          <p className={cn("text-2xl font-bold tabular-nums", LEVEL_TEXT[rtLevel])} data-level={rtLevel} data-testid="response-time">
            {t("metrics.responseTime.value", { value: one(performance.averageResponseTime) })}
          </p>
          <p className="mt-2 text-xs text-muted-foreground">{t("metrics.responseTime.target")}</p>
        </SummaryCard>
        <SummaryCard icon={<AlertTriangle />} title={t("metrics.errorRate.title")} testId="card-error-rate">
          <p className={cn("text-2xl font-bold tabular-nums", LEVEL_TEXT[erLevel])} data-level={erLevel} data-testid="error-rate">
            {t("metrics.errorRate.value", { value: one(metrics.errorRate) })}
          </p>
          <p className="mt-2 text-xs text-muted-foreground">
            {t("metrics.errorRate.count", {
              count: errorCount(performance.requests, performance.errorRate),
              value: formatNumber(errorCount(performance.requests, performance.errorRate)),
            })}
          </p>
        </SummaryCard>
      </div>

      {feed ? <FeedCard feed={feed} timestamp={data.system.timestamp} /> : null}

      <div className="grid gap-4 lg:grid-cols-2">
        <Card data-testid="card-load-balancer">
          <CardHeader className="pb-3">
            <IconCardTitle icon={Server} iconClassName="text-muted-foreground">
              {t("metrics.loadBalancer.title")}
            </IconCardTitle>
          </CardHeader>
          <CardContent className="space-y-3 text-sm">
            <Row label={t("metrics.loadBalancer.algorithm")}>
              <span className="font-medium">{loadBalancer.algorithm}</span>
            </Row>
            <Row label={t("metrics.loadBalancer.servers")}>
              <Badge variant={serverHealthVariant(loadBalancer.healthyServers, loadBalancer.totalServers)} data-testid="server-health">
                {t("metrics.loadBalancer.healthy", {
                  healthy: formatNumber(loadBalancer.healthyServers),
                  total: formatNumber(loadBalancer.totalServers),
                })}
              </Badge>
            </Row>
            <Row label={t("metrics.loadBalancer.queueDepth")}>
              <span className="font-medium tabular-nums">
                {t("metrics.loadBalancer.pending", { count: metrics.queueDepth, value: formatNumber(metrics.queueDepth) })}
              </span>
            </Row>
            <Progress value={healthyShare(loadBalancer.healthyServers, loadBalancer.totalServers)} label={t("metrics.loadBalancer.share")} />
          </CardContent>
        </Card>

        <Card data-testid="card-memory">
          <CardHeader className="pb-3">
            <IconCardTitle icon={MemoryStick} iconClassName="text-muted-foreground">
              {t("metrics.memory.title")}
            </IconCardTitle>
          </CardHeader>
          <CardContent className="space-y-3 text-sm">
            <Row label={t("metrics.memory.heapUsed")}>
              <span className="font-medium tabular-nums">{memory ? t("metrics.memory.mb", { value: one(toMegabytes(memory.heapUsed)) }) : t("metrics.na")}</span>
            </Row>
            <Row label={t("metrics.memory.heapTotal")}>
              <span className="font-medium tabular-nums">{memory ? t("metrics.memory.mb", { value: one(toMegabytes(memory.heapTotal)) }) : t("metrics.na")}</span>
            </Row>
            <Row label={t("metrics.memory.rss")}>
              <span className="font-medium tabular-nums">{memory ? t("metrics.memory.mb", { value: one(toMegabytes(memory.rss)) }) : t("metrics.na")}</span>
            </Row>
            <Row label={t("metrics.memory.uptime")}>
              <span className="font-medium tabular-nums" data-testid="uptime">
                {health ? t("metrics.memory.uptimeValue", { hours: formatNumber(uptime.hours), minutes: formatNumber(uptime.minutes) }) : t("metrics.na")}
              </span>
            </Row>
            <Progress value={memory ? heapShare(memory.heapUsed, memory.heapTotal) : 0} label={t("metrics.memory.share")} />
          </CardContent>
        </Card>
      </div>

      {pools.length > 0 ? (
        <Card data-testid="card-pools">
          <CardHeader className="pb-3">
            <IconCardTitle icon={Database} iconClassName="text-muted-foreground">
              {t("metrics.pools.title")}
            </IconCardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {pools.map(([name, pool]) => (
                <li key={name} className="rounded-md border p-4 text-sm" data-testid="pool">
                  <p className="mb-2 font-semibold">{poolLabel(name)}</p>
                  <dl className="grid grid-cols-2 gap-x-3 gap-y-1">
                    <dt className="text-muted-foreground">{t("metrics.pools.size")}</dt>
                    <dd className="text-right tabular-nums">{formatNumber(pool.size)}</dd>
                    <dt className="text-muted-foreground">{t("metrics.pools.active")}</dt>
                    <dd className="text-right tabular-nums">{formatNumber(pool.active)}</dd>
                    <dt className="text-muted-foreground">{t("metrics.pools.idle")}</dt>
                    <dd className="text-right tabular-nums">{formatNumber(pool.idle)}</dd>
                    <dt className="text-muted-foreground">{t("metrics.pools.type")}</dt>
                    <dd className="text-right">{pool.type}</dd>
                  </dl>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}

function SummaryCard({ icon, title, testId, children }: { icon: ReactNode; title: string; testId: string; children: ReactNode }) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0 pb-2">
        <CardTitle as="h2" className="text-sm font-medium">
          {title}
        </CardTitle>
        <span className="text-muted-foreground [&_svg]:h-4 [&_svg]:w-4" aria-hidden="true">
          {icon}
        </span>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <span className="text-muted-foreground">{label}</span>
      {children}
    </div>
  );
}

export default MetricsPage;
