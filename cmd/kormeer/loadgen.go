package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// loadgen posts transfers to a running portal over HTTP at a chosen concurrency, optionally
// paced to a target rate, and prints throughput and latency percentiles. It measures the whole
// path a client sees: TLS-less HTTP, JSON, authentication, validation, AML scoring and storage.
// With --steps it runs several measurement windows back to back against the same process and
// prints one line per window with the rows the portal holds after it, so a portal that started
// empty can be watched while its data grows (docs/PERFORMANCE.md, "Growth in one process").
// Several --url spread the transfers over several instances on one database (loadgen_instances.go).
// With --sockets it measures live alerts instead (loadgen_sockets.go).
func loadgen(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("loadgen", stderr)
	var urls urlList
	fs.Var(&urls, "url", "portal address (repeatable: transfers take the instances given in turn, --sockets spreads its clients over them; default http://127.0.0.1:8080)")
	email := fs.String("email", "officer@kormeer.demo", "account to sign in with")
	password := fs.String("password", "Officer-demo-2026", "its password")
	conc := fs.Int("concurrency", 32, "concurrent clients")
	dur := fs.Duration("duration", 20*time.Second, "how long to run (each step with --steps)")
	steps := fs.Int("steps", 1, "measurement windows of --duration run back to back, one line each with the rows reached")
	rate := fs.Float64("rate", 0, "target transfers per second in all (0: as fast as possible)")
	reads := fs.Int("reads", 0, "instead of transfers, time this many requests of each search filter and of GET /api/metrics")
	idem := fs.Bool("idempotency", false, "send each transfer with its own Idempotency-Key, as a client that retries safely does")
	var sock socketLoad
	sock.flags(fs)
	if err := parsed(fs, fs.Parse(args), stdout); err != nil {
		return err
	}
	if len(urls) == 0 {
		urls = urlList{"http://127.0.0.1:8080"}
	}
	if sock.n != 0 {
		sock.urls, sock.email, sock.password = urls, *email, *password
		return sock.run(ctx, stdout)
	}
	base := &urls[0]
	switch {
	case *steps < 1:
		return fmt.Errorf("--steps must be at least 1, got %d", *steps)
	case *dur <= 0:
		return fmt.Errorf("--duration must be positive, got %s", *dur)
	case *conc < 1:
		return fmt.Errorf("--concurrency must be at least 1, got %d", *conc)
	case *rate < 0:
		return fmt.Errorf("--rate must not be negative, got %g", *rate)
	case *reads < 0:
		return fmt.Errorf("--reads must not be negative, got %d", *reads)
	}
	token, err := loadgenToken(ctx, *base, *email, *password)
	if err != nil {
		return err
	}
	if *reads > 0 {
		return readBench(ctx, *base, token, *reads, stdout)
	}
	run := newTransferRun(urls, token, *conc, *rate, *idem)
	before, err := run.checkInstances(ctx)
	if err != nil {
		return err
	}
	if *steps == 1 {
		res := run.measure(ctx, *dur)
		if len(res.latencies) == 0 {
			return fmt.Errorf("no transfer succeeded: %v", res.firstErr)
		}
		fmt.Fprintf(stdout, "transfers %d in %.1fs: %.0f/s, failures %d\nlatency p50 %s p95 %s p99 %s max %s\n",
			len(res.latencies), res.elapsed.Seconds(), res.rate(), res.failures,
			res.pct(0.50), res.pct(0.95), res.pct(0.99), res.pct(1))
		if res.firstErr != nil {
			fmt.Fprintf(stdout, "first failure: %v\n", res.firstErr)
		}
		rows, err := run.rows(ctx)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "rows in the portal: %d\n", rows)
		return run.report(stdout, before, rows)
	}
	return run.steps(ctx, *steps, *dur, before, stdout)
}

// urlList is a repeatable --url flag.
type urlList []string

func (l *urlList) String() string { return strings.Join(*l, ",") }

func (l *urlList) Set(v string) error {
	*l = append(*l, strings.TrimRight(v, "/"))
	return nil
}

// transferRun is what every measurement window of one loadgen invocation shares: the portal's
// instances, the signed-in token and one HTTP client, so later windows reuse the connections of
// earlier ones as a long-lived client would.
type transferRun struct {
	instances []*instance
	token     string
	conc      int
	rate      float64
	idem      bool
	client    *http.Client
	// windows counts measurement windows, so idempotency keys stay unique across steps.
	windows atomic.Int64
	// turn takes the instances in turn, request by request (transfer).
	turn atomic.Uint64
	// answered and replayed count, over every window, the transfers answered 201 and those of
	// them that replayed an earlier answer of their key; failed those never answered 201.
	answered, replayed, failed atomic.Int64
}

