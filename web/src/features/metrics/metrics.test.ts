import { describe, expect, it } from "vitest";
import {
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

describe("metrics colours (001 §9)", () => {
  it("response time: green below 500 ms, yellow from 500, red from 1000", () => {
    expect(responseTimeLevel(0)).toBe("good");
    expect(responseTimeLevel(499.9)).toBe("good");
    expect(responseTimeLevel(500)).toBe("warning");
    expect(responseTimeLevel(999.9)).toBe("warning");
    expect(responseTimeLevel(1000)).toBe("critical");
    expect(responseTimeLevel(5000)).toBe("critical");
  });

  it("error rate: warning at 2 %, critical at 5 %", () => {
    expect(errorRateLevel(0)).toBe("good");
    expect(errorRateLevel(1.9)).toBe("good");
    expect(errorRateLevel(2)).toBe("warning");
    expect(errorRateLevel(4.9)).toBe("warning");
    expect(errorRateLevel(5)).toBe("critical");
  });

  it("server-health badge: default when all healthy, secondary above half, destructive otherwise", () => {
    expect(serverHealthVariant(3, 3)).toBe("default");
    expect(serverHealthVariant(1, 1)).toBe("default");
    expect(serverHealthVariant(2, 3)).toBe("secondary");
    expect(serverHealthVariant(1, 2)).toBe("destructive");
    expect(serverHealthVariant(1, 3)).toBe("destructive");
    expect(serverHealthVariant(0, 0)).toBe("destructive");
  });

  it("health badge: default only for healthy", () => {
    expect(healthVariant("healthy")).toBe("default");
    expect(healthVariant("unhealthy")).toBe("destructive");
    expect(healthVariant(undefined)).toBe("destructive");
  });
});

describe("metrics maths", () => {
  it("active-connections progress is count/10, clamped to 0–100", () => {
    expect(connectionsProgress(0)).toBe(0);
    expect(connectionsProgress(5)).toBe(0.5);
    expect(connectionsProgress(250)).toBe(25);
    expect(connectionsProgress(1000)).toBe(100);
    expect(connectionsProgress(5000)).toBe(100);
  });

  it("healthy and heap shares are percentages, 0 without a total", () => {
    expect(healthyShare(1, 2)).toBe(50);
    expect(healthyShare(3, 3)).toBe(100);
    expect(healthyShare(0, 0)).toBe(0);
    expect(heapShare(25, 100)).toBe(25);
    expect(heapShare(1, 0)).toBe(0);
  });

  it("converts bytes to MB and uptime to hours and minutes", () => {
    expect(toMegabytes(52_428_800)).toBe(50);
    expect(toMegabytes(1_572_864).toFixed(1)).toBe("1.5");
    expect(uptimeParts(0)).toEqual({ hours: 0, minutes: 0 });
    expect(uptimeParts(3 * 3600 + 25 * 60 + 59.9)).toEqual({ hours: 3, minutes: 25 });
    expect(uptimeParts(49 * 3600)).toEqual({ hours: 49, minutes: 0 });
  });

  it("derives the error count and shows pool names with spaces", () => {
    expect(errorCount(200, 2.5)).toBe(5);
    expect(errorCount(0, 10)).toBe(0);
    expect(poolLabel("sqlite-readers")).toBe("sqlite readers");
    expect(poolLabel("postgresql-primary-pool")).toBe("postgresql primary pool");
  });
});
