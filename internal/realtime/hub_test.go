package realtime

import (
	"encoding/json"
	"errors"
	"strconv"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

// fakeConn records what the hub sends; a stalled one blocks every Send until the test ends, as a
// connection whose peer stopped reading does once the network's buffers are full.
type fakeConn struct {
	sent    chan []byte
	stalled <-chan struct{}
	dropped chan struct{}
}

func newFakeConn(stalled <-chan struct{}) *fakeConn {
	return &fakeConn{sent: make(chan []byte, 1000), stalled: stalled, dropped: make(chan struct{})}
}

func (c *fakeConn) Send(msg []byte) error {
	if c.stalled != nil {
		<-c.stalled
		return errors.New("closed")
	}
	c.sent <- msg
	return nil
}

func (c *fakeConn) Drop() { close(c.dropped) }

// TestStalledClientsDelayNoOne: clients that never take their messages are dropped once their
// queue is full, while Publish never waits for them and every other client gets every alert.
func TestStalledClientsDelayNoOne(t *testing.T) {
	end := make(chan struct{})
	defer close(end)
	h := NewHub()
	var fast, stalled []*fakeConn
	for i := range 20 {
		c := newFakeConn(nil)
		if i%4 == 0 {
			c = newFakeConn(end)
			stalled = append(stalled, c)
		} else {
			fast = append(fast, c)
		}
		h.Register(Viewer{ID: strconv.Itoa(i), Role: domain.RoleCBSLAdmin}, c)
	}
	citizen := newFakeConn(nil)
	h.Register(Viewer{ID: "x", Role: domain.RoleCitizen}, citizen)
	// Each alert is published once the reading clients have taken the one before, as clients that
	// keep up do; the stalled ones fill their queues meanwhile. (A burst faster than a reading
	// client's writer is scheduled would overflow its queue too, which is the point of the queue.)
	const alerts = QueueSize + 5
	for i := range alerts {
		h.Publish(domain.AlertEvent{ID: strconv.Itoa(i), Severity: "high", Title: "t"}) // returns although 5 clients never read
		for _, c := range fast {
			select {
			case msg := <-c.sent:
				var m struct {
					Type string
					Data domain.AlertEvent
				}
				if err := json.Unmarshal(msg, &m); err != nil || m.Type != "compliance_alert" || m.Data.ID != strconv.Itoa(i) {
					t.Fatalf("message %d: %s", i, msg)
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("a reading client got %d of %d alerts", i, alerts)
			}
		}
	}
	for _, c := range stalled {
		select {
		case <-c.dropped:
		case <-time.After(5 * time.Second):
			t.Fatal("a stalled client was not dropped")
		}
	}
	for _, c := range fast {
		select {
		case <-c.dropped:
			t.Fatal("a reading client was dropped")
		default:
		}
	}
	if len(citizen.sent) != 0 {
		t.Fatal("a citizen received a compliance alert")
	}
	if h.Len() != len(fast)+1 {
		t.Fatalf("%d clients left, want %d", h.Len(), len(fast)+1)
	}
}