// steps runs n windows of d back to back and prints one table row per window. A window in which
// nothing succeeded, or a portal that no longer answers between windows, ends the run with an
// error (the rows measured so far are printed already); after the last, the rows check (report).
func (r *transferRun) steps(ctx context.Context, n int, d time.Duration, before int64, stdout io.Writer) error {
	fmt.Fprintf(stdout, "%-6s %10s %12s %10s %10s %10s %10s %9s\n", "step", "rows", "transfers/s", "p50", "p95", "p99", "max", "failures")
	rows := before
	for i := 1; i <= n; i++ {
		res := r.measure(ctx, d)
		if ctx.Err() != nil {
			return fmt.Errorf("step %d of %d: %w", i, n, ctx.Err())
		}
		if len(res.latencies) == 0 {
			return fmt.Errorf("step %d of %d: no transfer succeeded: %v", i, n, res.firstErr)
		}
		var err error
		if rows, err = r.rows(ctx); err != nil {
			return fmt.Errorf("step %d of %d: %w", i, n, err)
		}
		fmt.Fprintf(stdout, "%-6s %10d %12.0f %10s %10s %10s %10s %9d\n", fmt.Sprintf("%d/%d", i, n), rows, res.rate(),
			res.pct(0.50), res.pct(0.95), res.pct(0.99), res.pct(1), res.failures)
		if res.firstErr != nil {
			fmt.Fprintf(stdout, "       first failure: %v\n", res.firstErr)
		}
	}
	return r.report(stdout, before, rows)
}

// windowResult is one measurement window: every successful transfer's latency, sorted.
type windowResult struct {
	latencies []time.Duration
	failures  int64
	firstErr  any
	elapsed   time.Duration
}

func (w windowResult) rate() float64 { return float64(len(w.latencies)) / w.elapsed.Seconds() }

// pct is the p-th latency percentile (0 < p <= 1), rounded for printing.
func (w windowResult) pct(p float64) time.Duration {
	return w.latencies[int(p*float64(len(w.latencies)-1))].Round(10 * time.Microsecond)
}

// measure posts transfers for d and collects their latencies. It starts none after d but waits
// for the answers of those under way (for up to answerGrace), so that every transfer the portal
// stored was either answered and counted or counted as a failure: the rows check (report) is
// then exact.
func (r *transferRun) measure(parent context.Context, d time.Duration) windowResult {
	ctx, cancel := context.WithTimeout(parent, d)
	defer cancel()
	reqCtx, cancelReqs := context.WithTimeout(parent, d+answerGrace)
	defer cancelReqs()
	window := r.windows.Add(1)
	var (
		mu        sync.Mutex
		latencies []time.Duration
		failures  atomic.Int64
		firstErr  atomic.Value
	)
	// Paced, the n-th transfer is due at start + n/rate whatever the answers before it took, and
	// its latency counts from when it was due: a client held up by a slow answer does not hide
	// the wait from the measurement (coordinated omission), and a server that keeps up sees the
	// rate asked for.
	var due atomic.Int64
	interval := time.Duration(0)
	if r.rate > 0 {
		interval = time.Duration(float64(time.Second) / r.rate)
	}
	start := time.Now()
	var wg sync.WaitGroup
	for w := 0; w < r.conc; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			rnd := rand.New(rand.NewPCG(uint64(w), uint64(start.UnixNano())))
			var local []time.Duration
			sent := 0
			for ctx.Err() == nil {
				t0 := time.Now()
				if interval > 0 {
					t0 = start.Add(time.Duration(due.Add(1)-1) * interval)
					if !sleepUntil(ctx, t0) {
						continue
					}
				}
				key := ""
				if sent++; r.idem {
					key = fmt.Sprintf("loadgen-%d-%d-%d-%d", start.UnixNano(), window, w, sent)
				}
				if err := r.transfer(reqCtx, loadgenTransfer(rnd), key); err != nil {
					failures.Add(1)
					firstErr.CompareAndSwap(nil, err.Error())
					if errors.Is(err, errUnreachable) {
						// An instance that is gone refuses at once: do not spin on it.
						sleepUntil(ctx, time.Now().Add(20*time.Millisecond))
					}
					continue
				}
				local = append(local, time.Since(t0))
			}
			mu.Lock()
			latencies = append(latencies, local...)
			mu.Unlock()
		}(w)
	}
	wg.Wait()
	slices.Sort(latencies)
	return windowResult{latencies: latencies, failures: failures.Load(), firstErr: firstErr.Load(), elapsed: time.Since(start)}
}

// loadgenHTTP answers the requests outside the measured windows (sign-in, row counts, reads): a
// portal that accepts the connection and never answers must not hang the load generator.
var loadgenHTTP = &http.Client{Timeout: 30 * time.Second}

