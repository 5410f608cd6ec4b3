package httpapi

import (
	"net/http"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// Every answer carries X-Request-Id; an error body repeats it; the request's log line carries it
// with the account, the route pattern and the status. A proxy's id is kept only from a trusted
// proxy, and only when it cannot forge a log line.
func TestRequestIDsFollowARequest(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		officer := e.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil)
		citizen := e.mustUser("citizen@example.so", domain.RoleCitizen, nil)
		c := e.client()

		r := e.do(c, "GET", "/api/alerts/not-an-id", nil, "Authorization", "Bearer "+e.token(officer), "X-Request-Id", "from-the-client")
		id := r.header.Get("X-Request-Id")
		if r.status != http.StatusNotFound || len(id) != 24 || id == "from-the-client" {
			t.Fatalf("untrusted client's id: %d %q", r.status, id)
		}
		if got := r.json(t)["requestId"]; got != id {
			t.Fatalf("error body's requestId %v, header %q", got, id)
		}
		lines := waitLines(t, e, map[string]any{"msg": "http", "request_id": id})
		l := lines[0]
		if l["user_id"] != officer.ID || l["route"] != "GET /api/alerts/{id}" || l["status"] != float64(404) {
			t.Fatalf("request log line: %v", l)
		}

		// A citizen reaching a regulators' route: denied, logged as a security event.
		r = e.do(c, "GET", "/api/audit", nil, "Authorization", "Bearer "+e.token(citizen))
		if r.status != http.StatusForbidden {
			t.Fatalf("citizen on /api/audit: %d", r.status)
		}
		waitLines(t, e, map[string]any{"msg": "security", "event": "access_denied", "user_id": citizen.ID,
			"request_id": r.header.Get("X-Request-Id")})
		r = e.do(c, "GET", "/api/alerts", nil, "Authorization", "Bearer forged.token.here")
		waitLines(t, e, map[string]any{"msg": "security", "event": "credentials_refused", "request_id": r.header.Get("X-Request-Id")})
		r = e.do(c, "POST", "/api/login", map[string]string{"email": "officer@example.so", "password": "wrong password!"})
		if r.status != http.StatusUnauthorized {
			t.Fatalf("wrong password: %d", r.status)
		}
		waitLines(t, e, map[string]any{"msg": "security", "event": "signin_failed", "request_id": r.header.Get("X-Request-Id")})

		trusted := newEnv(t, b, func(o *Options) { o.TrustProxy = true })
		for sent, kept := range map[string]bool{"3f2a9c1e-proxy.id_7": true, "evil\" level=ERROR": false, "": false} {
			r := trusted.do(trusted.client(), "GET", "/livez", nil, "X-Request-Id", sent)
			if got := r.header.Get("X-Request-Id"); (got == sent) != kept || got == "" {
				t.Errorf("trusted proxy sent %q: answered %q", sent, got)
			}
		}
	})
}

// waitLines waits for log lines matching want: the request line is written after the answer.
func waitLines(t *testing.T, e *testEnv, want map[string]any) []map[string]any {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if l := e.logs.find(want); len(l) > 0 {
			return l
		}
	}
	t.Fatalf("no log line with %v", want)
	return nil
}
