//go:build linux

package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha1"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"net"
	"net/http"
	neturl "net/url"
	"sync/atomic"
	"syscall"
	"time"
)

// The load's WebSocket clients are reduced to what `loadgen --sockets` measures: the handshake,
// the auth message, and server frames read by one epoll loop per core. A goroutine per
// connection woken for every message, with a WebSocket library's buffers and allocations behind
// it, cost the load generator as much CPU per alert as the server spent writing it to 10,000
// sockets; on a machine that runs both, the server's delivery latency paid for that
// (docs/PERFORMANCE.md, "Live alerts"). Real browsers are on other devices.

// socketClient is one WebSocket connection of the load: a socket descriptor of its own (the Go
// runtime's poller does not watch it), the bytes of a frame not yet complete, and the arrivals
// its epoll loop alone appends to until the run ends.
type socketClient struct {
	fd       int
	pending  []byte
	arrivals []socketArrival
}

// close closes the connection; the portal sees it go.
func (c *socketClient) close() { syscall.Close(c.fd) }

// batchWait is how long a loop lets frames gather after a partial batch: it overstates a
// delivery's latency by at most this much.
const batchWait = 500 * time.Microsecond

// maxSocketFrame bounds a server frame: an alert is some 600 bytes.
const maxSocketFrame = 64 << 10

// dialSocket opens /ws as the signed-in account, completes the auth exchange, and hands the
// connection over as a non-blocking descriptor for the epoll loops.
func dialSocket(ctx context.Context, base, token, userID string) (*socketClient, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	conn, err := socketHandshake(ctx, base, token)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	if err := authenticate(conn, userID); err != nil {
		return nil, fmt.Errorf("%s/ws: %w", base, err)
	}
	raw, err := conn.(*net.TCPConn).SyscallConn()
	if err != nil {
		return nil, err
	}
	// A duplicate of the descriptor, non-blocking like the original (they share its flags);
	// closing conn then takes the original out of the runtime's poller.
	fd := -1
	cerr := raw.Control(func(s uintptr) {
		r, _, errno := syscall.Syscall(syscall.SYS_FCNTL, s, syscall.F_DUPFD_CLOEXEC, 0)
		if errno != 0 {
			err = errno
			return
		}
		fd = int(r)
	})
	if cerr != nil || err != nil {
		return nil, fmt.Errorf("%s/ws: %w", base, errors.Join(cerr, err))
	}
	return &socketClient{fd: fd}, nil
}

// socketHandshake connects to base's /ws over TCP and returns the connection once the server has
// switched protocols. The load runs beside the portal, so plain HTTP only.
func socketHandshake(ctx context.Context, base, token string) (net.Conn, error) {
	u, err := neturl.Parse(base)
	if err != nil || u.Scheme != "http" || u.Host == "" {
		return nil, fmt.Errorf("--sockets needs a plain http:// portal address, got %q", base)
	}
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", u.Host)
	if err != nil {
		return nil, fmt.Errorf("%s/ws: %w", base, err)
	}
	if dl, ok := ctx.Deadline(); ok {
		conn.SetDeadline(dl)
	}
	var key [16]byte
	rand.Read(key[:])
	k := base64.StdEncoding.EncodeToString(key[:])
	req := fmt.Sprintf("GET /ws HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\nAuthorization: Bearer %s\r\n\r\n", u.Host, k, token)
	br := bufio.NewReaderSize(conn, 1024)
	var res *http.Response
	if _, err = conn.Write([]byte(req)); err == nil {
		res, err = http.ReadResponse(br, nil)
	}
	switch {
	case err != nil:
		conn.Close()
		return nil, fmt.Errorf("%s/ws: %w", base, err)
	case res.StatusCode == http.StatusTooManyRequests:
		conn.Close()
		return nil, fmt.Errorf("%s/ws refused the socket (429): start serve with --ws-per-account 0 (or at least the sockets per instance)", base)
	case res.StatusCode != http.StatusSwitchingProtocols:
		conn.Close()
		return nil, fmt.Errorf("%s/ws: the handshake answered %s", base, res.Status)
	case res.Header.Get("Sec-WebSocket-Accept") != acceptKey(k):
		conn.Close()
		return nil, fmt.Errorf("%s/ws: the handshake's Sec-WebSocket-Accept does not match its key", base)
	case br.Buffered() > 0:
		// The server speaks only after the auth message; bytes here would be lost with br.
		conn.Close()
		return nil, fmt.Errorf("%s/ws: the server sent a frame before the auth message", base)
	}
	return conn, nil
}

