package httpapi

import (
	"bufio"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"

	"github.com/kormeer/kormeer/internal/realtime"
)

// socket is the real-time alert connection at /ws (000 §4, §7). The connection is authenticated
// by the session cookie or token like any request, and the browser's Origin must match the host.
// The client's auth message must name the signed-in account; then every alert the account may
// see is pushed as compliance_alert. Malformed messages get an error and the connection stays.
//
// The handler returns once the connection is upgraded, ending its goroutine (the deepest stack of
// a request): an idle connection keeps one goroutine, its reader, and the hub starts a writer
// only while it has messages queued. That keeps an idle connection small (docs/PERFORMANCE.md,
// "Live alerts").
func (s *Server) socket(w http.ResponseWriter, r *http.Request) error {
	u := principalFrom(r.Context())
	release, err := s.reserveSocket(w, u)
	if err != nil {
		return err
	}
	// The server's read and write timeouts are for requests; a socket lives for hours, with its
	// own ping and per-write timeouts below. A hijacked connection keeps the deadlines it had.
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Time{})
	_ = rc.SetWriteDeadline(time.Time{})
	h := &hijacker{ResponseWriter: w}
	ws, err := websocket.Accept(h, r, nil) // refuses cross-origin handshakes with 403
	if err != nil {
		release()
		return nil // Accept has answered
	}
	ws.SetReadLimit(4096)
	untrack, ok := s.life.trackSocket(ws)
	if !ok {
		release()
		ws.Close(websocket.StatusGoingAway, "server shutting down")
		return nil
	}
	go s.readSocket(socketConn{ws: ws, frameConn: h.conn}, realtime.Viewer{ID: u.ID, Role: u.Role, Institution: u.Institution},
		func() { untrack(); release() })
	return nil
}

// Buffer sizes of a socket: the client sends only its auth message, pongs and a close, and an
// alert fits the write buffer (a larger message takes a second write call); net/http's 4 KB each
// would be half of what an idle connection costs (docs/PERFORMANCE.md, "Live alerts").
const (
	socketReadBuffer  = 512
	socketWriteBuffer = 1024
)

// hijacker hands the WebSocket library the hijacked connection with socketReadBuffer and
// socketWriteBuffer sized buffers instead of net/http's, wrapped as a frameConn, which it keeps
// for the hub's writes. It keeps net/http's reader when that holds bytes already (a client that
// wrote before the handshake's answer), so nothing read is lost.
type hijacker struct {
	http.ResponseWriter
	conn *frameConn
}

func (w *hijacker) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	conn, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	w.conn = newFrameConn(conn)
	r := brw.Reader
	if r.Buffered() == 0 {
		r = bufio.NewReaderSize(conn, socketReadBuffer)
	}
	return w.conn, bufio.NewReadWriter(r, bufio.NewWriterSize(w.conn, socketWriteBuffer)), nil
}

// Socket timings: the client has socketAuthWait to send its auth message; a ping goes out every
// socketPingEvery and an unanswered one closes the connection after socketPongWait; a write that
// takes longer than socketWriteTimeout closes it too.
const (
	socketAuthWait     = 30 * time.Second
	socketPingEvery    = 30 * time.Second
	socketPongWait     = 10 * time.Second
	socketWriteTimeout = 5 * time.Second
)

// readSocket is a connection's one goroutine: it answers the client's messages, registers the
// client with the hub once authenticated, and releases everything when the connection ends.
func (s *Server) readSocket(conn socketConn, v realtime.Viewer, release func()) {
	defer release()
	defer conn.ws.CloseNow()
	noAuth := time.AfterFunc(socketAuthWait, func() { conn.ws.Close(websocket.StatusPolicyViolation, "no auth message") })
	defer noAuth.Stop()
	var client *realtime.Client
	for {
		_, data, err := conn.ws.Read(context.Background())
		if err != nil {
			break
		}
		var msg struct {
			Type   string `json:"type"`
			UserID string `json:"userId"`
		}
		switch {
		case json.Unmarshal(data, &msg) != nil || msg.Type == "":
			send(conn, map[string]any{"type": "error", "message": "Messages must be JSON objects with a type."})
		case msg.Type != "auth":
			send(conn, map[string]any{"type": "error", "message": "Unknown message type " + msg.Type + "."})
		case msg.UserID != v.ID:
			send(conn, map[string]any{"type": "error", "message": "The userId does not match the signed-in account."})
		default:
			if client == nil {
				if !noAuth.Stop() {
					return // too late: the connection is closing
				}
				client = s.hub.Register(v, conn)
				defer s.hub.Unregister(client)
				defer keepAlive(conn.ws).stop()
			}
			// Through the hub's queue: every alert after it reaches a client told it is subscribed.
			b, _ := json.Marshal(map[string]any{"type": "auth_success", "userId": v.ID})
			client.Send(b)
		}
	}
}

// pinger pings the client every socketPingEvery from a timer rather than a goroutine, and closes
// the connection when a pong does not come back in time.
type pinger struct {
	mu   sync.Mutex // orders the timer's Reset after its creation
	conn *websocket.Conn
	t    *time.Timer
}

func keepAlive(conn *websocket.Conn) *pinger {
	p := &pinger{conn: conn}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.t = time.AfterFunc(socketPingEvery, p.ping)
	return p
}

func (p *pinger) ping() {
	ctx, cancel := context.WithTimeout(context.Background(), socketPongWait)
	defer cancel()
	if p.conn.Ping(ctx) != nil {
		p.conn.CloseNow()
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.t.Reset(socketPingEvery)
}

func (p *pinger) stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.t.Stop()
}

// socketConn is a WebSocket as the hub writes to it: data frames go straight to the connection
// (frameConn's TrySend and Send), and the library reads and answers the client.
type socketConn struct {
	ws *websocket.Conn
	*frameConn
}

// Drop closes the connection with a reason, in its own goroutine: the close handshake waits for
// the stalled writer, and the hub must not.
func (c socketConn) Drop() {
	go c.ws.Close(websocket.StatusPolicyViolation, "too slow to receive alerts")
}

// send writes one answer to the client's message.
func send(conn socketConn, v any) {
	b, _ := json.Marshal(v)
	conn.Send(realtime.Frame(b))
}
