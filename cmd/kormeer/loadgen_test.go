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

// loadgenSignIn is the officer loadgenAccount creates: transfers are an officer's, not the
// administrator's (docs/DECISIONS.md, "Who originates transfers").
var loadgenSignIn = []string{"--email", "officer@kormeer.demo", "--password", "Officer-demo-2026"}

// loadgenAccount creates, in the portal database at dbURL, the officer loadgen signs in as.
func loadgenAccount(t *testing.T, dbURL string) {
	t.Helper()
	if code, out, errOut := runCLI(t, dbURL, "users", "create", "--email", "officer@kormeer.demo", "--password", "Officer-demo-2026",
		"--role", "cbsl_officer", "--first-name", "Load", "--last-name", "Officer"); code != 0 {
		t.Fatalf("users create: %d %s %s", code, out, errOut)
	}
}

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
		url := b.URL(t)
		loadgenAccount(t, url)
		base := startServe(t, map[string]string{"KORMEER_DATABASE_URL": url, "KORMEER_DATA_DIR": t.TempDir()})
		code, out, errOut := runLoadgen(t, append(loadgenSignIn, "--url", base, "--concurrency", "2", "--duration", "600ms", "--steps", "3")...)
		if code != 0 {
			t.Fatalf("loadgen exited %d: %s %s", code, out, errOut)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != 5 || !strings.HasPrefix(lines[0], "step ") || !strings.HasSuffix(lines[4], ": nothing lost or duplicated") {
			t.Fatalf("want a header, three rows and the rows check, got %q", out)
		}
		row := regexp.MustCompile(`^(\d)/3 +(\d+) +(\d+) +\S+ +\S+ +\S+ +\S+ +0$`)
		last := 0
		for i, line := range lines[1:4] {
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
	db := t.TempDir() + "/k.db"
	loadgenAccount(t, db)
	base, stop := startStoppableServe(t, map[string]string{"KORMEER_DATABASE_URL": db, "KORMEER_DATA_DIR": t.TempDir()})
	if code, _, errOut := runLoadgen(t, append(loadgenSignIn, "--url", base, "--url", "http://127.0.0.1:1")...); code == 0 ||
		!strings.Contains(errOut, "--url http://127.0.0.1:1 (instance 2 of 2) before the run") {
		t.Errorf("wrong address among several: exit %d, %q", code, errOut)
	}
	if code, _, errOut := runLoadgen(t, "--url", base, "--email", "officer@kormeer.demo", "--password", "wrong-password"); code == 0 || !strings.Contains(errOut, "sign-in failed: 401") {
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

// startInstances runs n `kormeer serve` on one fresh PostgreSQL database, as several instances
// of one portal, and returns their addresses and stop functions.
func startInstances(t *testing.T, b storetest.Backend, n int) (bases []string, stops []func()) {
	t.Helper()
	url := b.URL(t)
	loadgenAccount(t, url)
	env := map[string]string{"KORMEER_DATABASE_URL": url, "KORMEER_DATA_DIR": t.TempDir()}
	for range n {
		base, stop := startStoppableServe(t, env)
		bases, stops = append(bases, base), append(stops, stop)
	}
	return bases, stops
}

// postgresBackend is the PostgreSQL backend, which several instances need, or false.
func postgresBackend(t *testing.T) (storetest.Backend, bool) {
	backends := storetest.Backends()
	if len(backends) < 2 {
		t.Log("PostgreSQL not configured (KORMEER_TEST_POSTGRES_URL); several instances run in CI")
		return storetest.Backend{}, false
	}
	return backends[1], true
}

// TestLoadgenSeveralInstances: transfers take two instances in turn, each answers its share with
// the token signed in on the first, and the rows the database gained are the transfers answered.
func TestLoadgenSeveralInstances(t *testing.T) {
	b, ok := postgresBackend(t)
	if !ok {
		return
	}
	bases, _ := startInstances(t, b, 2)
	code, out, errOut := runLoadgen(t, append(loadgenSignIn, "--url", bases[0], "--url", bases[1], "--concurrency", "3", "--duration", "800ms")...)
	if code != 0 {
		t.Fatalf("loadgen exited %d: %s %s", code, out, errOut)
	}
	for _, base := range bases {
		m := regexp.MustCompile(`instance ` + regexp.QuoteMeta(base) + `: ([1-9]\d*) answered, 0 failed\n`).FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("instance %s answered nothing: %q", base, out)
		}
	}
	if !regexp.MustCompile(`\nrows \d+ before, \d+ after: \+\d+ for \d+ transfers answered 201 \(0 replays\) and 0 failed: nothing lost or duplicated\n`).MatchString(out) {
		t.Fatalf("rows check: %q", out)
	}
}

// TestLoadgenInstanceStopsMidRun: when one of two instances stops during the run, its transfers
// fail and, with --idempotency, go again with their keys to the other instance, which stores
// each once: the rows gained are exactly the transfers answered, the stopped instance's failures
// are reported, and loadgen ends promptly.
func TestLoadgenInstanceStopsMidRun(t *testing.T) {
	b, ok := postgresBackend(t)
	if !ok {
		return
	}
	bases, stops := startInstances(t, b, 2)
	time.AfterFunc(500*time.Millisecond, stops[1])
	start := time.Now()
	code, out, errOut := runLoadgen(t, append(loadgenSignIn, "--url", bases[0], "--url", bases[1], "--concurrency", "4",
		"--duration", "1500ms", "--idempotency")...)
	if code != 0 {
		t.Fatalf("loadgen exited %d: %s %s", code, out, errOut)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("loadgen took %s with an instance stopped", took)
	}
	if !regexp.MustCompile(`instance ` + regexp.QuoteMeta(bases[1]) + `: \d+ answered, [1-9]\d* failed\n`).MatchString(out) {
		t.Fatalf("the stopped instance's failures are not reported: %q", out)
	}
	if !regexp.MustCompile(`failures 0\n(.|\n)*: nothing lost or duplicated\n`).MatchString(out) {
		t.Fatalf("with retries on the other instance, every transfer should be answered and stored once: %q", out)
	}
}
