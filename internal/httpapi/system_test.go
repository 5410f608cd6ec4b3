package httpapi

import (
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

func TestHealthAndSystemMetrics(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		h := e.do(nil, "GET", "/health", nil).json(t)
		mem, _ := h["memory"].(map[string]any)
		if h["status"] != "healthy" || mem["heapUsed"] == nil || mem["rss"] == nil || h["uptime"] == nil {
			t.Fatalf("health: %v", h)
		}
		o := e.client()
		e.signIn(o, e.mustUser("o@example.so", domain.RoleCBSLOfficer, nil).Email)
		read := func() map[string]any {
			m := e.do(o, "GET", "/metrics-system", nil).json(t)
			if m["system"] == nil || m["performance"] == nil {
				t.Fatalf("shape: %v", m)
			}
			return m
		}
		before := read()["performance"].(map[string]any)["requests"].(float64)
		for i := 0; i < 20; i++ {
			e.do(o, "GET", "/api/metrics", nil)
		}
		after := read()
		perf := after["performance"].(map[string]any)
		sys := after["system"].(map[string]any)
		lb := sys["loadBalancer"].(map[string]any)
		pools, _ := sys["pools"].([]any)
		if perf["requests"].(float64) < before+20 || sys["metrics"].(map[string]any)["throughputPerSecond"].(float64) <= 0 ||
			lb["healthyServers"].(float64) < 1 || len(pools) == 0 || sys["timestamp"] == nil {
			t.Fatalf("metrics after traffic: %v", after)
		}
		first := pools[0].([]any)
		if _, ok := first[0].(string); !ok || first[1].(map[string]any)["size"] == nil {
			t.Fatalf("pools are not [name, {size, active, idle, type}] pairs: %v", pools)
		}
	})
}

func TestPrometheusMetrics(t *testing.T) {
	e := newEnv(t, storetest.Backends()[0], nil)
	tok := e.token(e.mustUser("c@example.so", domain.RoleCitizen, nil))
	e.do(nil, "POST", "/api/transfer", transferBody("15"), "Authorization", "Bearer "+tok)
	rec := httptest.NewRecorder()
	e.rec.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	body, _ := io.ReadAll(rec.Body)
	for _, want := range []string{`kormeer_http_request_duration_seconds_count{code="2xx",route="POST /api/transfer"} 1`,
		"kormeer_transfers_total 1", "go_goroutines"} {
		if !strings.Contains(string(body), want) {
			t.Errorf("prometheus output lacks %q", want)
		}
	}
}