// acceptKey is the Sec-WebSocket-Accept a server must answer to key (RFC 6455, section 4.2.2).
func acceptKey(key string) string {
	h := sha1.Sum([]byte(key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"))
	return base64.StdEncoding.EncodeToString(h[:])
}

// authenticate sends the auth message and reads frames until the server's auth_success.
func authenticate(conn net.Conn, userID string) error {
	if _, err := conn.Write(clientFrame(opText, []byte(`{"type":"auth","userId":"`+userID+`"}`))); err != nil {
		return fmt.Errorf("auth: %w", err)
	}
	var buf []byte
	chunk := make([]byte, 4096)
	for {
		n, err := conn.Read(chunk)
		if err != nil {
			return fmt.Errorf("auth: %w", err)
		}
		buf = append(buf, chunk[:n]...)
		var answer []byte
		used, err := eachFrame(buf, func(op byte, payload []byte) error {
			if op == opText && answer == nil {
				answer = bytes.Clone(payload)
			}
			return nil
		})
		switch {
		case err != nil:
			return fmt.Errorf("auth: %w", err)
		case answer != nil && bytes.Contains(answer, []byte(`"type":"auth_success"`)):
			if used < len(buf) {
				return errors.New("auth: the server sent more than auth_success before any alert")
			}
			return nil
		case answer != nil:
			return fmt.Errorf("auth answered %q", answer)
		}
		buf = buf[used:]
	}
}

// WebSocket opcodes (RFC 6455, section 5.2).
const (
	opContinuation = 0x0
	opText         = 0x1
	opClose        = 0x8
	opPing         = 0x9
	opPong         = 0xA
)

// clientFrame is one final frame as a client must send it: masked (RFC 6455, section 5.3).
func clientFrame(op byte, payload []byte) []byte {
	f := []byte{0x80 | op}
	switch n := len(payload); {
	case n < 126:
		f = append(f, 0x80|byte(n))
	default:
		f = append(f, 0x80|126)
		f = binary.BigEndian.AppendUint16(f, uint16(n))
	}
	var mask [4]byte
	rand.Read(mask[:])
	f = append(f, mask[:]...)
	for i, b := range payload {
		f = append(f, b^mask[i%4])
	}
	return f
}

// eachFrame calls f with each complete server frame at the start of b and returns how many bytes
// they took; an incomplete frame at the end waits for more bytes.
func eachFrame(b []byte, f func(op byte, payload []byte) error) (int, error) {
	off := 0
	for len(b)-off >= 2 {
		op, size, head := b[off]&0x0f, int(b[off+1]&0x7f), 2
		if b[off+1]&0x80 != 0 {
			return off, errors.New("a server frame is masked")
		}
		switch size {
		case 126:
			if len(b)-off < 4 {
				return off, nil
			}
			size, head = int(binary.BigEndian.Uint16(b[off+2:])), 4
		case 127:
			if len(b)-off < 10 {
				return off, nil
			}
			// Only this form can pass maxSocketFrame (a 16-bit length is under it), and is
			// bounded before it becomes an int.
			n := binary.BigEndian.Uint64(b[off+2:])
			if n > maxSocketFrame {
				return off, fmt.Errorf("a frame of %d bytes", n)
			}
			size, head = int(n), 10
		}
		if len(b)-off < head+size {
			return off, nil
		}
		if err := f(op, b[off+head:off+head+size]); err != nil {
			return off, err
		}
		off += head + size
	}
	return off, nil
}

// readSockets reads clients' frames until ctx ends, with one epoll loop; lost is told of each
// client whose connection ended before that.
func readSockets(ctx context.Context, clients []*socketClient, received *atomic.Int64, lost func(error)) error {
	ep, err := syscall.EpollCreate1(syscall.EPOLL_CLOEXEC)
	if err != nil {
		return fmt.Errorf("epoll: %w", err)
	}
	defer syscall.Close(ep)
	for i, c := range clients {
		ev := syscall.EpollEvent{Events: syscall.EPOLLIN | syscall.EPOLLRDHUP, Fd: int32(i)}
		if err := syscall.EpollCtl(ep, syscall.EPOLL_CTL_ADD, c.fd, &ev); err != nil {
			return fmt.Errorf("epoll: %w", err)
		}
	}
	events := make([]syscall.EpollEvent, 512)
	buf := make([]byte, 2*maxSocketFrame)
	for ctx.Err() == nil {
		n, err := syscall.EpollWait(ep, events, 20) // ms: how soon the end of the run is noticed
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return fmt.Errorf("epoll: %w", err)
		}
		for _, ev := range events[:n] {
			c := clients[ev.Fd]
			if err := c.readReady(buf, received); err != nil {
				syscall.EpollCtl(ep, syscall.EPOLL_CTL_DEL, c.fd, nil)
				if ctx.Err() == nil {
					lost(err)
				}
			}
		}
		if n > 0 && n < len(events) {
			// While an alert fans out, its frames arrive a few microseconds apart: waking for each
			// costs more than reading it. Let them gather; an arrival is timed up to this late.
			time.Sleep(batchWait)
		}
	}
	return nil
}

// readReady reads what the socket holds (epoll said it holds something), records each alert's
// arrival, and answers pings. An error means the connection ended.
func (c *socketClient) readReady(buf []byte, received *atomic.Int64) error {
	k := copy(buf, c.pending)
	n, err := syscall.Read(c.fd, buf[k:])
	at := time.Now()
	switch {
	case err == syscall.EAGAIN || err == syscall.EINTR:
		return nil
	case err != nil:
		return err
	case n == 0:
		return errors.New("the portal closed the connection")
	}
	used, err := eachFrame(buf[:k+n], func(op byte, payload []byte) error {
		switch op {
		case opText, opContinuation: // the portal sends each message as one frame
			if id, ok := alertID(payload); ok {
				c.arrivals = append(c.arrivals, socketArrival{id: id, at: at})
				received.Add(1)
			}
		case opPing:
			_, err := syscall.Write(c.fd, clientFrame(opPong, payload))
			return err
		case opClose:
			return fmt.Errorf("the portal closed the connection (%q)", payload)
		}
		return nil
	})
	c.pending = append(c.pending[:0], buf[used:k+n]...)
	return err
}
