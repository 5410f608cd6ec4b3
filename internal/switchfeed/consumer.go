package switchfeed

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/kormeer/kormeer/internal/iso20022"
	"github.com/kormeer/kormeer/internal/store"
)

// Config says where the switch publishes.
type Config struct {
	URL     string // nats://host:4222
	Stream  string // the JetStream stream holding Subject; created (file storage) if missing
	Subject string // the subject (wildcards allowed) the switch publishes ISO 20022 documents on
	Durable string // the durable consumer every instance joins
	// DeadLetterSubject receives each message that can never be stored, with the reason in the
	// Kormeer-Reason header; empty: dead letters are only kept in the database.
	DeadLetterSubject string
	// Batch is how many messages are fetched and stored in one database transaction.
	Batch int
	// Workers is how many batches this instance fetches and stores at once, each in its own
	// database transaction. On PostgreSQL a batch spends most of its time waiting for round
	// trips, so two overlap well; on SQLite (one writer) more than one only queues. Default 1.
	Workers int
	// AckWait is how long a fetched message may stay unacknowledged before JetStream delivers
	// it again (to this instance or another): longer than a slow batch's commit, short enough
	// that a stopped instance's messages move on soon. Default 30s.
	AckWait time.Duration
}

// Stats are the consumer's counters since start, for the system metrics and Prometheus.
type Stats struct {
	Consumed     atomic.Int64 // messages stored and acknowledged (duplicates included)
	Duplicates   atomic.Int64 // entries recognised as stored before
	DeadLettered atomic.Int64
	Lag          atomic.Int64 // messages in the stream not yet acknowledged by the consumer
	Connected    atomic.Bool
}

// Consumer ingests the switch's messages from a durable JetStream pull consumer. Each instance
// runs one (with Config.Workers batches at once); they share the durable consumer, so the stream is split between them and a message
// not acknowledged by a stopped instance is redelivered to another (after AckWait). A message is
// acknowledged only after the database transaction that stores it has committed; a message
// stored before (a redelivery) is recognised by its own identifiers and acknowledged as a
// duplicate. Back-pressure is the pull itself: the next batch is fetched only once the last one
// is committed, so a slow database slows the fetching, never the memory.
type Consumer struct {
	Config   Config
	Ingester *Ingester
	Log      *slog.Logger
	Stats    *Stats
	// OnBatch, when set, runs after each batch is acknowledged (metrics), from any worker.
	OnBatch func(consumed, duplicates, deadLettered int)
}

// Run consumes until ctx ends, reconnecting as the NATS client does.
func (c *Consumer) Run(ctx context.Context) error {
	if c.Stats == nil {
		c.Stats = &Stats{}
	}
	if c.Config.Batch <= 0 {
		c.Config.Batch = 256
	}
	nc, err := nats.Connect(c.Config.URL, nats.Name("kormeer switch feed"), nats.MaxReconnects(-1),
		nats.RetryOnFailedConnect(true), // an instance may start before NATS does
		nats.DisconnectErrHandler(func(*nats.Conn, error) { c.Stats.Connected.Store(false) }),
		nats.ReconnectHandler(func(*nats.Conn) { c.Stats.Connected.Store(true) }),
		nats.ConnectHandler(func(*nats.Conn) { c.Stats.Connected.Store(true) }))
	if err != nil {
		return fmt.Errorf("switch feed: connect to %s: %w", c.Config.URL, err)
	}
	defer nc.Close()
	c.Stats.Connected.Store(nc.IsConnected())
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	var cons jetstream.Consumer
	for {
		if cons, err = EnsureConsumer(ctx, js, c.Config); err == nil {
			break
		}
		if ctx.Err() != nil {
			return nil
		}
		c.Log.Warn("switch feed: waiting for JetStream", "err", err)
		sleep(ctx, 2*time.Second)
	}
	c.Log.Info("switch feed consuming", "stream", c.Config.Stream, "subject", c.Config.Subject, "durable", c.Config.Durable)
	go c.watchLag(ctx, cons)
	done := make(chan struct{})
	for range max(c.Config.Workers, 1) {
		go func() {
			defer func() { done <- struct{}{} }()
			c.consume(ctx, js, cons)
		}()
	}
	for range max(c.Config.Workers, 1) {
		<-done
	}
	return nil
}

