import { queryOptions } from "@tanstack/react-query";
import { ApiError, getJson } from "@/api/client";
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
    return await getJson<HealthResponse>("/health", signal);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 503) throw err;
    try {
      return JSON.parse(err.bodyText) as HealthResponse;
    } catch {
      throw err;
    }
  }
}

/** The server's performance figures (001 §9), refreshed while autoRefresh is on. */
export function systemMetricsOptions(autoRefresh: boolean) {
  return queryOptions({
    queryKey: metricsKeys.system,
    queryFn: ({ signal }) => getJson<SystemMetricsResponse>("/metrics-system", signal),
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
