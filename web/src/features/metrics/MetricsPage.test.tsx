import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, within } from "@testing-library/react";
import type { SystemMetricsResponse } from "@/api/types";
import { MetricsPage } from "@/features/metrics/MetricsPage";
import { renderWithProviders, routeFetch } from "@/test/render";

afterEach(() => {
  vi.unstubAllGlobals();
});

function metrics(over: Partial<SystemMetricsResponse["performance"]> = {}, errorRate = 0): SystemMetricsResponse {
  return {
    system: {
      metrics: { activeConnections: 250, throughputPerSecond: 12.34, errorRate, queueDepth: 3 },
      loadBalancer: { algorithm: "single instance", healthyServers: 2, totalServers: 3 },
      pools: [["sqlite-readers", { size: 8, active: 1, idle: 2, type: "sqlite" }]],
      switchFeed: { connected: false, consumed: 0, deadLettered: 0, duplicates: 0, enabled: false, lag: 0, openDeadLetters: 0 },
      timestamp: "2026-11-22T12:00:00Z",
    },
    performance: { requests: 1234, averageResponseTime: 620, errorRate, ...over },
  };
}

const health = { status: "healthy", memory: { heapUsed: 10 * 1048576, heapTotal: 40 * 1048576, rss: 55.55 * 1048576 }, uptime: 7500 };

describe("MetricsPage", () => {
  it("shows six skeleton cards while loading, and Unknown health", () => {
    vi.stubGlobal("fetch", vi.fn(() => new Promise(() => {})));
    renderWithProviders(<MetricsPage />);
    expect(screen.getByTestId("metrics-skeleton").children).toHaveLength(6);
    expect(screen.getByTestId("health-badge")).toHaveTextContent("Unknown");
    expect(screen.getByTestId("last-updated")).toHaveTextContent("Last updated: N/A");
    expect(screen.getByText("Real-time monitoring of enterprise-scale operations")).toBeInTheDocument();
  });

  it("renders the figures with their colours and targets", async () => {
    vi.stubGlobal("fetch", routeFetch({ "GET /metrics-system": { status: 200, body: metrics({}, 2.46) }, "GET /health": { status: 200, body: health } }));
    renderWithProviders(<MetricsPage />);
    expect(await screen.findByTestId("active-connections")).toHaveTextContent("250");
    expect(screen.getByText("Target: <1000 concurrent")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Active Connections" })).toHaveAttribute("aria-valuenow", "25");
    expect(screen.getByTestId("card-throughput")).toHaveTextContent("12.3 req/s");
    expect(screen.getByTestId("total-requests")).toHaveTextContent("1,234 total requests");
    expect(screen.getByTestId("response-time")).toHaveTextContent("620.0ms");
    expect(screen.getByTestId("response-time")).toHaveAttribute("data-level", "warning");
    expect(screen.getByText("Target: <500ms")).toBeInTheDocument();
    expect(screen.getByTestId("error-rate")).toHaveTextContent("2.5%");
    expect(screen.getByTestId("error-rate")).toHaveAttribute("data-level", "warning");
    expect(screen.getByTestId("card-error-rate")).toHaveTextContent("30 errors");
    expect(screen.getByTestId("server-health")).toHaveTextContent("2 / 3 Healthy");
    expect(screen.getByTestId("card-load-balancer")).toHaveTextContent("3 pending");
    const memory = screen.getByTestId("card-memory");
    expect(memory).toHaveTextContent("10.0 MB");
    expect(memory).toHaveTextContent("40.0 MB");
    expect(memory).toHaveTextContent("55.6 MB");
    expect(within(memory).getByTestId("uptime")).toHaveTextContent("2h 5m");
    expect(screen.getByTestId("health-badge")).toHaveTextContent("healthy");
    expect(screen.getByTestId("pool")).toHaveTextContent("sqlite readers");
    expect(screen.getByTestId("last-updated")).not.toHaveTextContent("N/A");
  });

  it("reads an unhealthy 503 answer and hides pools when there are none", async () => {
    const body = metrics({ averageResponseTime: 1200 });
    body.system.pools = [];
    vi.stubGlobal(
      "fetch",
      routeFetch({ "GET /metrics-system": { status: 200, body }, "GET /health": { status: 503, body: { ...health, status: "unhealthy" } } }),
    );
    renderWithProviders(<MetricsPage />);
    expect(await screen.findByTestId("response-time")).toHaveAttribute("data-level", "critical");
    expect(await screen.findByText("unhealthy")).toBeInTheDocument();
    expect(screen.queryByTestId("card-pools")).toBeNull();
  });

  it("toggles auto refresh", () => {
    vi.stubGlobal("fetch", vi.fn(() => new Promise(() => {})));
    renderWithProviders(<MetricsPage />);
    const toggle = screen.getByRole("button", { name: /Auto Refresh ON/ });
    expect(toggle).toHaveAttribute("aria-pressed", "true");
    fireEvent.click(toggle);
    expect(screen.getByRole("button", { name: /Auto Refresh OFF/ })).toHaveAttribute("aria-pressed", "false");
  });
});
