package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// An instance behind a load balancer reports two things (docs/DEPLOYMENT.md): that the process
// answers (/livez: restart it if not) and that it should receive requests (/readyz: take it out of
// rotation if not, without restarting it). A shutting-down instance turns not-ready first, so the
// balancer stops sending it requests while it finishes those in flight.

// lifecycle is the server's readiness: whether it is draining for a shutdown, whether every
// migration this binary holds was found applied (remembered: migrations are never undone), and its
// open WebSockets, which a shutdown closes with "going away" so browsers reconnect elsewhere.
type lifecycle struct {
	draining atomic.Bool
	migrated atomic.Bool

	mu      sync.Mutex
	sockets map[*websocket.Conn]struct{}
	open    sync.WaitGroup
}

// probeJSON is the answer of /livez and /readyz; checks names each failed check.
type probeJSON struct {
	Status string            `json:"status"`
	Checks map[string]string `json:"checks,omitempty"`
}

// livez is GET /livez: 200 while the process answers at all.
func (s *Server) livez(w http.ResponseWriter, r *http.Request) error {
	writeJSON(w, http.StatusOK, probeJSON{Status: "alive"})
	return nil
}

// readyz is GET /readyz: 200 when the database answers, every migration of this binary is
// applied and the instance is not shutting down; otherwise 503 naming each failed check.
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) error {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	failed := map[string]string{}
	if s.life.draining.Load() {
		failed["shutdown"] = "This instance is shutting down."
	}
	if err := s.store.Ping(ctx); err != nil {
		failed["database"] = "The database does not answer."
	} else if !s.life.migrated.Load() {
		switch n, err := s.store.PendingMigrations(ctx); {
		case err != nil:
			failed["migrations"] = "The applied migrations cannot be read."
		case n > 0:
			failed["migrations"] = fmt.Sprintf("%d migrations are not applied yet.", n)
		default:
			s.life.migrated.Store(true)
		}
	}
	if len(failed) > 0 {
		writeJSON(w, http.StatusServiceUnavailable, probeJSON{Status: "not ready", Checks: failed})
		return nil
	}
	writeJSON(w, http.StatusOK, probeJSON{Status: "ready"})
	return nil
}

// Drain starts a shutdown: /readyz answers 503 from now on, and every open WebSocket is closed
// with "going away" (1001), which the web app answers by reconnecting, to another instance once
// the balancer has taken this one out. It returns when the sockets are closed or ctx ends; the
// caller then shuts the HTTP server down, which finishes the requests in flight.
func (s *Server) Drain(ctx context.Context) {
	s.life.draining.Store(true)
	s.life.mu.Lock()
	for c := range s.life.sockets {
		go c.Close(websocket.StatusGoingAway, "server shutting down")
	}
	s.life.mu.Unlock()
	closed := make(chan struct{})
	go func() { s.life.open.Wait(); close(closed) }()
	select {
	case <-closed:
	case <-ctx.Done():
	}
}

// trackSocket records an open socket until its connection ends (the returned func); during a
// shutdown it refuses it, and the caller closes it.
func (l *lifecycle) trackSocket(c *websocket.Conn) (untrack func(), ok bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.draining.Load() {
		return nil, false
	}
	if l.sockets == nil {
		l.sockets = map[*websocket.Conn]struct{}{}
	}
	l.sockets[c] = struct{}{}
	l.open.Add(1)
	return func() {
		l.mu.Lock()
		delete(l.sockets, c)
		l.mu.Unlock()
		l.open.Done()
	}, true
}