// consume fetches and stores batches until ctx ends; each worker runs one.
func (c *Consumer) consume(ctx context.Context, js jetstream.JetStream, cons jetstream.Consumer) {
	for ctx.Err() == nil {
		batch, err := cons.Fetch(c.Config.Batch, jetstream.FetchMaxWait(time.Second))
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			c.Log.Warn("switch feed: fetch failed", "err", err)
			sleep(ctx, time.Second)
			continue
		}
		var msgs []jetstream.Msg
		for m := range batch.Messages() {
			msgs = append(msgs, m)
		}
		if len(msgs) > 0 {
			c.handle(ctx, js, msgs)
		}
	}
}

// EnsureConsumer finds or creates the stream and the durable consumer of cfg.
func EnsureConsumer(ctx context.Context, js jetstream.JetStream, cfg Config) (jetstream.Consumer, error) {
	stream, err := js.Stream(ctx, cfg.Stream)
	if errors.Is(err, jetstream.ErrStreamNotFound) {
		stream, err = js.CreateStream(ctx, jetstream.StreamConfig{Name: cfg.Stream, Subjects: []string{cfg.Subject},
			Storage: jetstream.FileStorage})
	}
	if err != nil {
		return nil, fmt.Errorf("switch feed: stream %s: %w", cfg.Stream, err)
	}
	cons, err := stream.CreateOrUpdateConsumer(ctx, jetstream.ConsumerConfig{Durable: cfg.Durable,
		AckPolicy: jetstream.AckExplicitPolicy, AckWait: cmp.Or(cfg.AckWait, 30*time.Second), FilterSubject: cfg.Subject,
		DeliverPolicy: jetstream.DeliverAllPolicy, MaxAckPending: 20_000})
	if err != nil {
		return nil, fmt.Errorf("switch feed: consumer %s: %w", cfg.Durable, err)
	}
	return cons, nil
}

func sleep(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}

func (c *Consumer) watchLag(ctx context.Context, cons jetstream.Consumer) {
	for ctx.Err() == nil {
		if info, err := cons.Info(ctx); err == nil {
			c.Stats.Lag.Store(int64(info.NumPending) + int64(info.NumAckPending))
		}
		sleep(ctx, 2*time.Second)
	}
}

// feedSource is who stores the feed's messages: the switch, for the reporting institution each
// transfer's debtor agent names.
func feedSource(subject string) Source {
	return Source{Audit: store.Audit{Details: map[string]any{"source": "switch feed", "subject": subject}}}
}

type parsed struct {
	msg  jetstream.Msg
	docs []iso20022.Message
}

// handle stores one fetched batch: documents that cannot be read are dead-lettered, the rest
// stored in one database transaction. If the mapping refuses one of them (an unknown
// institution), they are stored one by one so only the faulty ones are dead-lettered. A database
// failure leaves the messages unacknowledged: JetStream delivers them again.
func (c *Consumer) handle(ctx context.Context, js jetstream.JetStream, msgs []jetstream.Msg) {
	var good []parsed
	dead := 0
	for _, m := range msgs {
		docs, err := iso20022.Parse(m.Data())
		if err != nil {
			if c.deadLetter(ctx, js, m, err) {
				dead++
			}
			continue
		}
		good = append(good, parsed{m, docs})
	}
	consumed, dups := 0, 0
	if len(good) > 0 {
		var all []iso20022.Message
		for _, p := range good {
			all = append(all, p.docs...)
		}
		results, err := c.Ingester.Ingest(context.WithoutCancel(ctx), all, feedSource(c.Config.Subject))
		var fault *iso20022.Error
		switch {
		case err == nil:
			for _, p := range good {
				c.ack(p.msg)
			}
			consumed, dups = len(good), countDuplicates(results)
		case errors.As(err, &fault) && len(good) > 1:
			for _, p := range good {
				results, err := c.Ingester.Ingest(context.WithoutCancel(ctx), p.docs, feedSource(p.msg.Subject()))
				switch {
				case err == nil:
					c.ack(p.msg)
					consumed++
					dups += countDuplicates(results)
				case errors.As(err, &fault):
					if c.deadLetter(ctx, js, p.msg, err) {
						dead++
					}
				default:
					c.retryLater(p.msg, err)
				}
			}
		case errors.As(err, &fault):
			if c.deadLetter(ctx, js, good[0].msg, err) {
				dead++
			}
		default:
			for _, p := range good {
				c.retryLater(p.msg, err)
			}
		}
	}
	c.Stats.Consumed.Add(int64(consumed + dead))
	c.Stats.Duplicates.Add(int64(dups))
	c.Stats.DeadLettered.Add(int64(dead))
	if c.OnBatch != nil {
		c.OnBatch(consumed, dups, dead)
	}
}

