import { queryOptions } from "@tanstack/react-query";
import { getJson } from "@/api/client";
import { sharedKeys } from "@/api/keys";
import type { Alert } from "@/api/types";

/** The demo page's reads and their keys. */
export const demoKeys = {
  /** Under every alert read's key, so a live alert refreshes the demo's list too. */
  alerts: [...sharedKeys.alerts, "demo"] as const,
};

/** The newest alerts (the first page of GET /api/alerts); enabled false for guests. */
export function demoAlertsOptions(enabled: boolean) {
  return queryOptions({ queryKey: demoKeys.alerts, queryFn: ({ signal }) => getJson<Alert[]>("/api/alerts", signal), enabled });
}
