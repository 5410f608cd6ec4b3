package httpapi

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// /livez answers while the process runs; /readyz only while the database answers, every
// migration is applied and the instance is not draining, and then it names the failed check.
// Drain closes open WebSockets with "going away" so the browser reconnects elsewhere.
func TestLivenessReadinessAndDrain(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		c := e.client()
		// A migration missing from the record: not ready, and it says why.
		var last int
		var name, at string
		exec := func(q string, args ...any) {
			t.Helper()
			if err := e.store.Write(context.Background(), func(tx *store.Tx) error {
				_, err := tx.ExecContext(context.Background(), q, args...)
				return err
			}); err != nil {
				t.Fatal(err)
			}
		}
		if err := e.store.DB().QueryRow(`SELECT version, name, applied_at FROM schema_migrations
			ORDER BY version DESC LIMIT 1`).Scan(&last, &name, &at); err != nil {
			t.Fatal(err)
		}
		exec(`DELETE FROM schema_migrations WHERE version = $1`, last)
		if r := e.do(c, "GET", "/readyz", nil); r.status != http.StatusServiceUnavailable ||
			!strings.Contains(string(r.body), "1 migrations are not applied") {
			t.Fatalf("readyz with a pending migration: %d %s", r.status, r.body)
		}
		exec(`INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)`, last, name, at)
		if r := e.do(c, "GET", "/readyz", nil); r.status != http.StatusOK || r.json(t)["status"] != "ready" {
			t.Fatalf("readyz: %d %s", r.status, r.body)
		}
		if r := e.do(c, "GET", "/livez", nil); r.status != http.StatusOK || r.json(t)["status"] != "alive" {
			t.Fatalf("livez: %d %s", r.status, r.body)
		}

		u := e.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		url := "ws" + strings.TrimPrefix(e.srv.URL, "http") + "/ws"
		ws, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: http.Header{"Authorization": {"Bearer " + e.token(u)}}})
		if err != nil {
			t.Fatal(err)
		}
		defer ws.CloseNow()
		closed := make(chan error, 1)
		go func() {
			_, _, err := ws.Read(ctx)
			closed <- err
		}()
		e.server.Drain(ctx)
		if err := <-closed; websocket.CloseStatus(err) != websocket.StatusGoingAway {
			t.Fatalf("socket after Drain: %v, want close 1001", err)
		}
		r := e.do(c, "GET", "/readyz", nil)
		if r.status != http.StatusServiceUnavailable || !strings.Contains(string(r.body), "shutting down") {
			t.Fatalf("readyz while draining: %d %s", r.status, r.body)
		}
		if r := e.do(c, "GET", "/livez", nil); r.status != http.StatusOK {
			t.Fatalf("livez while draining: %d", r.status)
		}
		// A socket opened while draining is closed at once, going away.
		ws2, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: http.Header{"Authorization": {"Bearer " + e.token(u)}}})
		if err != nil {
			t.Fatal(err)
		}
		defer ws2.CloseNow()
		if _, _, err := ws2.Read(ctx); websocket.CloseStatus(err) != websocket.StatusGoingAway {
			t.Fatalf("socket opened while draining: %v, want close 1001", err)
		}
	})
}
