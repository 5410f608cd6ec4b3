// Package metrics measures the portal as it runs: requests in flight, throughput over a sliding
// window, error rate and latency, for the system metrics screen, and the same facts (and more)
// as Prometheus metrics on a separate listener.
package metrics

import (
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// window is how far back throughput is averaged.
const window = 60

// Recorder counts requests. It is safe for concurrent use.
type Recorder struct {
	start    time.Time
	inFlight atomic.Int64
	requests atomic.Int64
	errors   atomic.Int64
	totalNs  atomic.Int64

	mu      sync.Mutex
	buckets [window]int64 // requests per second, a ring indexed by unix second
	seconds [window]int64 // which second each bucket holds

	Registry   *prometheus.Registry
	latency    *prometheus.HistogramVec
	Transfers  prometheus.Counter
	Alerts     *prometheus.CounterVec
	Deliveries *prometheus.CounterVec
}

// New returns a recorder with its Prometheus registry (Go runtime and process collectors
// included).
func New() *Recorder {
	r := &Recorder{start: time.Now(), Registry: prometheus.NewRegistry()}
	r.latency = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "kormeer_http_request_duration_seconds",
		Help: "HTTP request latency by route and status class.", Buckets: prometheus.DefBuckets}, []string{"route", "code"})
	r.Transfers = prometheus.NewCounter(prometheus.CounterOpts{Name: "kormeer_transfers_total", Help: "Transfers stored."})
	r.Alerts = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "kormeer_alerts_total", Help: "Alerts raised, by severity."}, []string{"severity"})
	r.Deliveries = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "kormeer_deliveries_total",
		Help: "Outbox deliveries by channel and outcome (sent, logged, retry, failed)."}, []string{"channel", "outcome"})
	r.Registry.MustRegister(r.latency, r.Transfers, r.Alerts, r.Deliveries,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return r
}

// Uptime is how long the recorder has run.
func (r *Recorder) Uptime() time.Duration { return time.Since(r.start) }

// Observe records one finished request.
func (r *Recorder) Observe(route string, status int, d time.Duration) {
	r.requests.Add(1)
	r.totalNs.Add(int64(d))
	if status >= 500 {
		r.errors.Add(1)
	}
	sec := time.Now().Unix()
	r.mu.Lock()
	i := sec % window
	if r.seconds[i] != sec {
		r.seconds[i], r.buckets[i] = sec, 0
	}
	r.buckets[i]++
	r.mu.Unlock()
	r.latency.WithLabelValues(route, statusClass(status)).Observe(d.Seconds())
}

func statusClass(s int) string {
	return string(rune('0'+s/100)) + "xx"
}

// Begin and End bracket a request in flight.
func (r *Recorder) Begin() { r.inFlight.Add(1) }

// End marks a request as finished.
func (r *Recorder) End() { r.inFlight.Add(-1) }

// Snapshot is the recorder's figures now.
type Snapshot struct {
	InFlight            int64
	Requests            int64
	Errors              int64
	ThroughputPerSecond float64
	ErrorRate           float64 // percent
	AvgResponseMs       float64
}

// Snapshot reads the figures; throughput is the average over the last minute (or since start).
func (r *Recorder) Snapshot() Snapshot {
	s := Snapshot{InFlight: r.inFlight.Load(), Requests: r.requests.Load(), Errors: r.errors.Load()}
	now := time.Now().Unix()
	var sum int64
	r.mu.Lock()
	for i := range r.buckets {
		if now-r.seconds[i] < window && r.seconds[i] <= now {
			sum += r.buckets[i]
		}
	}
	r.mu.Unlock()
	span := min(float64(window), max(1, time.Since(r.start).Seconds()))
	s.ThroughputPerSecond = float64(sum) / span
	if s.Requests > 0 {
		s.ErrorRate = 100 * float64(s.Errors) / float64(s.Requests)
		s.AvgResponseMs = float64(r.totalNs.Load()) / float64(s.Requests) / 1e6
	}
	return s
}

// Handler serves the Prometheus metrics.
func (r *Recorder) Handler() http.Handler {
	return promhttp.HandlerFor(r.Registry, promhttp.HandlerOpts{Registry: r.Registry})
}

// WatchConnections publishes the number of open WebSocket connections.
func (r *Recorder) WatchConnections(count func() int) {
	r.Registry.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "kormeer_websocket_connections",
		Help: "Open real-time alert connections."}, func() float64 { return float64(count()) }))
}