// portalRows is the number of transactions the portal holds (GET /api/metrics). It is also the
// check, after a window, that the portal still answers.
func portalRows(ctx context.Context, base, token string) (int64, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/api/metrics", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := loadgenHTTP.Do(req)
	if err != nil {
		return 0, fmt.Errorf("the portal stopped answering: %w", err)
	}
	defer res.Body.Close()
	var out struct {
		TotalTransactions int64 `json:"totalTransactions"`
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil || res.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("GET /api/metrics: %s", res.Status)
	}
	return out.TotalTransactions, nil
}

// sleepUntil waits until t and reports whether ctx is still live then.
func sleepUntil(ctx context.Context, t time.Time) bool {
	d := time.Until(t)
	if d <= 0 {
		return ctx.Err() == nil
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return true
	case <-ctx.Done():
		return false
	}
}

func loadgenToken(ctx context.Context, base, email, password string) (string, error) {
	token, _, err := loadgenSession(ctx, base, email, password)
	return token, err
}

// loadgenSession signs in and returns the bearer token and the account's id.
func loadgenSession(ctx context.Context, base, email, password string) (token, userID string, err error) {
	b, _ := json.Marshal(map[string]string{"email": email, "password": password})
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/auth/login", bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	res, err := loadgenHTTP.Do(req)
	if err != nil {
		return "", "", fmt.Errorf("sign-in: %w", err)
	}
	defer res.Body.Close()
	var out struct {
		Token   string `json:"access_token"`
		Message string `json:"message"`
		User    struct {
			ID string `json:"id"`
		} `json:"user"`
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil || out.Token == "" {
		return "", "", errors.New("sign-in failed: " + res.Status + " " + out.Message)
	}
	return out.Token, out.User.ID, nil
}

var loadgenOperators = []struct{ name, prefix string }{{"Premium-Wallet", "+252 65"}, {"E-Dahab", "+252 64"}, {"Waafi", "+252 63"}}

// loadgenTransfer makes a realistic wallet transfer between random wallets of 100,000.
func loadgenTransfer(rnd *rand.Rand) []byte {
	from, to := loadgenOperators[rnd.IntN(3)], loadgenOperators[rnd.IntN(3)]
	amount := fmt.Sprintf("%d.%02d", 1+rnd.IntN(900), rnd.IntN(100))
	b, _ := json.Marshal(map[string]string{
		"senderNumber": fmt.Sprintf("%s %07d", from.prefix, rnd.IntN(100_000)), "receiverNumber": fmt.Sprintf("%s %07d", to.prefix, rnd.IntN(100_000)),
		"amount": amount, "currency": "USD", "mode": "online", "senderInstitution": from.name, "receiverInstitution": to.name,
		"senderType": "wallet", "receiverType": "wallet"})
	return b
}

// readQueries are the searches of 001 §7, one filter at a time and combined, as the
// transactions screen sends them for a first page.
var readQueries = []string{
	"/api/transactions",
	"/api/transactions/search",
	"/api/transactions/search?status=failed",
	"/api/transactions/search?type=payment",
	"/api/transactions/search?transferMode=ussd",
	"/api/transactions/search?currency=SHS",
	"/api/transactions/search?dateFrom=%[1]s&dateTo=%[1]s",
	"/api/transactions/search?amountMin=1000&amountMax=5000",
	"/api/transactions/search?search=TXN-",
	"/api/transactions/search?search=%%2B25265",
	"/api/transactions/search?npssReference=NPSS0000000000000000",
	"/api/transactions/search?status=completed&currency=USD&transferMode=online&amountMin=100",
	"/api/metrics",
	"/api/analytics",
	"/api/analytics?from=%[2]s",
}

// readBench times each read query n times, one at a time, and prints p50 and p95.
func readBench(ctx context.Context, base, token string, n int, stdout io.Writer) error {
	day := time.Now().AddDate(0, 0, -3).Format("2006-01-02")
	yearAgo := time.Now().AddDate(0, 0, -365).Format("2006-01-02")
	fmt.Fprintf(stdout, "%-95s %9s %9s\n", "request (first page)", "p50", "p95")
	for _, q := range readQueries {
		path := q
		if strings.Contains(q, "%[") {
			path = fmt.Sprintf(q, day, yearAgo)
		} else {
			path = strings.ReplaceAll(q, "%%", "%")
		}
		var lat []time.Duration
		for i := 0; i < n; i++ {
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+path, nil)
			req.Header.Set("Authorization", "Bearer "+token)
			t0 := time.Now()
			res, err := loadgenHTTP.Do(req)
			if err != nil {
				return err
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusOK {
				return fmt.Errorf("%s: %s", path, res.Status)
			}
			lat = append(lat, time.Since(t0))
		}
		slices.Sort(lat)
		fmt.Fprintf(stdout, "%-95s %9s %9s\n", path, lat[len(lat)/2].Round(10*time.Microsecond), lat[int(0.95*float64(len(lat)-1))].Round(10*time.Microsecond))
	}
	return nil
}