func countDuplicates(results []Result) int {
	n := 0
	for _, r := range results {
		if r.Result == store.ISODuplicate {
			n++
		}
	}
	return n
}

func (c *Consumer) ack(m jetstream.Msg) {
	if err := m.Ack(); err != nil {
		// The message is stored; if JetStream redelivers it, it is acknowledged as a duplicate.
		c.Log.Warn("switch feed: ack failed", "subject", m.Subject(), "err", err)
	}
}

func (c *Consumer) retryLater(m jetstream.Msg, err error) {
	c.Log.Error("switch feed: storing failed; the message will be delivered again", "subject", m.Subject(), "err", err)
	_ = m.NakWithDelay(2 * time.Second)
}

// deadLetter keeps a message that can never be stored with its reason, publishes it on the
// dead-letter subject, then acknowledges it; true when it was dead-lettered now (not before).
func (c *Consumer) deadLetter(ctx context.Context, js jetstream.JetStream, m jetstream.Msg, cause error) bool {
	reason, faults := Reason(cause)
	d := &store.DeadLetter{Stream: c.Config.Stream, Subject: m.Subject(), Payload: string(m.Data()), Reason: reason, Faults: faults}
	if md, err := m.Metadata(); err == nil {
		d.StreamSeq = int64(md.Sequence.Stream)
	}
	added, err := c.Ingester.Store.AddDeadLetter(context.WithoutCancel(ctx), d)
	if err != nil {
		c.retryLater(m, err)
		return false
	}
	if added && c.Config.DeadLetterSubject != "" {
		out := nats.NewMsg(c.Config.DeadLetterSubject)
		out.Data = m.Data()
		out.Header.Set("Kormeer-Reason", reason)
		out.Header.Set("Kormeer-Subject", m.Subject())
		out.Header.Set("Kormeer-Stream-Seq", fmt.Sprint(d.StreamSeq))
		if err := js.Conn().PublishMsg(out); err != nil {
			c.Log.Warn("switch feed: dead-letter publish failed (kept in the database)", "err", err)
		}
	}
	c.Log.Warn("switch feed: dead letter", "subject", m.Subject(), "seq", d.StreamSeq, "reason", reason)
	c.ack(m)
	return added
}

// Reason is a refusal's one-line reason and its faults as JSON, for a dead letter.
func Reason(err error) (string, json.RawMessage) {
	var fault *iso20022.Error
	if errors.As(err, &fault) {
		b, _ := json.Marshal(fault.Faults)
		return fault.Faults[0].Path + ": " + fault.Faults[0].Message, b
	}
	return err.Error(), json.RawMessage("[]")
}

// Collectors are the counters as Prometheus metrics.
func (s *Stats) Collectors() []prometheus.Collector {
	counter := func(name, help string, v *atomic.Int64) prometheus.Collector {
		return prometheus.NewCounterFunc(prometheus.CounterOpts{Name: name, Help: help}, func() float64 { return float64(v.Load()) })
	}
	return []prometheus.Collector{
		counter("kormeer_switchfeed_consumed_total", "Switch feed messages acknowledged (stored, duplicate or dead-lettered).", &s.Consumed),
		counter("kormeer_switchfeed_duplicates_total", "Switch feed entries recognised as stored before.", &s.Duplicates),
		counter("kormeer_switchfeed_dead_lettered_total", "Switch feed messages dead-lettered.", &s.DeadLettered),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "kormeer_switchfeed_lag_messages",
			Help: "Switch feed messages not yet acknowledged by the durable consumer."}, func() float64 { return float64(s.Lag.Load()) }),
	}
}
