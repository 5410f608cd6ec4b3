package realtime

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"strconv"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

// fakeConn records the payloads of the frames the hub sends; a stalled one takes no TrySend and
// blocks every Send until the test ends, as a connection whose peer stopped reading does once the
// network's buffers are full. A busy one takes no TrySend either (as while a ping is written), so
// its frames go through the queue.
type fakeConn struct {
	t       *testing.T
	sent    chan []byte
	stalled <-chan struct{}
	busy    bool
	dropped chan struct{}
}

func newFakeConn(t *testing.T, stalled <-chan struct{}) *fakeConn {
	return &fakeConn{t: t, sent: make(chan []byte, 1000), stalled: stalled, dropped: make(chan struct{})}
}

func (c *fakeConn) TrySend(frame []byte) bool {
	if c.stalled != nil || c.busy {
		return false
	}
	c.sent <- payload(c.t, frame)
	return true
}

func (c *fakeConn) Send(frame []byte) error {
	if c.stalled != nil {
		<-c.stalled
		return errors.New("closed")
	}
	c.sent <- payload(c.t, frame)
	return nil
}

// payload is a server's text frame's payload, checking its header (RFC 6455, section 5.2).
func payload(t *testing.T, frame []byte) []byte {
	t.Helper()
	if len(frame) < 2 || frame[0] != 0x81 || frame[1]&0x80 != 0 {
		t.Errorf("not an unmasked final text frame: % x", frame[:min(len(frame), 10)])
		return nil
	}
	n, rest := uint64(frame[1]), frame[2:]
	switch n {
	case 126:
		n, rest = uint64(binary.BigEndian.Uint16(rest)), rest[2:]
	case 127:
		n, rest = binary.BigEndian.Uint64(rest), rest[8:]
	}
	if n != uint64(len(rest)) {
		t.Errorf("the frame says %d bytes and holds %d", n, len(rest))
	}
	return rest
}

func (c *fakeConn) Drop() { close(c.dropped) }

// TestFrameLengths: each of the three length forms, at its edges.
func TestFrameLengths(t *testing.T) {
	for _, tc := range []struct{ n, header int }{{0, 2}, {125, 2}, {126, 4}, {0xFFFF, 4}, {0x10000, 10}} {
		msg := bytes.Repeat([]byte("a"), tc.n)
		frame := Frame(msg)
		if got := payload(t, frame); !bytes.Equal(got, msg) {
			t.Fatalf("%d bytes: payload of %d", tc.n, len(got))
		}
		if header := len(frame) - tc.n; header != tc.header {
			t.Fatalf("%d bytes: a header of %d, want %d", tc.n, header, tc.header)
		}
	}
}

// TestStalledClientsDelayNoOne: clients that never take their messages are dropped once their
// queue is full, while Publish never waits for them and every other client gets every alert.
func TestStalledClientsDelayNoOne(t *testing.T) {
	end := make(chan struct{})
	defer close(end)
	h := NewHub()
	var fast, stalled []*fakeConn
	for i := range 20 {
		c := newFakeConn(t, nil)
		if i%4 == 0 {
			c = newFakeConn(t, end)
			stalled = append(stalled, c)
		} else {
			c.busy = i%2 == 0
			fast = append(fast, c)
		}
		h.Register(Viewer{ID: strconv.Itoa(i), Role: domain.RoleCBSLAdmin}, c)
	}
	citizen := newFakeConn(t, nil)
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
