package switchfeed

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/iso20022"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// natsURL is a NATS server with JetStream for the test: KORMEER_TEST_NATS_URL when set, else
// a nats-server started for the test on a free port with its own storage directory (the
// Debian package nats-server; .ci/run makes sure there is one).
func natsURL(t *testing.T) string {
	t.Helper()
	if u := os.Getenv("KORMEER_TEST_NATS_URL"); u != "" {
		return u
	}
	bin, err := exec.LookPath("nats-server")
	if err != nil {
		if _, statErr := os.Stat("/usr/sbin/nats-server"); statErr != nil {
			t.Fatalf("the switch feed tests need NATS with JetStream: install nats-server (apt-get install nats-server) or set KORMEER_TEST_NATS_URL")
		}
		bin = "/usr/sbin/nats-server"
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	cmd := exec.Command(bin, "-js", "-a", "127.0.0.1", "-p", fmt.Sprint(port), "-sd", t.TempDir())
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	url := fmt.Sprintf("nats://127.0.0.1:%d", port)
	for i := 0; i < 100; i++ {
		if nc, err := nats.Connect(url); err == nil {
			nc.Close()
			return url
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("nats-server did not start on %s", url)
	return ""
}

func defaultScoring() store.Scoring { return store.Scoring{Thresholds: domain.DefaultAMLThresholds()} }

// TestConsumerNoLossNoDuplicate publishes transfers (some twice), status reports (one before its
// transfer) and a broken document; one consumer is stopped mid-stream and another carries on.
// Every transfer ends up stored once, the broken document is dead-lettered once with its reason,
// and the early status report is applied when its transfer arrives.
func TestConsumerNoLossNoDuplicate(t *testing.T) {
	url := natsURL(t)
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		st := storetest.MustOpen(t, b)
		ctx := context.Background()
		nc, err := nats.Connect(url)
		if err != nil {
			t.Fatal(err)
		}
		defer nc.Close()
		js, _ := jetstream.New(nc)
		name := "T" + strings.ReplaceAll(store.NewID(), "-", "")[:12]
		cfg := Config{URL: url, Stream: name, Subject: name + ".iso", Durable: "kormeer", DeadLetterSubject: name + ".dead",
			Batch: 25, AckWait: 2 * time.Second}
		if _, err := EnsureConsumer(ctx, js, cfg); err != nil {
			t.Fatal(err)
		}
		defer func() { _ = js.DeleteStream(context.Background(), cfg.Stream) }() // on a shared server; before nc closes
		dead, _ := nc.SubscribeSync(cfg.DeadLetterSubject)
		sim := NewSim(7)
		const n = 300
		now := time.Now().Add(-time.Minute)
		var transfers []Transfer
		publish := func(doc []byte) {
			if _, err := js.Publish(ctx, cfg.Subject, doc); err != nil {
				t.Fatal(err)
			}
		}
		for i := 0; i < n; i++ {
			tr := sim.CreditTransfer(now)
			transfers = append(transfers, tr)
			if i == 10 {
				publish(sim.StatusReport(tr, "ACSC", "", now)) // the report overtakes its transfer
			}
			publish(tr.Doc)
			if i%10 == 0 {
				publish(tr.Doc) // the switch sends it again
			}
		}
		publish([]byte("<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:pacs.008.001.08\"><FIToFICstmrCdtTrf>"))

		ing := &Ingester{Store: st, Scoring: defaultScoring}
		log := slog.New(slog.DiscardHandler)

		// An instance that dies between its commit and its acknowledgement: 20 messages stored,
		// none acknowledged. JetStream delivers them again after AckWait, as duplicates.
		if unacked := crashingInstance(ctx, t, js, cfg, ing, 20); unacked != 20 {
			t.Fatalf("the crashing instance fetched %d messages", unacked)
		}
		run := func(ctx context.Context, stats *Stats) *sync.WaitGroup {
			var wg sync.WaitGroup
			wg.Add(1)
			go func() {
				defer wg.Done()
				c := &Consumer{Config: cfg, Ingester: ing, Log: log, Stats: stats}
				if err := c.Run(ctx); err != nil {
					t.Error(err)
				}
			}()
			return &wg
		}
		// The first instance stops after about a third of the stream.
		firstCtx, stop := context.WithCancel(ctx)
		first := &Stats{}
		wg := run(firstCtx, first)
		waitFor(t, func() bool { return first.Consumed.Load() >= n/3 }, "the first consumer to start")
		stop()
		wg.Wait()
		if first.Consumed.Load() >= n {
			t.Fatalf("the first consumer took the whole stream (%d) before it stopped", first.Consumed.Load())
		}
		secondCtx, stop2 := context.WithCancel(ctx)
		defer stop2()
		second := &Stats{}
		wg2 := run(secondCtx, second)
		count := func(q string, args ...any) int {
			var c int
			if err := st.DB().QueryRow(q, args...).Scan(&c); err != nil {
				t.Fatal(err)
			}
			return c
		}
		waitFor(t, func() bool {
			return count(`SELECT COUNT(*) FROM iso_payments`) >= n && second.Lag.Load() == 0 &&
				first.DeadLettered.Load()+second.DeadLettered.Load() == 1
		}, "every transfer stored")
		stop2()
		wg2.Wait()
		if got := count(`SELECT COUNT(DISTINCT uetr) FROM iso_payments`); got != n || count(`SELECT COUNT(*) FROM iso_payments`) != n {
			t.Fatalf("%d distinct transfers stored, want %d, each once", got, n)
		}
		if got := count(`SELECT COUNT(*) FROM transactions WHERE external_id LIKE 'uetr:%'`); got != n {
			t.Fatalf("%d transactions, want %d", got, n)
		}
		// The switch's own repeats and the crashed instance's 20 stored but unacknowledged messages.
		if dups := first.Duplicates.Load() + second.Duplicates.Load(); dups < n/10+15 {
			t.Fatalf("duplicates acknowledged: %d, want at least %d", dups, n/10+15)
		}
		var status string
		if err := st.DB().QueryRow(`SELECT t.status FROM transactions t JOIN iso_payments p ON p.transaction_id = t.id
			WHERE p.uetr = $1`, transfers[10].UETR).Scan(&status); err != nil || status != "completed" {
			t.Fatalf("the early settlement report: status %q (%v)", status, err)
		}
		letters, err := st.DeadLetters(ctx, "open", 10)
		if err != nil || len(letters) != 1 || !strings.Contains(letters[0].Reason, "Not well-formed XML") {
			t.Fatalf("dead letters %v %v", letters, err)
		}
		msg, err := dead.NextMsg(5 * time.Second)
		if err != nil || msg.Header.Get("Kormeer-Reason") != letters[0].Reason {
			t.Fatalf("dead-letter subject: %v %v", msg, err)
		}
	})
}

func waitFor(t *testing.T, cond func() bool, what string) {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestConsumerTwoInstances: two instances on one database join one durable consumer, each with
// two workers, while the switch sends every transfer's status report (a fifth of them before
// their transfer), sends a third of the transfers and some reports twice, and a third instance
// dies after storing messages it never acknowledged (JetStream delivers them again, to either
// instance, while the rest is being stored). Each transfer and each report is stored once,
// every report is matched to its transfer (none left an orphan beside it) and applied once.
func TestConsumerTwoInstances(t *testing.T) {
	url := natsURL(t)
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		dbURL := b.URL(t)
		st1, st2 := storetest.MustOpenURL(t, dbURL), storetest.MustOpenURL(t, dbURL)
		ctx := context.Background()
		nc, err := nats.Connect(url)
		if err != nil {
			t.Fatal(err)
		}
		defer nc.Close()
		js, _ := jetstream.New(nc)
		name := "T" + strings.ReplaceAll(store.NewID(), "-", "")[:12]
		cfg := Config{URL: url, Stream: name, Subject: name + ".iso", Durable: "kormeer", Batch: 16, AckWait: time.Second, Workers: 2}
		if _, err := EnsureConsumer(ctx, js, cfg); err != nil {
			t.Fatal(err)
		}
		defer func() { _ = js.DeleteStream(context.Background(), cfg.Stream) }()
		publish := func(doc []byte) {
			if _, err := js.Publish(ctx, cfg.Subject, doc); err != nil {
				t.Fatal(err)
			}
		}
		sim := NewSim(11)
		const n = 200
		now := time.Now().Add(-time.Minute)
		rejected := 0
		for i := 0; i < n; i++ {
			tr := sim.CreditTransfer(now)
			code, reason := "ACSC", ""
			if i%7 == 0 {
				code, reason = "RJCT", "AC04"
				rejected++
			}
			report := sim.StatusReport(tr, code, reason, now)
			if i%5 == 0 {
				publish(report) // overtakes its transfer
			}
			publish(tr.Doc)
			if i%3 == 0 {
				publish(tr.Doc) // the switch sends it again
			}
			if i%5 != 0 {
				publish(report)
			}
			if i%4 == 0 {
				publish(report) // and the report too
			}
		}

		log := slog.New(slog.DiscardHandler)
		// The instance that dies: 40 messages stored, none acknowledged.
		crashingInstance(ctx, t, js, cfg, &Ingester{Store: st1, Scoring: defaultScoring}, 40)

		runCtx, stop := context.WithCancel(ctx)
		defer stop()
		var wg sync.WaitGroup
		stats := []*Stats{{}, {}}
		for i, st := range []*store.Store{st1, st2} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c := &Consumer{Config: cfg, Ingester: &Ingester{Store: st, Scoring: defaultScoring}, Log: log, Stats: stats[i]}
				if err := c.Run(runCtx); err != nil {
					t.Error(err)
				}
			}()
		}
		count := func(q string) int {
			var c int
			if err := st1.DB().QueryRow(q).Scan(&c); err != nil {
				t.Fatal(err)
			}
			return c
		}
		waitFor(t, func() bool {
			return count(`SELECT COUNT(*) FROM iso_status_reports`) >= n && count(`SELECT COUNT(*) FROM iso_payments`) >= n &&
				stats[0].Lag.Load() == 0 && stats[1].Lag.Load() == 0
		}, "every message stored and acknowledged")
		stop()
		wg.Wait()
		if stats[0].Consumed.Load() == 0 || stats[1].Consumed.Load() == 0 {
			t.Fatalf("one instance consumed nothing: %d and %d", stats[0].Consumed.Load(), stats[1].Consumed.Load())
		}
		for q, want := range map[string]int{
			`SELECT COUNT(*) FROM iso_payments`:                                      n,
			`SELECT COUNT(DISTINCT uetr) FROM iso_payments`:                          n,
			`SELECT COUNT(*) FROM transactions WHERE external_id LIKE 'uetr:%'`:      n,
			`SELECT COUNT(*) FROM iso_status_reports`:                                n,
			`SELECT COUNT(*) FROM iso_status_reports WHERE transaction_id IS NULL`:   0,
			`SELECT COUNT(*) FROM iso_status_reports WHERE applied`:                  n,
			`SELECT COUNT(*) FROM transaction_logs WHERE action = 'iso20022_status'`: n,
			`SELECT COUNT(*) FROM transactions WHERE status = 'rejected'`:            rejected,
			`SELECT COUNT(*) FROM transactions WHERE status = 'completed'`:           n - rejected,
		} {
			if got := count(q); got != want {
				t.Errorf("%s: %d, want %d", q, got, want)
			}
		}
		if dups := stats[0].Duplicates.Load() + stats[1].Duplicates.Load(); dups < int64(n/3+n/4) {
			t.Errorf("duplicates acknowledged: %d, want at least %d (the switch's repeats)", dups, n/3+n/4)
		}
	})
}

// crashingInstance is an instance that dies between its commit and its acknowledgement: it
// fetches up to n messages from the durable consumer and stores them, acknowledging none, so
// JetStream delivers them again after AckWait. It returns how many it stored.
func crashingInstance(ctx context.Context, t *testing.T, js jetstream.JetStream, cfg Config, ing *Ingester, n int) int {
	t.Helper()
	crashed, err := EnsureConsumer(ctx, js, cfg)
	if err != nil {
		t.Fatal(err)
	}
	batch, err := crashed.Fetch(n, jetstream.FetchMaxWait(5*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	stored := 0
	for m := range batch.Messages() {
		docs, err := iso20022.Parse(m.Data())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ing.Ingest(ctx, docs, feedSource(cfg.Subject)); err != nil {
			t.Fatal(err)
		}
		stored++
	}
	return stored
}
