package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/demo"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// syncBuffer is a bytes.Buffer safe for a server goroutine and the test to share.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

func envFrom(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

// startServe runs `kormeer serve` until the test ends and returns its base URL.
func startServe(t *testing.T, env map[string]string) string {
	t.Helper()
	base, _ := startStoppableServe(t, env)
	return base
}

// startStoppableServe runs `kormeer serve` until stop is called or the test ends and returns its
// base URL; stop waits until the server has exited.
func startStoppableServe(t *testing.T, env map[string]string) (base string, stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	out, errOut := &syncBuffer{}, &syncBuffer{}
	done := make(chan int)
	go func() { done <- Run(ctx, []string{"serve", "--listen", "127.0.0.1:0"}, envFrom(env), out, errOut) }()
	var once sync.Once
	stop = func() {
		once.Do(func() {
			cancel()
			if code := <-done; code != 0 {
				t.Errorf("serve exited %d: %s", code, errOut.String())
			}
		})
	}
	t.Cleanup(stop)
	re := regexp.MustCompile(`listening on (http://\S+)`)
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if m := re.FindStringSubmatch(out.String()); m != nil {
			return m[1], stop
		}
	}
	t.Fatalf("serve did not start: %s %s", out.String(), errOut.String())
	return "", stop
}

func signIn(t *testing.T, base, email, password string) int {
	t.Helper()
	res, err := http.Post(base+"/api/login", "application/json",
		strings.NewReader(`{"email":"`+email+`","password":"`+password+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode
}

// TestServeBootstrapsAdminOnce: the first cbsl_admin comes from the environment, and a restart
// with another password neither fails nor overwrites the account.
func TestServeBootstrapsAdminOnce(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		env := map[string]string{
			"KORMEER_DATABASE_URL":   b.URL(t),
			"KORMEER_DATA_DIR":       t.TempDir(),
			"KORMEER_ADMIN_EMAIL":    "root@bank.so",
			"KORMEER_ADMIN_PASSWORD": "first-password",
		}
		t.Run("first start", func(t *testing.T) {
			base := startServe(t, env)
			if got := signIn(t, base, "root@bank.so", "first-password"); got != 200 {
				t.Fatalf("bootstrap admin sign-in: %d", got)
			}
		})
		env["KORMEER_ADMIN_PASSWORD"] = "second-password"
		t.Run("restart", func(t *testing.T) {
			base := startServe(t, env)
			if got := signIn(t, base, "root@bank.so", "first-password"); got != 200 {
				t.Fatalf("original password after restart: %d", got)
			}
		})
	})
}

func TestUsersCreateAndMigrate(t *testing.T) {
	db := filepath.Join(t.TempDir(), "k.db")
	env := envFrom(map[string]string{"KORMEER_DATABASE_URL": db})
	run := func(args ...string) (int, string) {
		var out, errOut bytes.Buffer
		code := Run(context.Background(), args, env, &out, &errOut)
		return code, out.String() + errOut.String()
	}
	if code, out := run("migrate"); code != 0 || !strings.Contains(out, "up to date") {
		t.Fatalf("migrate: %d %s", code, out)
	}
	args := []string{"users", "create", "--email", "Officer@Bank.so", "--password", "long password", "--role", "cbsl_officer",
		"--first-name", "Ayaan", "--last-name", "Omar"}
	if code, out := run(args...); code != 0 || !strings.Contains(out, "created officer@bank.so (cbsl_officer)") {
		t.Fatalf("users create: %d %s", code, out)
	}
	if code, out := run(args...); code == 0 || !strings.Contains(out, "already exists") {
		t.Fatalf("duplicate users create: %d %s", code, out)
	}
	if code, out := run("users", "create", "--email", "x@bank.so", "--password", "long password", "--role", "psp_admin",
		"--first-name", "A", "--last-name", "B"); code == 0 || !strings.Contains(out, "institution") {
		t.Fatalf("psp_admin without institution: %d %s", code, out)
	}
	if code, out := run("version"); code != 0 || !strings.HasPrefix(out, "kormeer ") {
		t.Fatalf("version: %d %s", code, out)
	}
	if code, _ := run("frobnicate"); code != 2 {
		t.Fatalf("unknown command exit %d, want 2", code)
	}
}

// TestDemoData: --demo loads the data set once and prints the sign-ins, which work.
func TestDemoData(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		// A small data set: the race detector makes SQLite many times slower.
		env := map[string]string{"KORMEER_DATABASE_URL": b.URL(t), "KORMEER_DATA_DIR": t.TempDir(), "KORMEER_DEMO": "true",
			"KORMEER_DEMO_TRANSACTIONS": "300"}
		for _, run := range []string{"first start", "restart"} {
			t.Run(run, func(t *testing.T) {
				base := startServe(t, env)
				for _, a := range demo.Accounts[:3] { // both administrators (dual control) and the officer
					if got := signIn(t, base, a.Login, a.Password); got != 200 {
						t.Fatalf("demo %s sign-in: %d", a.Login, got)
					}
				}
				res := officerMetrics(t, base)
				defer res.Body.Close()
				body, _ := io.ReadAll(res.Body)
				// Loaded once: a restart must not add a second set.
				if !strings.Contains(string(body), `"totalTransactions":300,`) {
					t.Fatalf("metrics after demo load: %s", body)
				}
			})
		}
	})
}

// TestLoadgen: the load generator signs in, posts transfers with idempotency keys for a moment
// and reports them; the portal stored exactly the transfers it reported (the end of the run waits
// for the answers under way), as its own rows check says too.
func TestLoadgen(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		env := map[string]string{"KORMEER_DATABASE_URL": b.URL(t), "KORMEER_DATA_DIR": t.TempDir(), "KORMEER_DEMO": "true",
			"KORMEER_DEMO_TRANSACTIONS": "100"}
		base := startServe(t, env)
		var out, errOut bytes.Buffer
		args := []string{"loadgen", "--url", base, "--email", "officer@kormeer.demo", "--password", "Officer-demo-2026",
			"--concurrency", "4", "--duration", "1500ms", "--idempotency"}
		if code := Run(context.Background(), args, envFrom(nil), &out, &errOut); code != 0 {
			t.Fatalf("loadgen exited %d: %s %s", code, out.String(), errOut.String())
		}
		m := regexp.MustCompile(`transfers (\d+) in [\d.]+s: \d+/s, failures 0\nlatency p50 \S+ p95 \S+ p99 \S+ max \S+\n`).FindStringSubmatch(out.String())
		if m == nil {
			t.Fatalf("loadgen output: %q", out.String())
		}
		reported, _ := strconv.Atoi(m[1])
		res := officerMetrics(t, base)
		defer res.Body.Close()
		var metrics struct{ TotalTransactions int }
		if err := json.NewDecoder(res.Body).Decode(&metrics); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), ": nothing lost or duplicated\n") {
			t.Fatalf("loadgen's rows check: %q", out.String())
		}
		if stored := metrics.TotalTransactions - 100; reported == 0 || stored != reported {
			t.Fatalf("loadgen reported %d transfers, the portal stored %d", reported, stored)
		}
	})
}
