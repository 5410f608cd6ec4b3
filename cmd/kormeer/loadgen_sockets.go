package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// socketLoad is `kormeer loadgen --sockets N`: it opens N authenticated WebSocket clients spread
// over every --url, posts alert-raising transfers to the first one at a steady pace, and reports
// how long each alert took to reach every client, the deliveries that never came, and (with
// --metrics) the server's memory per idle connection. Latency counts from the moment the
// transfer's POST started: the commit happens inside that request, so this is an upper bound on
// commit-to-client, and the POST's own latency is printed beside it.
type socketLoad struct {
	n, alerts       int
	interval, wait  time.Duration
	metrics, urls   urlList
	email, password string
}

func (s *socketLoad) flags(fs *flag.FlagSet) {
	fs.IntVar(&s.n, "sockets", 0, "instead of transfers, open this many authenticated WebSocket clients (spread over every --url) and time alerts reaching them")
	fs.IntVar(&s.alerts, "alerts", 50, "with --sockets: alert-raising transfers to post to the first --url")
	fs.DurationVar(&s.interval, "alert-interval", 150*time.Millisecond, "with --sockets: time between two alert-raising transfers")
	fs.DurationVar(&s.wait, "alert-wait", 10*time.Second, "with --sockets: how long after the last transfer to wait for deliveries before counting them missing")
	fs.Var(&s.metrics, "metrics", "with --sockets: an instance's Prometheus address (serve --metrics-addr), as http://127.0.0.1:9090/metrics; repeatable, one per --url in the same order; gives the server's memory per connection")
}

// socketArrival is one alert's arrival at one client.
type socketArrival struct {
	id string
	at time.Time
}

// socketAlert is one posted transfer that raised an alert.
type socketAlert struct {
	id              string
	start, answered time.Time
	deliveries      int
	last            time.Duration
}

func (s *socketLoad) run(ctx context.Context, stdout io.Writer) error {
	switch {
	case s.n < 1:
		return fmt.Errorf("--sockets must be at least 1, got %d", s.n)
	case s.alerts < 1:
		return fmt.Errorf("--alerts must be at least 1, got %d", s.alerts)
	case s.interval <= 0 || s.wait <= 0:
		return errors.New("--alert-interval and --alert-wait must be positive")
	case len(s.metrics) > 0 && len(s.metrics) != len(s.urls):
		return fmt.Errorf("--metrics: give one per --url (%d), in the same order, or none", len(s.urls))
	}
	if limit := openFileLimit(); limit > 0 && uint64(s.n)+64 > limit {
		return fmt.Errorf("%d sockets need more open files than this process may have (%d); raise the hard limit (ulimit -Hn)", s.n, limit)
	}
	token, userID, err := loadgenSession(ctx, s.urls[0], s.email, s.password)
	if err != nil {
		return err
	}
	before, err := s.serverMemory(ctx)
	if err != nil {
		return err
	}
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	var (
		received, lost atomic.Int64
		lostErr        atomic.Value
		readers        sync.WaitGroup
	)
	t0 := time.Now()
	clients, err := s.dialAll(runCtx, token, userID)
	if err != nil {
		return err
	}
	subscribed := time.Since(t0)
	readErr := make(chan error, 1)
	defer func() {
		stop()
		readers.Wait()
		for _, c := range clients {
			c.close()
		}
	}()
	// One epoll loop per core, each over a share of the clients.
	loops := min(runtime.GOMAXPROCS(0), len(clients))
	for l := range loops {
		var share []*socketClient
		for i := l; i < len(clients); i += loops {
			share = append(share, clients[i])
		}
		readers.Add(1)
		go func() {
			defer readers.Done()
			err := readSockets(runCtx, share, &received, func(err error) {
				lost.Add(1)
				lostErr.CompareAndSwap(nil, err.Error())
			})
			if err != nil {
				select {
				case readErr <- err:
				default:
				}
				stop()
			}
		}()
	}
	fmt.Fprintf(stdout, "sockets %d authenticated over %d instance(s) in %.1fs\n", s.n, len(s.urls), subscribed.Seconds())
	if err := s.printMemory(ctx, stdout, before); err != nil {
		return err
	}

	alerts, err := s.postAlerts(runCtx, token, &lost)
	if err != nil {
		return err
	}
	want := int64(s.n) * int64(len(alerts))
	deadline := time.Now().Add(s.wait)
	for received.Load() < want && lost.Load() == 0 && time.Now().Before(deadline) && sleepUntil(ctx, time.Now().Add(10*time.Millisecond)) {
	}
	stop()
	readers.Wait()
	select {
	case err := <-readErr:
		return err
	default:
	}
	return s.report(stdout, clients, alerts, lost.Load(), lostErr.Load())
}

