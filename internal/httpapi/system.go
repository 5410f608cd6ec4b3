package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"runtime"
	"strings"
	"time"
)

// healthJSON is the answer of /health (001 §3), 200 or 503 alike.
type healthJSON struct {
	Status   string     `json:"status"`
	Database bool       `json:"database"`
	Memory   memoryJSON `json:"memory"`
	Uptime   float64    `json:"uptime"`
}

type memoryJSON struct {
	HeapUsed  uint64 `json:"heapUsed"`
	HeapTotal uint64 `json:"heapTotal"`
	RSS       uint64 `json:"rss"`
}

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
	writeJSON(w, code, healthJSON{Status: status, Database: status == "healthy",
		Memory: memoryJSON{HeapUsed: m.HeapAlloc, HeapTotal: m.HeapSys, RSS: m.Sys},
		Uptime: s.rec.Uptime().Seconds()})
	return nil
}

// systemMetricsJSON is the answer of /metrics-system (001 §3 names its shape).
type systemMetricsJSON struct {
	System      systemJSON      `json:"system"`
	Performance performanceJSON `json:"performance"`
}

type systemJSON struct {
	Metrics      liveMetricsJSON  `json:"metrics"`
	LoadBalancer loadBalancerJSON `json:"loadBalancer"`
	Pools        []poolEntry      `json:"pools"`
	Timestamp    time.Time        `json:"timestamp"`
	SwitchFeed   switchFeedJSON   `json:"switchFeed"`
}

type liveMetricsJSON struct {
	ActiveConnections   int64   `json:"activeConnections"`
	ThroughputPerSecond float64 `json:"throughputPerSecond"`
	ErrorRate           float64 `json:"errorRate"`
	QueueDepth          int     `json:"queueDepth"`
}

type loadBalancerJSON struct {
	Algorithm      string `json:"algorithm"`
	HealthyServers int    `json:"healthyServers"`
	TotalServers   int    `json:"totalServers"`
}

// poolEntry is one database pool as the specification's example has it: a [name, pool] pair.
type poolEntry struct {
	Name string
	Pool poolJSON
}

func (p poolEntry) MarshalJSON() ([]byte, error) { return json.Marshal([2]any{p.Name, p.Pool}) }

type poolJSON struct {
	Size   int    `json:"size"`
	Active int    `json:"active"`
	Idle   int    `json:"idle"`
	Type   string `json:"type"`
}

type performanceJSON struct {
	Requests            int64   `json:"requests"`
	AverageResponseTime float64 `json:"averageResponseTime"`
	ErrorRate           float64 `json:"errorRate"`
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
	pools := []poolEntry{}
	for _, p := range s.store.Pools() {
		pools = append(pools, poolEntry{p.Name, poolJSON{Size: p.Size, Active: p.Active, Idle: p.Idle, Type: p.Type}})
	}
	feed, err := s.switchFeedState(r)
	if err != nil {
		return err
	}
	algorithm := "single instance"
	if total > 1 {
		algorithm = "round-robin (external)"
	}
	writeJSON(w, http.StatusOK, systemMetricsJSON{
		System: systemJSON{
			Metrics: liveMetricsJSON{ActiveConnections: snap.InFlight + int64(s.hub.Len()),
				ThroughputPerSecond: round1(snap.ThroughputPerSecond), ErrorRate: round1(snap.ErrorRate), QueueDepth: queue},
			LoadBalancer: loadBalancerJSON{Algorithm: algorithm, HealthyServers: healthy, TotalServers: total},
			Pools:        pools,
			Timestamp:    time.Now().UTC(),
			SwitchFeed:   feed,
		},
		Performance: performanceJSON{Requests: snap.Requests, AverageResponseTime: round1(snap.AvgResponseMs),
			ErrorRate: round1(snap.ErrorRate)},
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
