package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
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

// TestStalledSocketDelaysNoOne: over real WebSockets, two of an officer's four connections stop
// reading. Every alert still reaches the two that read, in order and before the next is
// published, and the stalled two are dropped once the network's buffers and their queue are full.
func TestStalledSocketDelaysNoOne(t *testing.T) {
	e := newEnv(t, storetest.Backends()[0], nil)
	officer := e.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil)
	tok := e.token(officer)
	var readers []*websocket.Conn
	for i := range 4 {
		c := e.dialWS(t, tok, officer.ID)
		if i >= 2 { // the first two never read again
			c.SetReadLimit(1 << 20)
			readers = append(readers, c)
		}
	}
	big := strings.Repeat("x", 64<<10) // fills the stalled connections' buffers in a few dozen alerts
	droppedAt := 0
	for i := 0; droppedAt == 0 || i < droppedAt+10; i++ {
		if i == 400 {
			t.Fatalf("the stalled clients were not dropped after %d alerts: %d clients registered", i, e.hub.Len())
		}
		e.hub.Publish(domain.AlertEvent{ID: strconv.Itoa(i), Severity: "high", Title: "t", Description: big})
		if droppedAt == 0 && e.hub.Len() == len(readers) {
			droppedAt = i + 1
		}
		for _, c := range readers {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			_, b, err := c.Read(ctx)
			cancel()
			var m struct{ Data domain.AlertEvent }
			if err != nil || json.Unmarshal(b, &m) != nil || m.Data.ID != strconv.Itoa(i) {
				t.Fatalf("alert %d to a reading client: %v %.80s", i, err, b)
			}
		}
	}
	t.Logf("stalled clients dropped after %d alerts", droppedAt)
}
