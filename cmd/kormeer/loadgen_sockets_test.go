package main

import (
	"net"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/store/storetest"
)

// socketEnv is a portal whose officer (loadgenAccount) may open the test's sockets (the
// per-account cap is off).
func socketEnv(t *testing.T, dbURL string) map[string]string {
	return map[string]string{"KORMEER_DATABASE_URL": dbURL, "KORMEER_DATA_DIR": t.TempDir(), "KORMEER_WS_PER_ACCOUNT": "0"}
}

// freeAddr is a loopback address nothing listens on, for serve's --metrics-addr.
func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

var socketReport = regexp.MustCompile(`(?s)sockets 20 authenticated over (\d) instance.*` +
	`server memory per idle connection .*` +
	`alerts 3 of 3 posted .* deliveries 60 of 60, missing 0, clients lost 0\n.*` +
	`last client +p50 +\S+ +p95 +\S+ +p99 +\S+ +max +\S+\n +every delivery +p50`)

var memoryLine = regexp.MustCompile(`(?m)^  http://\S+: -?[\d.]+ KB \(heap -?[\d.]+ KB, stacks -?[\d.]+ KB\) over (20 sockets|10 sockets)$`)

// TestLoadgenSockets: 20 sockets get each of 3 alerts; the memory line reads the portal's
// Prometheus endpoint. On PostgreSQL the sockets are spread over two instances and the alerts,
// posted to the first, reach the clients of both.
func TestLoadgenSockets(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		url := b.URL(t)
		loadgenAccount(t, url)
		var urls, metrics []string
		instances := 1
		if b.Name == "postgres" {
			instances = 2
		}
		for range instances {
			env := socketEnv(t, url)
			addr := freeAddr(t)
			env["KORMEER_METRICS_ADDR"] = addr
			urls = append(urls, "--url", startServe(t, env))
			metrics = append(metrics, "--metrics", "http://"+addr+"/metrics")
		}
		args := append(append(append(loadgenSignIn, urls...), metrics...), "--sockets", "20", "--alerts", "3", "--alert-interval", "50ms")
		code, out, errOut := runLoadgen(t, args...)
		if code != 0 {
			t.Fatalf("loadgen exited %d: %s %s", code, out, errOut)
		}
		m := socketReport.FindStringSubmatch(out)
		if m == nil || m[1] != strconv.Itoa(instances) {
			t.Fatalf("report: %q", out)
		}
		if lines := memoryLine.FindAllString(out, -1); len(lines) != instances {
			t.Fatalf("want one memory line per instance, each with %d sockets: %q", 20/instances, out)
		}
	})
}

// TestLoadgenSocketsBadInput: bad flags, a wrong address, a refused sign-in, the per-account cap
// and a portal that stops mid-run each end loadgen --sockets with a message and a non-zero exit,
// quickly.
func TestLoadgenSocketsBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--sockets", "-1"}, "--sockets must be at least 1"},
		{[]string{"--sockets", "2", "--alerts", "0"}, "--alerts must be at least 1"},
		{[]string{"--sockets", "2", "--alert-interval", "0s"}, "--alert-interval and --alert-wait must be positive"},
		{[]string{"--sockets", "2", "--url", "http://127.0.0.1:2", "--metrics", "http://127.0.0.1:3/metrics"}, "--metrics: give one per --url (2)"},
		{[]string{"--sockets", "2"}, "sign-in: "},
	} {
		args := append([]string{"--url", "http://127.0.0.1:1"}, c.args...)
		if code, _, errOut := runLoadgen(t, args...); code == 0 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, %q", c.args, code, errOut)
		}
	}

	db := t.TempDir() + "/k.db"
	loadgenAccount(t, db)
	env := socketEnv(t, db)
	env["KORMEER_WS_PER_ACCOUNT"] = "5"
	base, stop := startStoppableServe(t, env)
	if code, _, errOut := runLoadgen(t, "--url", base, "--email", "officer@kormeer.demo", "--password", "wrong-password", "--sockets", "2"); code == 0 || !strings.Contains(errOut, "sign-in failed: 401") {
		t.Errorf("refused sign-in: exit %d, %q", code, errOut)
	}
	if code, _, errOut := runLoadgen(t, append(loadgenSignIn, "--url", base, "--sockets", "20")...); code == 0 || !strings.Contains(errOut, "refused the socket (429): start serve with --ws-per-account 0") {
		t.Errorf("sockets past the cap: exit %d, %q", code, errOut)
	}
	if code, _, errOut := runLoadgen(t, append(loadgenSignIn, "--url", base, "--sockets", "2", "--metrics", base+"/nothing-here")...); code == 0 || !strings.Contains(errOut, "--metrics "+base+"/nothing-here: want go_memstats_heap_inuse_bytes") {
		t.Errorf("a wrong --metrics address: exit %d, %q", code, errOut)
	}
	time.AfterFunc(700*time.Millisecond, stop)
	start := time.Now()
	code, out, errOut := runLoadgen(t, append(loadgenSignIn, "--url", base, "--sockets", "4", "--alerts", "100", "--alert-interval", "50ms")...)
	if code == 0 || !regexp.MustCompile(`transfer \d+ of 100: the portal stopped answering|clients lost their connection`).MatchString(errOut) {
		t.Errorf("portal stopped mid-run: exit %d, %q %q", code, out, errOut)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("loadgen took %s after the portal stopped", took)
	}
}
