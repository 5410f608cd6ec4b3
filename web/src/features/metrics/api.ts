import { queryOptions } from "@tanstack/react-query";
import { api, dataOf } from "@/api/api";
import { ApiError } from "@/api/client";
import type { components } from "@/api/schema";
import type { HealthResponse, SystemMetricsResponse } from "@/api/types";
import { HEALTH_REFETCH_MS, HEALTH_STALE_MS, METRICS_REFETCH_MS, METRICS_STALE_MS } from "@/features/metrics/metrics";

/** The system screen's reads and their keys. */
export const metricsKeys = {
  system: ["/metrics-system"] as const,
  health: ["/health"] as const,
};

/** GET /health: an unhealthy server answers 503 with the same body, which is read too. */
export async function fetchHealth(signal?: AbortSignal): Promise<HealthResponse> {
  try {
    return await dataOf(api.GET("/health", { signal }));
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 503) throw err;
    try {
      return JSON.parse(err.bodyText) as HealthResponse;
    } catch {
      throw err;
    }
  }
}

type Pool = components["schemas"]["Pool"];

/**
 * The connection pools as [name, pool] pairs. The contract describes each as a two-item tuple,
 * but openapi-fetch's answer types read a tuple as an array of its items' union, so each pair's
 * shape is checked here (a malformed one is left out) rather than asserted.
 */
function poolPairs(pools: ReadonlyArray<ReadonlyArray<string | Pool>>): [string, Pool][] {
  return pools.flatMap(([name, pool]): [string, Pool][] => (typeof name === "string" && typeof pool === "object" ? [[name, pool]] : []));
}

/** GET /metrics-system with its pools as pairs. */
async function fetchSystemMetrics(signal?: AbortSignal): Promise<SystemMetricsResponse> {
  const m = await dataOf(api.GET("/metrics-system", { signal }));
  return { ...m, system: { ...m.system, pools: poolPairs(m.system.pools) } };
}

/** The server's performance figures (001 §9), refreshed while autoRefresh is on. */
export function systemMetricsOptions(autoRefresh: boolean) {
  return queryOptions({
    queryKey: metricsKeys.system,
    queryFn: ({ signal }) => fetchSystemMetrics(signal),
    refetchInterval: autoRefresh ? METRICS_REFETCH_MS : false,
    staleTime: METRICS_STALE_MS,
  });
}

/** The server's health, refreshed while autoRefresh is on. */
export function healthOptions(autoRefresh: boolean) {
  return queryOptions({
    queryKey: metricsKeys.health,
    queryFn: ({ signal }) => fetchHealth(signal),
    refetchInterval: autoRefresh ? HEALTH_REFETCH_MS : false,
    staleTime: HEALTH_STALE_MS,
  });
}
