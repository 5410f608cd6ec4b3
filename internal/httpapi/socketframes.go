package httpapi

import (
	"net"
	"sync"
	"syscall"
	"time"
)

// frameConn is a socket's TCP connection as two writers share it: the WebSocket library writes
// its control frames (pings, pongs, the close) through Write, and the hub writes the data frames,
// framed once per alert for every client (realtime.Frame), through TrySend and Send. The lock
// keeps each frame whole on the wire, whoever writes it.
type frameConn struct {
	net.Conn
	// mu is held for one frame's bytes, from its first to its last; a TrySend that wrote part of a
	// frame hands it on to the goroutine that writes the rest.
	mu  sync.Mutex
	raw syscall.RawConn // nil when the connection has no descriptor: then TrySend never writes
}

func newFrameConn(c net.Conn) *frameConn {
	fc := &frameConn{Conn: c}
	if sc, ok := c.(syscall.Conn); ok {
		fc.raw, _ = sc.SyscallConn()
	}
	return fc
}

// Write is the library's: it waits for a frame being written to be whole.
func (c *frameConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.Conn.Write(p)
}

// TrySend writes frame if the socket takes it without waiting: one non-blocking write, from the
// hub's fan-out, with no goroutine, deadline or library in between. It reports false, having
// written nothing, when another frame is being written or the socket's buffer is full (a client
// reading slowly); the hub then queues the frame for Send. When the buffer takes only part of
// it, the rest is written by a goroutine of its own under the lock, so nothing else gets between.
func (c *frameConn) TrySend(frame []byte) bool {
	if c.raw == nil || !c.mu.TryLock() {
		return false
	}
	n := 0
	if err := c.raw.Write(func(fd uintptr) bool {
		n = writeNow(fd, frame)
		return true // never wait for the socket: that is Send's job
	}); err != nil || n <= 0 {
		c.mu.Unlock()
		return false
	}
	if n == len(frame) {
		c.mu.Unlock()
	} else {
		go func() {
			defer c.mu.Unlock()
			c.writeWithin(frame[n:])
		}()
	}
	return true
}

// Send writes frame within socketWriteTimeout, set as the connection's write deadline (a context
// with a timeout would allocate a timer per message). A write that misses it closes the
// connection.
func (c *frameConn) Send(frame []byte) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.writeWithin(frame)
}

func (c *frameConn) writeWithin(p []byte) error {
	c.Conn.SetWriteDeadline(time.Now().Add(socketWriteTimeout))
	if _, err := c.Conn.Write(p); err != nil {
		c.Conn.Close()
		return err
	}
	c.Conn.SetWriteDeadline(time.Time{}) // pings and the close handshake have their own
	return nil
}