// dialAll opens the clients, at most 64 handshakes at a time, client i on url i mod the count,
// and returns once every one has its auth_success; the first failure ends the run.
func (s *socketLoad) dialAll(ctx context.Context, token, userID string) ([]*socketClient, error) {
	clients := make([]*socketClient, s.n)
	sem := make(chan struct{}, 64)
	var (
		wg       sync.WaitGroup
		firstErr atomic.Value
	)
	for i := range clients {
		if firstErr.Load() != nil {
			break
		}
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer func() { <-sem; wg.Done() }()
			c, err := dialSocket(ctx, s.urls[i%len(s.urls)], token, userID)
			if err != nil {
				firstErr.CompareAndSwap(nil, fmt.Errorf("socket %d of %d: %w", i+1, s.n, err))
				return
			}
			clients[i] = c
		}()
	}
	wg.Wait()
	if err, _ := firstErr.Load().(error); err != nil {
		for _, c := range clients {
			if c != nil {
				c.close()
			}
		}
		return nil, err
	}
	return clients, nil
}

// alertIDKey precedes the alert's transaction id in a compliance_alert message; the client finds
// it without decoding the JSON, so that 10,000 clients on the same machine add little delay.
var alertIDKey = []byte(`"relatedTransactionId":"`)

// alertID is the transaction id of the alert a message carries, if it carries one.
func alertID(msg []byte) (string, bool) {
	i := bytes.Index(msg, alertIDKey)
	if i < 0 {
		return "", false
	}
	rest := msg[i+len(alertIDKey):]
	j := bytes.IndexByte(rest, '"')
	if j < 0 {
		return "", false
	}
	return string(rest[:j]), true
}

// postAlerts posts the alert-raising transfers to the first instance, one every interval, and
// returns them with their times; it stops early once a client lost its connection. A transfer
// refused or not high-risk ends the run.
func (s *socketLoad) postAlerts(ctx context.Context, token string, lost *atomic.Int64) ([]*socketAlert, error) {
	var alerts []*socketAlert
	rnd := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7))
	start := time.Now()
	for k := range s.alerts {
		if !sleepUntil(ctx, start.Add(time.Duration(k)*s.interval)) {
			return nil, ctx.Err()
		}
		if lost.Load() > 0 {
			break // the report says what happened
		}
		a, err := postAlertTransfer(ctx, s.urls[0], token, rnd)
		if err != nil {
			return nil, fmt.Errorf("transfer %d of %d: %w", k+1, s.alerts, err)
		}
		alerts = append(alerts, a)
	}
	return alerts, nil
}

// postAlertTransfer posts a transfer the default AML rules score high risk: 10,000.00 USD from a
// wallet never seen before (large value 40, round amount 10 and new wallet volume 20: 70, the
// high line), so each one raises an alert every regulator sees.
func postAlertTransfer(ctx context.Context, base, token string, rnd *rand.Rand) (*socketAlert, error) {
	b, _ := json.Marshal(map[string]string{
		"senderNumber": fmt.Sprintf("+252 65 %07d", rnd.IntN(10_000_000)), "receiverNumber": fmt.Sprintf("+252 63 %07d", rnd.IntN(10_000_000)),
		"amount": "10000.00", "currency": "USD", "mode": "online", "senderInstitution": "Premium-Wallet", "receiverInstitution": "Waafi",
		"senderType": "wallet", "receiverType": "wallet"})
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/transfer", bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	a := &socketAlert{start: time.Now()}
	res, err := loadgenHTTP.Do(req)
	if err != nil {
		return nil, fmt.Errorf("the portal stopped answering: %w", err)
	}
	defer res.Body.Close()
	a.answered = time.Now()
	body, _ := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	var out struct {
		ID        string `json:"id"`
		RiskLevel string `json:"riskLevel"`
		AMLScore  int    `json:"amlScore"`
	}
	if res.StatusCode != http.StatusCreated || json.Unmarshal(body, &out) != nil {
		return nil, fmt.Errorf("POST /api/transfer: %s %s", res.Status, bytes.TrimSpace(body))
	}
	if out.RiskLevel != "high" {
		return nil, fmt.Errorf("the transfer scored %d (%s), no alert: the portal's AML rules differ from the defaults", out.AMLScore, out.RiskLevel)
	}
	a.id = out.ID
	return a, nil
}

