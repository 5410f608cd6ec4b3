// Package realtime delivers alerts to connected browsers over WebSocket. The hub fans each alert
// out to every client allowed to see it; each client has a small queue, and a client too slow to
// drain it is disconnected, so one stuck browser never delays the others or the hub.
package realtime

import (
	"encoding/json"
	"sync"

	"github.com/kormeer/kormeer/internal/domain"
)

// Alert is what the hub delivers: a compliance alert as the client's toast shows it, and whom it
// concerns.
type Alert struct {
	ID            string `json:"id"`
	Severity      string `json:"severity"`
	Title         string `json:"title"`
	Description   string `json:"description"`
	AlertType     string `json:"alertType"`
	InstitutionID string `json:"institutionId,omitempty"`
	TransactionID string `json:"relatedTransactionId,omitempty"`
	TargetUserID  string `json:"-"`
	TargetRole    string `json:"-"`
}

// Visible reports whether the account may see the alert: regulators see every institution's,
// PSP and MNO staff their own institution's, and targeted system alerts reach their target.
func (a Alert) Visible(u Viewer) bool {
	switch {
	case a.TargetUserID != "":
		return a.TargetUserID == u.ID
	case a.TargetRole != "":
		return string(u.Role) == a.TargetRole
	case u.Role.IsRegulator():
		return true
	case u.Role.IsInstitutionStaff():
		return a.InstitutionID != "" && a.InstitutionID == u.Institution
	}
	return false
}

// Viewer is who a client connection belongs to.
type Viewer struct {
	ID          string
	Role        domain.Role
	Institution string
}

// QueueSize is how many messages may wait for one client before it counts as too slow.
const QueueSize = 64

// Client is one connection's mailbox.
type Client struct {
	Viewer
	send chan []byte
	// dropped is closed when the hub gives up on the client.
	dropped chan struct{}
	once    sync.Once
}

// Messages returns the client's queue; the connection writes what arrives.
func (c *Client) Messages() <-chan []byte { return c.send }

// Dropped is closed when the hub disconnected the client for being too slow.
func (c *Client) Dropped() <-chan struct{} { return c.dropped }

// Hub tracks the connected clients.
type Hub struct {
	mu      sync.RWMutex
	clients map[*Client]struct{}
}

// NewHub returns an empty hub.
func NewHub() *Hub { return &Hub{clients: map[*Client]struct{}{}} }

// Register adds a client; the caller must Unregister it when the connection ends.
func (h *Hub) Register(v Viewer) *Client {
	c := &Client{Viewer: v, send: make(chan []byte, QueueSize), dropped: make(chan struct{})}
	h.mu.Lock()
	h.clients[c] = struct{}{}
	h.mu.Unlock()
	return c
}

// Unregister removes a client.
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

// Publish queues the alert as a compliance_alert message for every client allowed to see it,
// without ever blocking: a client whose queue is full is dropped.
func (h *Hub) Publish(a Alert) {
	msg, err := json.Marshal(map[string]any{"type": "compliance_alert", "data": a})
	if err != nil {
		return
	}
	h.mu.RLock()
	var slow []*Client
	for c := range h.clients {
		if !a.Visible(c.Viewer) {
			continue
		}
		select {
		case c.send <- msg:
		default:
			slow = append(slow, c)
		}
	}
	h.mu.RUnlock()
	for _, c := range slow {
		h.Unregister(c)
		c.once.Do(func() { close(c.dropped) })
	}
}
