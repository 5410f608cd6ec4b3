// Package realtime delivers alerts to connected browsers over WebSocket. The hub fans each alert
// out to every client allowed to see it; each client has a small queue, and a client too slow to
// drain it is disconnected, so one stuck browser never delays the others or the hub.
package realtime

import (
	"encoding/json"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/kormeer/kormeer/internal/domain"
)

// Viewer is who a client connection belongs to; the domain decides what it may see.
type Viewer = domain.AlertViewer

// QueueSize is how many messages may wait for one client before it counts as too slow.
const QueueSize = 64

// Conn is a client's connection as the hub sees it. What the hub writes are whole WebSocket
// frames (Frame).
type Conn interface {
	// TrySend writes frame only if the connection takes it without waiting, and reports whether
	// it did; a connection may also report true once the frame's first bytes are written and the
	// rest is on its way ahead of any later write. Most alerts reach most clients this way, from
	// the hub's fan-out itself, with no goroutine per client.
	TrySend(frame []byte) bool
	// Send writes one frame, giving up (and closing the connection) after a bounded time.
	Send(frame []byte) error
	// Drop closes the connection of a client too slow to keep up.
	Drop()
}

// Client is one connection's mailbox. A message goes straight to the connection when nothing is
// queued before it and the connection takes it without waiting (TrySend); otherwise it is queued,
// and a writer goroutine starts, drains the queue and ends when it is empty. So an idle client
// costs no goroutine here, the hub's memory per connection is the queue alone, and a stalled
// connection blocks only its own writer.
type Client struct {
	Viewer
	conn  Conn
	hub   *Hub
	queue chan []byte
	// writing is held by whoever writes to the connection: a TrySend, or a writer goroutine while
	// it drains the queue (and for good once a write failed).
	writing atomic.Bool
}

// Hub tracks the connected clients.
type Hub struct {
	mu      sync.RWMutex
	clients map[*Client]struct{}

	// Alerts published and not yet fanned out, in order, and whether a goroutine is fanning them
	// out: Publish is called by the store's writer after a commit, and filling 10,000 clients'
	// queues takes milliseconds the next commit should not wait for.
	pendingMu  sync.Mutex
	pending    []domain.AlertEvent
	publishing bool

	// targets is the fan-out's list of the clients an alert goes to, kept between alerts (only the
	// one fanning-out goroutine uses it).
	targets []*Client
}

// fanOutShare is the fewest clients worth a goroutine of the fan-out's own: writing to a socket
// costs some microseconds, so below this one goroutine does them all.
const fanOutShare = 512

// NewHub returns an empty hub.
func NewHub() *Hub { return &Hub{clients: map[*Client]struct{}{}} }

// Register adds a client writing to conn; the caller must Unregister it when the connection ends.
func (h *Hub) Register(v Viewer, conn Conn) *Client {
	c := &Client{Viewer: v, conn: conn, hub: h, queue: make(chan []byte, QueueSize)}
	h.mu.Lock()
	h.clients[c] = struct{}{}
	h.mu.Unlock()
	return c
}

// Unregister removes a client; removing it twice does no harm.
func (h *Hub) Unregister(c *Client) {
	h.mu.Lock()
	delete(h.clients, c)
	h.mu.Unlock()
}

// Len is the number of connected clients (for the metrics screen).
func (h *Hub) Len() int {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return len(h.clients)
}

// Publish hands the alert to the hub and returns at once; a goroutine of the hub's, started while
// alerts wait, fans them out in the order they were published.
func (h *Hub) Publish(a domain.AlertEvent) {
	h.pendingMu.Lock()
	defer h.pendingMu.Unlock()
	h.pending = append(h.pending, a)
	if !h.publishing {
		h.publishing = true
		go h.fanOutPending()
	}
}

// fanOutPending fans out the waiting alerts until none is left.
func (h *Hub) fanOutPending() {
	for {
		h.pendingMu.Lock()
		batch := h.pending
		h.pending = nil
		h.publishing = len(batch) > 0
		h.pendingMu.Unlock()
		if len(batch) == 0 {
			return
		}
		for _, a := range batch {
			h.fanOut(a)
		}
	}
}

// fanOut sends the alert as a compliance_alert message to every client allowed to see it, framed
// once for all of them, without ever blocking: a client whose queue is full is dropped. The writes
// are shared among up to GOMAXPROCS goroutines, as a socket write is mostly the kernel's work and
// runs on every core. Browsers are not told whom a targeted alert was for.
func (h *Hub) fanOut(a domain.AlertEvent) {
	data := a
	data.TargetUserID, data.TargetRole = "", ""
	msg, err := json.Marshal(map[string]any{"type": "compliance_alert", "data": data})
	if err != nil {
		return
	}
	frame := Frame(msg)
	targets := h.targets[:0]
	h.mu.RLock()
	for c := range h.clients {
		if a.VisibleTo(c.Viewer) {
			targets = append(targets, c)
		}
	}
	h.mu.RUnlock()
	parts := min(runtime.GOMAXPROCS(0), 1+len(targets)/fanOutShare)
	var wg sync.WaitGroup
	for i := range parts {
		share := targets[i*len(targets)/parts : (i+1)*len(targets)/parts]
		send := func() {
			for _, c := range share {
				if !c.offer(frame) {
					h.drop(c)
				}
			}
		}
		if i == parts-1 {
			send()
		} else {
			wg.Go(send)
		}
	}
	wg.Wait()
	clear(targets)
	h.targets = targets
}

// Send sends a message of the connection's own (an answer to the client) behind the alerts
// queued before it, so that the two arrive in order; a client with a full queue is dropped.
func (c *Client) Send(msg []byte) {
	if !c.offer(Frame(msg)) {
		c.hub.drop(c)
	}
}

// offer writes frame at once when no message waits and the connection takes it without waiting;
// otherwise it queues frame and makes sure a writer runs, or reports that the queue is full.
func (c *Client) offer(frame []byte) bool {
	if c.writing.CompareAndSwap(false, true) {
		if len(c.queue) == 0 && c.conn.TrySend(frame) {
			if c.release() {
				go c.drain()
			}
			return true
		}
		select {
		case c.queue <- frame:
			go c.drain()
			return true
		default:
			if c.release() {
				go c.drain()
			}
			return false
		}
	}
	select {
	case c.queue <- frame:
		if c.writing.CompareAndSwap(false, true) {
			go c.drain()
		}
		return true
	default:
		return false
	}
}

// release gives up writing and reports whether it had to take it back: a message queued meanwhile
// saw a writer at work and started none, so the caller must drain the queue (unless someone else
// has taken over writing already, which makes it theirs).
func (c *Client) release() bool {
	c.writing.Store(false)
	return len(c.queue) > 0 && c.writing.CompareAndSwap(false, true)
}

func (h *Hub) drop(c *Client) {
	h.Unregister(c)
	c.conn.Drop()
}

// drain writes the queued messages and returns once the queue is empty. A failed write leaves
// writing set, so no writer starts again for a connection that is gone.
func (c *Client) drain() {
	for {
		select {
		case frame := <-c.queue:
			if c.conn.Send(frame) != nil {
				c.hub.Unregister(c)
				return
			}
		default:
			if !c.release() {
				return
			}
		}
	}
}
