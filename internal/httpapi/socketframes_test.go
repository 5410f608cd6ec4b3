package httpapi

import (
	"bytes"
	"io"
	"net"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/realtime"
)

// TestTrySendKeepsFramesWhole: a frame larger than the socket's buffer is written in part by
// TrySend and the rest follows from a goroutine; meanwhile another TrySend is refused and the
// library's own write (a ping, say) waits, so the reader sees the big frame whole, then the ping.
func TestTrySendKeepsFramesWhole(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	client, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	server, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	defer server.Close()
	fc := newFrameConn(server)

	big := realtime.Frame(bytes.Repeat([]byte("a"), 4<<20))
	if !fc.TrySend(big) {
		t.Fatal("TrySend refused a frame on an idle socket")
	}
	if fc.TrySend(realtime.Frame([]byte("b"))) {
		t.Fatal("a second frame was written while the first was still going out") // nobody reads yet: 4 MB cannot all be out
	}
	ping := []byte{0x89, 0}
	wrote := make(chan error, 1)
	go func() { _, err := fc.Write(ping); wrote <- err }()

	client.SetReadDeadline(time.Now().Add(10 * time.Second))
	got := make([]byte, len(big)+len(ping))
	if _, err := io.ReadFull(client, got); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got[:len(big)], big) || !bytes.Equal(got[len(big):], ping) {
		t.Fatal("the frames were interleaved on the wire")
	}
	if err := <-wrote; err != nil {
		t.Fatal(err)
	}
	if !fc.TrySend(realtime.Frame([]byte("c"))) {
		t.Fatal("TrySend refused a frame once the socket was free again")
	}
}
