import { queryOptions } from "@tanstack/react-query";
import { api, dataOf } from "@/api/api";
import { sharedKeys } from "@/api/keys";

/** The demo page's reads and their keys. */
export const demoKeys = {
  /** Under every alert read's key, so a live alert refreshes the demo's list too. */
  alerts: [...sharedKeys.alerts, "demo"] as const,
};

/** The newest alerts (the first page of GET /api/alerts); enabled false for guests. */
export function demoAlertsOptions(enabled: boolean) {
  return queryOptions({ queryKey: demoKeys.alerts, queryFn: ({ signal }) => dataOf(api.GET("/api/alerts", { signal })), enabled });
}
