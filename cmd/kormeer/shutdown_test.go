package main

import (
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// On SIGTERM (the context ending) a request already in flight still gets its answer: here a
// sign-in whose body is only half sent when the shutdown begins. The instance then exits 0.
func TestShutdownFinishesRequestsInFlight(t *testing.T) {
	dir := t.TempDir()
	base, stop := startStoppableServe(t, map[string]string{
		"KORMEER_DATABASE_URL": filepath.Join(dir, "k.db"), "KORMEER_DATA_DIR": dir, "KORMEER_METRICS_ADDR": "",
		"KORMEER_ADMIN_EMAIL": "root@bank.so", "KORMEER_ADMIN_PASSWORD": "first password 2026",
	})
	body, send := io.Pipe()
	answered := make(chan *http.Response, 1)
	go func() {
		res, err := http.Post(base+"/api/login", "application/json", body)
		if err != nil {
			t.Errorf("sign-in in flight: %v", err)
			close(answered)
			return
		}
		answered <- res
	}()
	if _, err := io.WriteString(send, `{"email":"root@bank.so",`); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond) // the request is being read
	stopped := make(chan struct{})
	go func() { stop(); close(stopped) }()
	time.Sleep(300 * time.Millisecond) // the shutdown has begun: the listener is closed
	if _, err := http.Get(base + "/livez"); err == nil {
		t.Error("a new connection was accepted after the shutdown began")
	}
	if _, err := io.WriteString(send, `"password":"first password 2026"}`); err != nil {
		t.Fatal(err)
	}
	send.Close()
	res, ok := <-answered
	if !ok {
		return
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.Contains(string(b), "root@bank.so") {
		t.Fatalf("sign-in in flight: %d %s", res.StatusCode, b)
	}
	select {
	case <-stopped: // stop reports a non-zero exit
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not exit after its requests finished")
	}
}

// `kormeer healthcheck` exits 0 against a ready portal and 1 against one that is not there.
func TestHealthcheckCommand(t *testing.T) {
	dir := t.TempDir()
	base := startServe(t, map[string]string{"KORMEER_DATABASE_URL": filepath.Join(dir, "k.db"), "KORMEER_DATA_DIR": dir,
		"KORMEER_METRICS_ADDR": ""})
	if code, out, errOut := runCLI(t, "", "healthcheck", "--url", base+"/readyz"); code != 0 || !strings.Contains(out, "ready") {
		t.Fatalf("ready portal: %d %s %s", code, out, errOut)
	}
	if code, _, errOut := runCLI(t, "", "healthcheck", "--url", "http://127.0.0.1:1/readyz", "--timeout", "1s"); code != 1 ||
		!strings.Contains(errOut, "127.0.0.1:1") {
		t.Fatalf("no portal: %d %s", code, errOut)
	}
}
