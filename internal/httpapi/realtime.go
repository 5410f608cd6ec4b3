package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"github.com/coder/websocket"

	"github.com/kormeer/kormeer/internal/realtime"
)

// socket is the real-time alert connection at /ws (000 §4, §7). The connection is authenticated
// by the session cookie or token like any request, and the browser's Origin must match the host.
// The client's auth message must name the signed-in account; then every alert the account may
// see is pushed as compliance_alert. Malformed messages get an error and the connection stays.
func (s *Server) socket(w http.ResponseWriter, r *http.Request) error {
	u := principalFrom(r.Context())
	release, err := s.reserveSocket(w, u)
	if err != nil {
		return err
	}
	defer release()
	// The server's read and write timeouts are for requests; a socket lives for hours, with its
	// own ping and per-write timeouts below. A hijacked connection keeps the deadlines it had.
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Time{})
	_ = rc.SetWriteDeadline(time.Time{})
	conn, err := websocket.Accept(w, r, nil) // refuses cross-origin handshakes with 403
	if err != nil {
		return nil // Accept has answered
	}
	defer conn.CloseNow()
	conn.SetReadLimit(4096)
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()

	authed := make(chan struct{})
	go func() { // reader: the client's messages
		defer cancel()
		done := false
		for {
			_, data, err := conn.Read(ctx)
			if err != nil {
				return
			}
			var msg struct {
				Type   string `json:"type"`
				UserID string `json:"userId"`
			}
			switch {
			case json.Unmarshal(data, &msg) != nil || msg.Type == "":
				s.send(ctx, conn, map[string]any{"type": "error", "message": "Messages must be JSON objects with a type."})
			case msg.Type != "auth":
				s.send(ctx, conn, map[string]any{"type": "error", "message": "Unknown message type " + msg.Type + "."})
			case msg.UserID != u.ID:
				s.send(ctx, conn, map[string]any{"type": "error", "message": "The userId does not match the signed-in account."})
			default:
				s.send(ctx, conn, map[string]any{"type": "auth_success", "userId": u.ID})
				if !done {
					done = true
					close(authed)
				}
			}
		}
	}()

	select {
	case <-authed:
	case <-ctx.Done():
		return nil
	case <-time.After(30 * time.Second):
		conn.Close(websocket.StatusPolicyViolation, "no auth message")
		return nil
	}
	client := s.hub.Register(realtime.Viewer{ID: u.ID, Role: u.Role, Institution: u.Institution})
	defer s.hub.Unregister(client)
	ping := time.NewTicker(30 * time.Second)
	defer ping.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-client.Dropped():
			conn.Close(websocket.StatusPolicyViolation, "too slow to receive alerts")
			return nil
		case msg := <-client.Messages():
			wctx, wcancel := context.WithTimeout(ctx, 5*time.Second)
			err := conn.Write(wctx, websocket.MessageText, msg)
			wcancel()
			if err != nil {
				return nil
			}
		case <-ping.C:
			pctx, pcancel := context.WithTimeout(ctx, 10*time.Second)
			err := conn.Ping(pctx)
			pcancel()
			if err != nil {
				return nil
			}
		}
	}
}

func (s *Server) send(ctx context.Context, conn *websocket.Conn, v any) {
	b, _ := json.Marshal(v)
	wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	conn.Write(wctx, websocket.MessageText, b)
}
