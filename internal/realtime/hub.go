// Package realtime delivers alerts to connected browsers over WebSocket. The hub fans each alert
// out to every client allowed to see it; each client has a small queue, and a client too slow to
// drain it is disconnected, so one stuck browser never delays the others or the hub.
package realtime

import (
	"encoding/json"
	"sync"
	"sync/atomic"

	"github.com/kormeer/kormeer/internal/domain"
)

// Viewer is who a client connection belongs to; the domain decides what it may see.
type Viewer = domain.AlertViewer

// QueueSize is how many messages may wait for one client before it counts as too slow.
const QueueSize = 64

// Conn is a client's connection as the hub sees it.
type Conn interface {
	// Send writes one message, giving up (and closing the connection) after a bounded time.
	Send(msg []byte) error
	// Drop closes the connection of a client too slow to keep up.
	Drop()
}

// Client is one connection's mailbox. An idle client costs no goroutine here: a writer goroutine
// starts when a message is queued and ends when the queue is empty, so the hub's memory per
// connection is the queue alone, and a stalled connection blocks only its own writer.
type Client struct {
	Viewer
	conn  Conn
	hub   *Hub
	queue chan []byte
	// writing is set while a writer goroutine drains the queue (and for good once a write failed).
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
}

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

// fanOut queues the alert as a compliance_alert message for every client allowed to see it,
// without ever blocking: a client whose queue is full is dropped. Browsers are not told whom a
// targeted alert was for.
func (h *Hub) fanOut(a domain.AlertEvent) {
	data := a
	data.TargetUserID, data.TargetRole = "", ""
	msg, err := json.Marshal(map[string]any{"type": "compliance_alert", "data": data})
	if err != nil {
		return
	}
	h.mu.RLock()
	var slow []*Client
	for c := range h.clients {
		if !a.VisibleTo(c.Viewer) {
			continue
		}
		if !c.offer(msg) {
			slow = append(slow, c)
		}
	}
	h.mu.RUnlock()
	for _, c := range slow {
		h.drop(c)
	}
}

// Send queues a message of the connection's own (an answer to the client) behind the alerts
// queued before it, so that the two arrive in order; a client with a full queue is dropped.
func (c *Client) Send(msg []byte) {
	if !c.offer(msg) {
		c.hub.drop(c)
	}
}

// offer queues msg and makes sure a writer runs, or reports that the queue is full.
func (c *Client) offer(msg []byte) bool {
	select {
	case c.queue <- msg:
		if c.writing.CompareAndSwap(false, true) {
			go c.drain()
		}
		return true
	default:
		return false
	}
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
		case msg := <-c.queue:
			if c.conn.Send(msg) != nil {
				c.hub.Unregister(c)
				return
			}
		default:
			c.writing.Store(false)
			// A message queued after the receive above and before the Store saw a writer running
			// and started none: take it, unless a new writer already has.
			if len(c.queue) == 0 || !c.writing.CompareAndSwap(false, true) {
				return
			}
		}
	}
}
