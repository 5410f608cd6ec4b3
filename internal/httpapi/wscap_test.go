package httpapi

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// TestWebSocketCapPerAccount is issue 14's WebSocket finding: one account could open sockets
// without end (26 KB each). The connection past the cap is refused before the upgrade with a 429
// that says why, other accounts are not affected, and closing a socket frees its place.
func TestWebSocketCapPerAccount(t *testing.T) {
	e := newEnv(t, storetest.Backends()[0], func(o *Options) { o.MaxSocketsPerAccount = 3 })
	u := e.mustUser("hoarder@example.so", domain.RoleCBSLOfficer, nil)
	other := e.mustUser("other@example.so", domain.RoleCBSLOfficer, nil)
	tok := e.token(u)
	var open []*websocket.Conn
	for range 3 {
		open = append(open, e.dialWS(t, tok, u.ID))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(e.srv.URL, "http") + "/ws"
	_, res, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: http.Header{"Authorization": {"Bearer " + tok}}})
	if err == nil || res == nil || res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
		status := 0
		if res != nil {
			status = res.StatusCode
		}
		t.Fatalf("the 4th socket of one account: err %v status %d", err, status)
	}
	e.dialWS(t, e.token(other), other.ID) // another account still connects
	open[0].Close(websocket.StatusNormalClosure, "")
	deadline := time.Now().Add(3 * time.Second)
	for {
		c, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: http.Header{"Authorization": {"Bearer " + tok}}})
		if err == nil {
			c.CloseNow()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a closed socket did not free its place: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