// report matches the arrivals to the alerts and prints the latencies; missing deliveries or lost
// clients make it an error, after the figures.
func (s *socketLoad) report(stdout io.Writer, clients []*socketClient, alerts []*socketAlert, lost int64, lostErr any) error {
	byID := make(map[string]*socketAlert, len(alerts))
	for _, a := range alerts {
		byID[a.id] = a
	}
	var every, lasts, posts []time.Duration
	for _, c := range clients {
		for _, r := range c.arrivals {
			a := byID[r.id]
			if a == nil {
				continue // another alert of the portal's own traffic
			}
			d := r.at.Sub(a.start)
			every = append(every, d)
			a.deliveries++
			a.last = max(a.last, d)
		}
	}
	missing := 0
	for _, a := range alerts {
		missing += s.n - a.deliveries
		posts = append(posts, a.answered.Sub(a.start))
		if a.deliveries == s.n {
			lasts = append(lasts, a.last)
		}
	}
	fmt.Fprintf(stdout, "alerts %d of %d posted to %s, one every %s; deliveries %d of %d, missing %d, clients lost %d\n",
		len(alerts), s.alerts, s.urls[0], s.interval, len(every), s.n*len(alerts), missing, lost)
	fmt.Fprintln(stdout, "latency from the transfer's POST starting (its commit is inside it: an upper bound):")
	printPercentiles(stdout, "  last client", lasts)
	printPercentiles(stdout, "  every delivery", every)
	printPercentiles(stdout, "  the POST itself", posts)
	switch {
	case lost > 0:
		return fmt.Errorf("%d of %d clients lost their connection: %v", lost, s.n, lostErr)
	case missing > 0:
		return fmt.Errorf("%d deliveries missing within %s of the last transfer", missing, s.wait)
	}
	return nil
}

func printPercentiles(w io.Writer, label string, d []time.Duration) {
	if len(d) == 0 {
		fmt.Fprintf(w, "%-18s none\n", label)
		return
	}
	slices.Sort(d)
	p := func(q float64) time.Duration { return d[int(q*float64(len(d)-1))].Round(10 * time.Microsecond) }
	fmt.Fprintf(w, "%-18s p50 %9s  p95 %9s  p99 %9s  max %9s\n", label, p(0.50), p(0.95), p(0.99), p(1))
}

// serverSample is what an instance's Prometheus endpoint says about its memory and sockets.
type serverSample struct {
	heap, stacks, sockets float64
}

// serverMemory samples every --metrics endpoint (none without the flag).
func (s *socketLoad) serverMemory(ctx context.Context) ([]serverSample, error) {
	var out []serverSample
	for _, u := range s.metrics {
		m, err := scrapeMetrics(ctx, u, "go_memstats_heap_inuse_bytes", "go_memstats_stack_inuse_bytes", "kormeer_websocket_connections")
		if err != nil {
			return nil, err
		}
		out = append(out, serverSample{m[0], m[1], m[2]})
	}
	return out, nil
}

// printMemory prints each instance's memory per idle connection: the growth of the Go heap in
// use and of goroutine stacks since before the sockets opened, divided by the sockets it gained.
// Heap in use counts garbage not yet collected as well, so the figure errs high.
func (s *socketLoad) printMemory(ctx context.Context, stdout io.Writer, before []serverSample) error {
	if len(s.metrics) == 0 {
		fmt.Fprintln(stdout, "server memory per idle connection: not measured (start serve with --metrics-addr and pass --metrics http://ADDR/metrics)")
		return nil
	}
	time.Sleep(time.Second) // handshakes finish their writes before the sample
	after, err := s.serverMemory(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, "server memory per idle connection (Go heap in use + goroutine stacks, after minus before, per socket gained):")
	for i, a := range after {
		b, n := before[i], after[i].sockets-before[i].sockets
		if n <= 0 {
			return fmt.Errorf("%s: kormeer_websocket_connections did not grow (%g to %g): is it the instance of --url %s?", s.metrics[i], b.sockets, a.sockets, s.urls[i])
		}
		fmt.Fprintf(stdout, "  %s: %.1f KB (heap %.1f KB, stacks %.1f KB) over %g sockets\n", s.urls[i],
			(a.heap+a.stacks-b.heap-b.stacks)/n/1024, (a.heap-b.heap)/n/1024, (a.stacks-b.stacks)/n/1024, n)
	}
	return nil
}

// scrapeMetrics reads the named gauges from a Prometheus text endpoint.
func scrapeMetrics(ctx context.Context, url string, names ...string) ([]float64, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, fmt.Errorf("--metrics %s: %w", url, err)
	}
	res, err := loadgenHTTP.Do(req)
	if err != nil {
		return nil, fmt.Errorf("--metrics: %w", err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("--metrics %s: %s", url, res.Status)
	}
	vals := make([]float64, len(names))
	found := 0
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), " ")
		if i := slices.Index(names, name); ok && i >= 0 {
			if vals[i], err = strconv.ParseFloat(strings.TrimSpace(value), 64); err == nil {
				found++
			}
		}
	}
	if found != len(names) {
		return nil, fmt.Errorf("--metrics %s: want %s, found %d of them", url, strings.Join(names, ", "), found)
	}
	return vals, nil
}
