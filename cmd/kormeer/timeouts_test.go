package main

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestSlowBodyIsCutOff is issue 14 finding 10 against the real server on a real listener: a
// client that sends its headers and then trickles a body one byte at a time is cut off once the
// read timeout (here 1 s) has passed, instead of holding the connection for as long as it likes.
// A WebSocket, whose connection outlives any request, keeps working past the same timeouts.
func TestSlowBodyIsCutOff(t *testing.T) {
	base := startServe(t, map[string]string{
		"KORMEER_DATABASE_URL":   filepath.Join(t.TempDir(), "k.db"),
		"KORMEER_DATA_DIR":       t.TempDir(),
		"KORMEER_READ_TIMEOUT":   "1s",
		"KORMEER_WRITE_TIMEOUT":  "1s",
		"KORMEER_ADMIN_EMAIL":    "root@bank.so",
		"KORMEER_ADMIN_PASSWORD": "first-password",
	})
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := io.WriteString(conn, "POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n{"); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	closed := make(chan time.Duration, 1)
	go func() { // the server answers (400: the body could not be read) and closes
		io.Copy(io.Discard, conn)
		closed <- time.Since(start)
	}()
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case d := <-closed:
			t.Logf("a trickled body was cut off after %v", d.Round(10*time.Millisecond))
			goto socket
		case <-tick.C:
			if time.Since(start) > 20*time.Second {
				t.Fatal("the trickling client still holds its connection after 20 s with a 1 s read timeout")
			}
			conn.Write([]byte(" "))
		}
	}

socket:
	res, err := http.Post(base+"/api/auth/login", "application/json", strings.NewReader(`{"email":"root@bank.so","password":"first-password"}`))
	if err != nil {
		t.Fatal(err)
	}
	var login struct {
		Token string `json:"access_token"`
		User  struct {
			ID string `json:"id"`
		} `json:"user"`
	}
	json.NewDecoder(res.Body).Decode(&login)
	res.Body.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/ws",
		&websocket.DialOptions{HTTPHeader: http.Header{"Authorization": {"Bearer " + login.Token}}})
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	defer ws.CloseNow()
	auth := func() string {
		if err := ws.Write(ctx, websocket.MessageText, []byte(`{"type":"auth","userId":"`+login.User.ID+`"}`)); err != nil {
			t.Fatalf("write: %v", err)
		}
		_, b, err := ws.Read(ctx)
		if err != nil {
			t.Fatalf("read: %v", err)
		}
		return string(b)
	}
	if got := auth(); !strings.Contains(got, "auth_success") {
		t.Fatalf("auth: %s", got)
	}
	time.Sleep(1500 * time.Millisecond) // past both timeouts
	if got := auth(); !strings.Contains(got, "auth_success") {
		t.Fatalf("the socket died with the request timeouts: %s", got)
	}
}
