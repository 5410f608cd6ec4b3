package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/kormeer/kormeer/internal/switchfeed"
)

// switchsim plays the national switch: it publishes pacs.008 credit transfers and pacs.002
// status reports to JetStream (or posts them to POST /api/iso20022), some transfers twice and
// some reports before their transfer, then waits for the portals' durable consumer to have
// acknowledged everything and prints the end-to-end rate (publish to committed row, since a
// message is acknowledged only after its commit) and the largest lag seen.
func switchsim(ctx context.Context, args []string, _ func(string) string, stdout, stderr io.Writer) error {
	fs := newFlagSet("switchsim", stderr)
	natsURL := fs.String("nats-url", "nats://127.0.0.1:4222", "NATS server with JetStream")
	subject := fs.String("subject", "switch.iso20022.in", "subject to publish on (within the portal's KORMEER_NATS_SUBJECT)")
	stream := fs.String("stream", "SWITCH", "the portal's KORMEER_NATS_STREAM (created if missing)")
	filter := fs.String("filter", "switch.iso20022.>", "the portal's KORMEER_NATS_SUBJECT: the stream's subjects if the stream is created, the consumer's filter")
	durable := fs.String("durable", "kormeer", "the portals' durable consumer, whose lag is watched")
	count := fs.Int("count", 10_000, "credit transfers to send")
	rate := fs.Float64("rate", 0, "messages per second (0: as fast as possible)")
	dups := fs.Float64("duplicates", 0.05, "share of transfers sent twice")
	statuses := fs.Float64("statuses", 1, "share of transfers followed by a status report (ACSC, some RJCT)")
	early := fs.Float64("out-of-order", 0.05, "share of status reports sent before their transfer")
	wait := fs.Bool("wait", true, "wait until the consumer has acknowledged everything and print the end-to-end rate")
	httpURL := fs.String("http", "", "instead of JetStream, post each document to this portal's POST /api/iso20022")
	token := fs.String("token", "", "with --http: an API key (scope iso20022:submit) or a regulator's token")
	conc := fs.Int("concurrency", 8, "with --http: concurrent requests")
	if err := parsed(fs, fs.Parse(args), stdout); err != nil {
		return err
	}
	if *count < 1 {
		return fmt.Errorf("--count must be at least 1")
	}
	docs := simTraffic(*count, *dups, *statuses, *early)
	if *httpURL != "" {
		return simHTTP(ctx, docs, *httpURL, *token, *conc, stdout)
	}
	nc, err := nats.Connect(*natsURL, nats.Name("kormeer switchsim"))
	if err != nil {
		return fmt.Errorf("connect to %s: %w", *natsURL, err)
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	cons, err := switchfeed.EnsureConsumer(ctx, js, switchfeed.Config{Stream: *stream, Subject: *filter, Durable: *durable})
	if err != nil {
		return err
	}
	var maxLag atomic.Int64
	watchCtx, stopWatch := context.WithCancel(ctx)
	defer stopWatch()
	lag := func() int64 {
		info, err := cons.Info(ctx)
		if err != nil {
			return -1
		}
		return int64(info.NumPending) + int64(info.NumAckPending)
	}
	go func() {
		for watchCtx.Err() == nil {
			if l := lag(); l > maxLag.Load() {
				maxLag.Store(l)
			}
			time.Sleep(200 * time.Millisecond)
		}
	}()
	start := time.Now()
	var tick *time.Ticker
	if *rate > 0 {
		tick = time.NewTicker(time.Duration(float64(time.Second) / *rate))
		defer tick.Stop()
	}
	for _, d := range docs {
		if tick != nil {
			<-tick.C
		}
		if _, err := js.PublishAsync(*subject, d); err != nil {
			return err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	select {
	case <-js.PublishAsyncComplete():
	case <-ctx.Done():
		return ctx.Err()
	}
	published := time.Since(start)
	fmt.Fprintf(stdout, "published %d messages (%d transfers) in %s: %.0f msg/s\n", len(docs), *count,
		published.Round(time.Millisecond), float64(len(docs))/published.Seconds())
	if !*wait {
		return nil
	}
	for {
		l := lag()
		if l == 0 {
			break
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		time.Sleep(100 * time.Millisecond)
	}
	total := time.Since(start)
	fmt.Fprintf(stdout, "acknowledged by the consumer (committed) after %s: %.0f msg/s end to end; largest lag %d messages\n",
		total.Round(time.Millisecond), float64(len(docs))/total.Seconds(), maxLag.Load())
	return nil
}

// simTraffic is the documents to send, in order: each transfer, sometimes twice, and its status
// report, sometimes first.
func simTraffic(n int, dups, statuses, early float64) [][]byte {
	sim := switchfeed.NewSim(uint64(time.Now().UnixNano()))
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	now := time.Now()
	var out [][]byte
	for i := 0; i < n; i++ {
		t := sim.CreditTransfer(now)
		var report []byte
		if rng.Float64() < statuses {
			code, reason := sim.Outcome()
			report = sim.StatusReport(t, code, reason, now)
		}
		if report != nil && rng.Float64() < early {
			out = append(out, report)
			report = nil
		}
		out = append(out, t.Doc)
		if rng.Float64() < dups {
			out = append(out, t.Doc)
		}
		if report != nil {
			out = append(out, report)
		}
	}
	return out
}

// simHTTP posts the documents to POST /api/iso20022 with conc workers.
func simHTTP(ctx context.Context, docs [][]byte, base, token string, conc int, stdout io.Writer) error {
	if token == "" {
		return errors.New("--http needs --token (an API key with scope iso20022:submit, or a regulator's token)")
	}
	var next, failed atomic.Int64
	var firstErr error
	var mu sync.Mutex
	var wg sync.WaitGroup
	client := &http.Client{Timeout: 30 * time.Second}
	start := time.Now()
	for w := 0; w < max(conc, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				i := int(next.Add(1)) - 1
				if i >= len(docs) {
					return
				}
				req, _ := http.NewRequestWithContext(ctx, "POST", base+"/api/iso20022", bytes.NewReader(docs[i]))
				req.Header.Set("Content-Type", "application/xml")
				req.Header.Set("Authorization", "Bearer "+token)
				res, err := client.Do(req)
				if err == nil {
					body, _ := io.ReadAll(res.Body)
					res.Body.Close()
					if res.StatusCode != http.StatusOK {
						err = fmt.Errorf("%s: %s", res.Status, bytes.TrimSpace(body))
					}
				}
				if err != nil {
					failed.Add(1)
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	d := time.Since(start)
	fmt.Fprintf(stdout, "posted %d documents in %s: %.0f documents/s, %d failed\n", len(docs), d.Round(time.Millisecond),
		float64(len(docs))/d.Seconds(), failed.Load())
	if firstErr != nil {
		return fmt.Errorf("first failure: %w", firstErr)
	}
	return nil
}
