package main

import (
	"bytes"
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/store/storetest"
)

var loadgenSignIn = []string{"--email", "admin@kormeer.demo", "--password", "Admin-demo-2026"}

// runLoadgen runs `kormeer loadgen` with args and returns its exit code and output.
func runLoadgen(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Run(context.Background(), append([]string{"loadgen"}, args...), envFrom(nil), &out, &errOut)
	return code, out.String(), errOut.String()
}

// TestLoadgenSteps: --steps runs its windows back to back against the same portal and prints
// one row per window with the rows the portal holds after it, growing with the transfers.
func TestLoadgenSteps(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		env := map[string]string{"KORMEER_DATABASE_URL": b.URL(t), "KORMEER_DATA_DIR": t.TempDir(),
			"KORMEER_ADMIN_EMAIL": "admin@kormeer.demo", "KORMEER_ADMIN_PASSWORD": "Admin-demo-2026"}
		base := startServe(t, env)
		code, out, errOut := runLoadgen(t, append(loadgenSignIn, "--url", base, "--concurrency", "2", "--duration", "600ms", "--steps", "3")...)
		if code != 0 {
			t.Fatalf("loadgen exited %d: %s %s", code, out, errOut)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != 4 || !strings.HasPrefix(lines[0], "step ") {
			t.Fatalf("want a header and three rows, got %q", out)
		}
		row := regexp.MustCompile(`^(\d)/3 +(\d+) +(\d+) +\S+ +\S+ +\S+ +\S+ +0$`)
		last := 0
		for i, line := range lines[1:] {
			m := row.FindStringSubmatch(line)
			if m == nil || m[1] != strconv.Itoa(i+1) {
				t.Fatalf("step row %d: %q", i+1, line)
			}
			rows, _ := strconv.Atoi(m[2])
			if rate, _ := strconv.Atoi(m[3]); rate == 0 || rows <= last {
				t.Fatalf("step %d: %d/s with %d rows after %d: %q", i+1, rate, rows, last, out)
			}
			last = rows
		}
	})
}

// TestLoadgenBadInput: a bad flag, a wrong address, a refused sign-in and a portal that stops
// mid-run each end loadgen with a message and a non-zero exit, quickly.
func TestLoadgenBadInput(t *testing.T) {
	for _, c := range []struct{ flag, value, want string }{
		{"--steps", "0", "--steps must be at least 1"},
		{"--duration", "0s", "--duration must be positive"},
		{"--concurrency", "-1", "--concurrency must be at least 1"},
		{"--rate", "-5", "--rate must not be negative"},
		{"--steps", "many", "invalid value"},
	} {
		if code, _, errOut := runLoadgen(t, "--url", "http://127.0.0.1:1", c.flag, c.value); code == 0 || !strings.Contains(errOut, c.want) {
			t.Errorf("%s %s: exit %d, %q", c.flag, c.value, code, errOut)
		}
	}
	if code, _, errOut := runLoadgen(t, "--url", "http://127.0.0.1:1", "--steps", "2"); code == 0 || !strings.Contains(errOut, "sign-in") {
		t.Errorf("wrong address: exit %d, %q", code, errOut)
	}
	env := map[string]string{"KORMEER_DATABASE_URL": t.TempDir() + "/k.db", "KORMEER_DATA_DIR": t.TempDir(),
		"KORMEER_ADMIN_EMAIL": "admin@kormeer.demo", "KORMEER_ADMIN_PASSWORD": "Admin-demo-2026"}
	base, stop := startStoppableServe(t, env)
	if code, _, errOut := runLoadgen(t, "--url", base, "--email", "admin@kormeer.demo", "--password", "wrong-password"); code == 0 || !strings.Contains(errOut, "sign-in failed: 401") {
		t.Errorf("refused sign-in: exit %d, %q", code, errOut)
	}
	time.AfterFunc(900*time.Millisecond, stop)
	start := time.Now()
	code, out, errOut := runLoadgen(t, append(loadgenSignIn, "--url", base, "--concurrency", "2", "--duration", "500ms", "--steps", "6")...)
	if code == 0 || !regexp.MustCompile(`step [2-6] of 6: (the portal stopped answering|no transfer succeeded)`).MatchString(errOut) {
		t.Errorf("portal stopped mid-run: exit %d, %q %q", code, out, errOut)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("loadgen took %s after the portal stopped", took)
	}
}
