package httpapi

import (
	"context"
	"net/http"
	"runtime"
	"strings"
	"time"
)

// health is GET /health (001 §3): process memory and uptime; 503 and "unhealthy" when the
// database does not answer within two seconds.
func (s *Server) health(w http.ResponseWriter, r *http.Request) error {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	status, code := "healthy", http.StatusOK
	if err := s.store.Ping(ctx); err != nil {
		status, code = "unhealthy", http.StatusServiceUnavailable
	}
	writeJSON(w, code, map[string]any{"status": status, "database": status == "healthy",
		"memory": map[string]uint64{"heapUsed": m.HeapAlloc, "heapTotal": m.HeapSys, "rss": m.Sys},
		"uptime": s.rec.Uptime().Seconds()})
	return nil
}

// metricsSystem is GET /metrics-system (001 §3): live figures measured by this instance, the
// database pools, and the instances sharing the database.
func (s *Server) metricsSystem(w http.ResponseWriter, r *http.Request) error {
	snap := s.rec.Snapshot()
	queue, err := s.store.PendingNotifications(r.Context())
	if err != nil {
		return err
	}
	healthy, total, err := s.store.Instances(r.Context(), 30*time.Second)
	if err != nil {
		return err
	}
	total = max(total, healthy, 1)
	healthy = max(healthy, 1) // this instance answers, so it is alive even before its first heartbeat
	var pools [][2]any
	for _, p := range s.store.Pools() {
		pools = append(pools, [2]any{p.Name, map[string]any{"size": p.Size, "active": p.Active, "idle": p.Idle, "type": p.Type}})
	}
	feed, err := s.switchFeedState(r)
	if err != nil {
		return err
	}
	algorithm := "single instance"
	if total > 1 {
		algorithm = "round-robin (external)"
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"system": map[string]any{
			"metrics": map[string]any{"activeConnections": snap.InFlight + int64(s.hub.Len()),
				"throughputPerSecond": round1(snap.ThroughputPerSecond), "errorRate": round1(snap.ErrorRate), "queueDepth": queue},
			"loadBalancer": map[string]any{"algorithm": algorithm, "healthyServers": healthy, "totalServers": total},
			"pools":        pools,
			"timestamp":    time.Now().UTC(),
			"switchFeed":   feed,
		},
		"performance": map[string]any{"requests": snap.Requests, "averageResponseTime": round1(snap.AvgResponseMs),
			"errorRate": round1(snap.ErrorRate)},
	})
	return nil
}

func round1(f float64) float64 { return float64(int64(f*10+0.5)) / 10 }

// routeLabel names a request's route for the latency histogram: the matched pattern, so that ids
// do not explode the label set.
func routeLabel(r *http.Request) string {
	if r.Pattern != "" && r.Pattern != "/" {
		return r.Method + " " + r.Pattern
	}
	if strings.HasPrefix(r.URL.Path, "/api/") {
		return "/api/ (unmatched)"
	}
	return "/ (web app)"
}
