package httpapi

import (
	"net/http"
	"strconv"
	"sync"

	"github.com/kormeer/kormeer/internal/domain"
)

// socketCounts counts the open WebSocket connections of each account on this instance, so that
// one account cannot hold connections without end (each costs memory and a goroutine when idle;
// docs/PERFORMANCE.md, "Live alerts").
type socketCounts struct {
	mu sync.Mutex
	n  map[string]int
}

// take reserves a place for one more socket of account id, or reports that it has max already.
func (c *socketCounts) take(id string, max int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if max > 0 && c.n[id] >= max {
		return false
	}
	if c.n == nil {
		c.n = map[string]int{}
	}
	c.n[id]++
	return true
}

func (c *socketCounts) release(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n[id]--; c.n[id] <= 0 {
		delete(c.n, id)
	}
}

// reserveSocket takes a socket place for the account before the upgrade, answering 429 with
// Retry-After (a plain HTTP answer the browser's WebSocket reports as a failed handshake) when
// the account has MaxSocketsPerAccount open already. The caller must call the returned release.
func (s *Server) reserveSocket(w http.ResponseWriter, u *domain.User) (release func(), err error) {
	if !s.sockets.take(u.ID, s.opts.MaxSocketsPerAccount) {
		w.Header().Set("Retry-After", "30")
		return nil, domain.E(domain.ETOOMANY, CodeTooManySockets, "max", strconv.Itoa(s.opts.MaxSocketsPerAccount))
	}
	return func() { s.sockets.release(u.ID) }, nil
}
