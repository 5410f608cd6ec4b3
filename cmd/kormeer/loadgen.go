package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
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
func loadgen(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("kormeer loadgen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	base := fs.String("url", "http://127.0.0.1:8080", "portal address")
	email := fs.String("email", "officer@kormeer.demo", "account to sign in with")
	password := fs.String("password", "Officer-demo-2026", "its password")
	conc := fs.Int("concurrency", 32, "concurrent clients")
	dur := fs.Duration("duration", 20*time.Second, "how long to run")
	rate := fs.Float64("rate", 0, "target transfers per second in all (0: as fast as possible)")
	reads := fs.Int("reads", 0, "instead of transfers, time this many requests of each search filter and of GET /api/metrics")
	idem := fs.Bool("idempotency", false, "send each transfer with its own Idempotency-Key, as a client that retries safely does")
	if err := fs.Parse(args); err != nil {
		return err
	}
	token, err := loadgenToken(ctx, *base, *email, *password)
	if err != nil {
		return err
	}
	if *reads > 0 {
		return readBench(ctx, *base, token, *reads, stdout)
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: *conc * 2, MaxConnsPerHost: *conc * 2}}
	ctx, cancel := context.WithTimeout(ctx, *dur)
	defer cancel()
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
	if *rate > 0 {
		interval = time.Duration(float64(time.Second) / *rate)
	}
	start := time.Now()
	var wg sync.WaitGroup
	for w := 0; w < *conc; w++ {
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
				body := loadgenTransfer(rnd)
				req, _ := http.NewRequestWithContext(ctx, http.MethodPost, *base+"/api/transfer", bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("Authorization", "Bearer "+token)
				if sent++; *idem {
					req.Header.Set("Idempotency-Key", fmt.Sprintf("loadgen-%d-%d-%d", start.UnixNano(), w, sent))
				}
				res, err := client.Do(req)
				if err != nil {
					if ctx.Err() == nil {
						failures.Add(1)
						firstErr.CompareAndSwap(nil, err.Error())
					}
					continue
				}
				msg, _ := io.ReadAll(res.Body)
				res.Body.Close()
				if res.StatusCode != http.StatusCreated {
					failures.Add(1)
					firstErr.CompareAndSwap(nil, fmt.Sprintf("%d %s", res.StatusCode, msg))
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
	elapsed := time.Since(start)
	if len(latencies) == 0 {
		return fmt.Errorf("no transfer succeeded: %v", firstErr.Load())
	}
	slices.Sort(latencies)
	pct := func(p float64) time.Duration { return latencies[int(p*float64(len(latencies)-1))] }
	fmt.Fprintf(stdout, "transfers %d in %.1fs: %.0f/s, failures %d\nlatency p50 %s p95 %s p99 %s max %s\n",
		len(latencies), elapsed.Seconds(), float64(len(latencies))/elapsed.Seconds(), failures.Load(),
		pct(0.50).Round(10*time.Microsecond), pct(0.95).Round(10*time.Microsecond), pct(0.99).Round(10*time.Microsecond),
		latencies[len(latencies)-1].Round(10*time.Microsecond))
	if e := firstErr.Load(); e != nil {
		fmt.Fprintf(stdout, "first failure: %v\n", e)
	}
	return nil
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
	b, _ := json.Marshal(map[string]string{"email": email, "password": password})
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/auth/login", bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	var out struct {
		Token   string `json:"access_token"`
		Message string `json:"message"`
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil || out.Token == "" {
		return "", errors.New("sign-in failed: " + res.Status + " " + out.Message)
	}
	return out.Token, nil
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
			res, err := http.DefaultClient.Do(req)
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
