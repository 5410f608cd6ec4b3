package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/kormeer/kormeer/internal/auth"
	"github.com/kormeer/kormeer/internal/config"
	"github.com/kormeer/kormeer/internal/demo"
	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/httpapi"
	"github.com/kormeer/kormeer/internal/metrics"
	"github.com/kormeer/kormeer/internal/notify"
	"github.com/kormeer/kormeer/internal/objects"
	"github.com/kormeer/kormeer/internal/realtime"
	"github.com/kormeer/kormeer/internal/sanctions"
	"github.com/kormeer/kormeer/internal/secrets"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/switchfeed"
	"github.com/kormeer/kormeer/web"
)

// env is what every subcommand starts from: configuration, a logger and a migrated store.
type env struct {
	cfg   *config.Config
	log   *slog.Logger
	store *store.Store
}

// setup reads the command's configuration and opens its store, migrated (see open).
func setup(ctx context.Context, name string, args []string, getenv func(string) string, stdout, stderr io.Writer,
	extra func(*flag.FlagSet)) (*env, error) {
	e, err := open(ctx, name, args, getenv, stdout, stderr, extra)
	if err != nil {
		return nil, err
	}
	applied, err := e.store.Migrate(ctx)
	if err != nil {
		e.store.Close()
		return nil, err
	}
	if len(applied) > 0 {
		e.log.Info("migrated database", "applied", applied)
	}
	if n, err := e.store.SealAuditBacklog(ctx); err != nil {
		e.store.Close()
		return nil, err
	} else if n > 0 {
		e.log.Info("chained the audit rows written before the audit chain", "rows", n)
	}
	return e, nil
}

// open reads the command's configuration (each command takes as flags the settings it uses;
// config.Scope) and opens the store as it is.
func open(ctx context.Context, name string, args []string, getenv func(string) string, stdout, stderr io.Writer,
	extra func(*flag.FlagSet)) (*env, error) {
	fs := newFlagSet(name, stderr)
	if extra != nil {
		extra(fs)
	}
	scope := config.Tools
	switch strings.Fields(name)[0] {
	case "serve":
		scope = config.Serve
	case "keys":
		scope = config.Keys
	}
	cfg, err := config.Load(fs, args, getenv, scope)
	if err := parsed(fs, err, stdout); err != nil {
		return nil, err
	}
	log := newLogger(cfg, stderr)
	st, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	return &env{cfg: cfg, log: log, store: st}, nil
}

// migrate is `kormeer migrate` (apply what is pending) and `kormeer migrate status` (list,
// apply nothing).
func migrate(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) > 0 && args[0] == "status" {
		return migrateStatus(ctx, args[1:], getenv, stdout, stderr)
	}
	e, err := setup(ctx, "migrate", args, getenv, stdout, stderr, nil)
	if err != nil {
		return err
	}
	defer e.store.Close()
	fmt.Fprintln(stdout, "database schema is up to date")
	return nil
}

func migrateStatus(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	e, err := open(ctx, "migrate status", args, getenv, stdout, stderr, nil)
	if err != nil {
		return err
	}
	defer e.store.Close()
	list, err := e.store.MigrationStatus(ctx)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "VERSION\tSTATE\tAPPLIED AT\tNAME")
	pending := 0
	for _, m := range list {
		state := "applied"
		switch {
		case !m.Known:
			state = "newer" // applied by a newer binary
		case m.AppliedAt == "":
			state, pending = "pending", pending+1
		}
		fmt.Fprintf(tw, "%04d\t%s\t%s\t%s\n", m.Version, state, m.AppliedAt, m.Name)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d pending\n", pending)
	return nil
}

// extraProcs is how many more goroutines than the machine has CPUs may run Go code at once
// (GOMAXPROCS) in a portal on SQLite, when the environment does not say. SQLite's single writer,
// through which every write passes, and its checkpointer spend much of their time in file system
// calls (the log's writes and syncs, pages read past the cache), and a goroutine back from a long
// one needs a free P: with one per CPU, both busy with requests, the writer waited in the run
// queue while a CPU was idle. On this project's 2-core machine the scheduler's p99 wait was 5–6 ms
// at 2,100 transfers/s, and 0.5–0.7 ms with two more Ps; the transfers' paced p99 fell from 26–28
// to 14–17 ms (docs/PERFORMANCE.md, "Fourteenth session"). On PostgreSQL, whose server shares the
// CPUs in a small deployment and whose connections wait in the network poller, which holds no P,
// more Ps only took CPU from PostgreSQL, and its paced p99 rose.
const extraProcs = 2

// startProcs is GOMAXPROCS as the runtime chose it, so that setting the portal's is idempotent.
var startProcs = runtime.GOMAXPROCS(0)

// sqliteProcs gives a portal on SQLite extraProcs more Ps unless the environment sets GOMAXPROCS.
func sqliteProcs(getenv func(string) string) {
	if getenv("GOMAXPROCS") == "" {
		runtime.GOMAXPROCS(startProcs + extraProcs)
	}
}

func serve(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	e, err := setup(ctx, "serve", args, getenv, stdout, stderr, nil)
	if err != nil {
		return err
	}
	defer e.store.Close()
	cfg, st, log := e.cfg, e.store, e.log
	if !st.IsPostgres() {
		sqliteProcs(getenv)
	}
	if err := os.MkdirAll(cfg.DataDir, 0o750); err != nil {
		return fmt.Errorf("create data directory: %w", err)
	}
	// A stored key that does not open (a wrong master key) stops the start before anything else.
	keys, err := serverKeys(ctx, st, cfg, log)
	if err != nil {
		return err
	}
	go keys.Run(ctx)
	hasher := auth.Hasher{Params: auth.DefaultParams}
	if err := ensureAdmin(ctx, st, hasher, cfg, log); err != nil {
		return err
	}
	if cfg.Demo {
		loaded, err := demo.Load(ctx, st, hasher, cfg.DemoTransactions)
		if err != nil {
			return fmt.Errorf("load demo data: %w", err)
		}
		if loaded {
			log.Info("loaded demo data", "transactions", cfg.DemoTransactions)
		}
	}
	if cfg.Dev {
		log.Warn("development mode: self-registration may choose any role (for /jwt-test); never run production like this")
	}
	tokens := auth.NewTokensWithKeys(keys.Ring(secrets.Token), cfg.TokenTTL, nil)
	sealer := notify.NewSealerWithKeys(keys.Ring(secrets.Outbox), nil)
	objs, err := uploadStore(ctx, st, cfg, log)
	if err != nil {
		return err
	}
	second, err := secondFactor(keys.Ring(secrets.TOTP))
	if err != nil {
		return err
	}
	rec := metrics.New()
	rec.Registry.MustRegister(collectors.NewDBStatsCollector(st.DB(), "kormeer"))
	feedStats := &switchfeed.Stats{}
	if cfg.NATSURL != "" {
		rec.Registry.MustRegister(feedStats.Collectors()...)
	}
	worker := &notify.Worker{Store: st, Sealer: sealer, Log: log,
		Outcome: func(channel, outcome string) { rec.Deliveries.WithLabelValues(channel, outcome).Inc() },
		SMTP: notify.SMTPConfig{Host: cfg.SMTPHost, Port: cfg.SMTPPort, Username: cfg.SMTPUsername, Password: cfg.SMTPPassword,
			From: cfg.SMTPFrom, TLS: cfg.SMTPTLS},
		SMS: notify.SMSConfig{URL: cfg.SMSURL, Token: cfg.SMSToken}}
	go worker.Run(ctx, 2*time.Second)
	opts := httpapi.DefaultOptions()
	opts.SessionTTL, opts.TrustProxy, opts.Dev, opts.LicenseValidity = cfg.SessionTTL, cfg.TrustProxy, cfg.Dev, cfg.LicenseTTL
	opts.AccessCodeTTL, opts.TrustedProxies, opts.RequireTOTP = cfg.AccessCodeTTL, cfg.TrustedProxies, cfg.RequireTOTP
	opts.AlertDeadlines = cfg.AlertDeadlines
	opts.Sanctions.Thresholds = sanctions.Thresholds{Strong: cfg.SanctionsStrong, Possible: cfg.SanctionsPossible}
	applyLimits(&opts, &hasher, cfg.Limits)
	hub := realtime.NewHub()
	rec.WatchConnections(hub.Len)
	st.SetAlertSink(func(a domain.AlertEvent) {
		hub.Publish(a)
		rec.Alerts.WithLabelValues(a.Severity).Inc()
	})
	go st.ListenAlerts(ctx, log)
	heartbeatDone := make(chan struct{})
	go func() { heartbeat(ctx, st, log); close(heartbeatDone) }()
	if cfg.MetricsAddr != "" {
		go servePrometheus(ctx, cfg.MetricsAddr, rec, cfg.Pprof, log)
	}
	ln, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		return err
	}
	if opts.PublicURL = cfg.PublicURL; opts.PublicURL == "" {
		opts.PublicURL = "http://" + ln.Addr().String()
	}
	srv, err := httpapi.New(httpapi.Deps{Store: st, Tokens: tokens, Hasher: hasher, Objects: objs, Hub: hub,
		Sealer: sealer, CodeKeys: keys.Ring(secrets.AccessCode), SecondFactor: second, Metrics: rec, Images: objects.NewDecoder(int64(cfg.ImageBudgetMB)<<20, cfg.ImageDecodes),
		Uploads: objects.NewSignerWithKeys(keys.Ring(secrets.Upload), 15*time.Minute, nil), Log: log, Web: web.Dist(),
		SwitchFeed: feedStats}, opts)
	if err != nil {
		ln.Close()
		return err
	}
	feedDone := make(chan struct{})
	if cfg.NATSURL != "" {
		workers := cfg.NATSWorkers
		if workers == 0 {
			workers = 1
			if st.IsPostgres() {
				workers = 2 // a batch waits on round trips; two overlap (docs/PERFORMANCE.md, Switch feed)
			}
		}
		feed := &switchfeed.Consumer{Ingester: srv.ISOIngester(), Log: log, Stats: feedStats,
			Config: switchfeed.Config{URL: cfg.NATSURL, Stream: cfg.NATSStream, Subject: cfg.NATSSubject,
				Durable: cfg.NATSDurable, DeadLetterSubject: cfg.NATSDeadLetterSubject, Workers: workers}}
		go func() {
			defer close(feedDone)
			if err := feed.Run(ctx); err != nil {
				log.Error("switch feed stopped", "err", err)
			}
		}()
	} else {
		close(feedDone)
	}
	httpSrv := newHTTPServer(srv.Handler(), cfg.Limits, log)
	go sweep(ctx, st, max(opts.LoginWindow, domain.RedeemLockout), log)
	go keepStatistics(ctx, st, log)
	go logAuditAnchors(ctx, st, log)
	go srv.LoadSanctions(ctx) // so that the first transfer does not wait for the index to build

	fmt.Fprintf(stdout, "Kormeer %s is listening on http://%s (database: %s)\n", version, ln.Addr(), describeDB(cfg.DatabaseURL))
	if cfg.Demo {
		fmt.Fprintln(stdout, "Demo sign-ins (public demo passwords; never use demo data with real payments):")
		for _, a := range demo.Accounts {
			fmt.Fprintf(stdout, "  %-13s %-22s %s\n", a.Role, a.Login, a.Password)
		}
	}
	errc := make(chan error, 1)
	go func() { errc <- httpSrv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	// SIGTERM: turn not-ready, tell browsers to reconnect elsewhere, stop taking connections and
	// finish the requests in flight, all within the grace period (docs/DEPLOYMENT.md).
	log.Info("shutting down", "grace", cfg.ShutdownGrace)
	shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownGrace)
	defer cancel()
	srv.Drain(shutdownCtx)
	err = httpSrv.Shutdown(shutdownCtx)
	<-heartbeatDone // the instance has left the list before the store closes
	<-feedDone      // the feed's last batch is committed and acknowledged before the store closes
	if err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}

// ensureAdmin creates the first cbsl_admin from KORMEER_ADMIN_EMAIL and _PASSWORD unless an
// account with that email exists; it never changes an existing account.
func ensureAdmin(ctx context.Context, st *store.Store, hasher auth.Hasher, cfg *config.Config, log *slog.Logger) error {
	if cfg.AdminEmail == "" {
		return nil
	}
	acct := domain.NewAccount{Email: cfg.AdminEmail, Password: cfg.AdminPassword, FirstName: "Central Bank",
		LastName: "Administrator", Role: domain.RoleCBSLAdmin}
	if err := acct.Validate(); err != nil {
		return fmt.Errorf("KORMEER_ADMIN_EMAIL/PASSWORD: %v", describeFields(err))
	}
	hash, err := hasher.Hash(acct.Password)
	if err != nil {
		return err
	}
	u := &domain.User{Email: acct.Email, FirstName: acct.FirstName, LastName: acct.LastName, PasswordHash: hash,
		Role: domain.RoleCBSLAdmin, IsActive: true}
	created, err := st.EnsureUser(ctx, u, store.Audit{Action: "user.bootstrap_admin", Resource: "user",
		Details: map[string]any{"email": acct.Email, "bootstrap": true}})
	if err != nil {
		return err
	}
	if created {
		log.Info("created the first administrator", "email", acct.Email)
	}
	return nil
}

// heartbeat announces this instance every ten seconds, for the load-balancer card.
func heartbeat(ctx context.Context, st *store.Store, log *slog.Logger) {
	id, started := auth.RandomToken(9), time.Now()
	host, _ := os.Hostname()
	beat := func() {
		if err := st.Heartbeat(ctx, id, host, started); err != nil && ctx.Err() == nil {
			log.Warn("heartbeat", "err", err)
		}
	}
	beat()
	every(ctx, 10*time.Second, beat)
	// A clean shutdown leaves the deployment instead of counting as a failed instance.
	stopCtx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := st.RemoveInstance(stopCtx, id); err != nil {
		log.Warn("leaving the instance list", "err", err)
	}
}

// servePrometheus serves /metrics for Prometheus on its own address: the portal's own /metrics
// path is the web app's screen. With withPprof it serves Go's profiler there too.
func servePrometheus(ctx context.Context, addr string, rec *metrics.Recorder, withPprof bool, log *slog.Logger) {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", rec.Handler())
	if withPprof {
		mux.HandleFunc("GET /debug/pprof/", pprof.Index)
		mux.HandleFunc("GET /debug/pprof/profile", pprof.Profile)
		mux.HandleFunc("GET /debug/pprof/trace", pprof.Trace)
	}
	srv := &http.Server{Addr: addr, Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Warn("prometheus listener", "addr", addr, "err", err)
	}
}

// secondFactor returns what seals TOTP secrets and hashes recovery codes, under the TOTP server
// key (internal/secrets: from outside, or generated and stored like the others). Secrets sealed
// under it must stay readable, so it is not rotated (`kormeer keys rotate` refuses it).
func secondFactor(ring *secrets.Ring) (*auth.SecondFactor, error) {
	return auth.NewSecondFactor(ring.Signing(time.Now()).Secret)
}

// sweep deletes expired sessions, sign-in challenges and registrations, API token records a day
// past expiry and old failed sign-ins and redemptions, and folds the past days' statistics buckets
// together (store.CompactAggregates), every few minutes until ctx ends.
func sweep(ctx context.Context, st *store.Store, loginWindow time.Duration, log *slog.Logger) {
	every(ctx, 5*time.Minute, func() {
		if _, err := st.DeleteExpiredSessions(ctx); err != nil && ctx.Err() == nil {
			log.Warn("sweep sessions", "err", err)
		}
		if _, err := st.DeleteExpiredTokens(ctx); err != nil && ctx.Err() == nil {
			log.Warn("sweep API tokens", "err", err)
		}
		if err := st.DeleteLoginFailuresBefore(ctx, st.Now().Add(-loginWindow)); err != nil && ctx.Err() == nil {
			log.Warn("sweep login failures", "err", err)
		}
		if err := st.DeleteExpiredRegistrations(ctx); err != nil && ctx.Err() == nil {
			log.Warn("sweep registrations", "err", err)
		}
		if err := st.DeleteExpiredLoginChallenges(ctx); err != nil && ctx.Err() == nil {
			log.Warn("sweep sign-in challenges", "err", err)
		}
		if err := st.CompactAggregates(ctx, st.Now()); err != nil && ctx.Err() == nil {
			log.Warn("sweep statistics buckets", "err", err)
		}
	})
}

// keepStatistics refreshes the planner's statistics of the tables that changed much, so that plans
// follow the data as it grows (store.RefreshStatistics), and on PostgreSQL keeps the pages of the
// AML history marked all-visible, so that it is read from the indexes alone
// (store.KeepHistoryVisible). On PostgreSQL it looks every 3 s: each look is a read of
// pg_stat_user_tables, and a portal that started empty grows fastest at first, when a half-minute
// look leaves it planning for empty tables (docs/PERFORMANCE.md, "Growth in one process").
// SQLite's analyses pause the writer, so there it looks every half minute.
func keepStatistics(ctx context.Context, st *store.Store, log *slog.Logger) {
	interval := 30 * time.Second
	if st.IsPostgres() {
		interval = 3 * time.Second
	}
	every(ctx, interval, func() {
		if err := st.RefreshStatistics(ctx); err != nil && ctx.Err() == nil {
			log.Warn("refresh planner statistics", "err", err)
		}
		if err := st.KeepHistoryVisible(ctx); err != nil && ctx.Err() == nil {
			log.Warn("vacuum transactions", "err", err)
		}
	})
}

// every runs fn each interval d until ctx ends.
func every(ctx context.Context, d time.Duration, fn func()) {
	t := time.NewTicker(d)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			fn()
		}
	}
}

// describeDB names the database without its password.
func describeDB(url string) string {
	if i := strings.Index(url, "://"); i >= 0 {
		if at := strings.LastIndex(url, "@"); at > i {
			return url[:i+3] + "…" + url[at:]
		}
		return url
	}
	return "SQLite " + url
}

func describeFields(err error) string {
	var e *domain.Error
	if errors.As(err, &e) && len(e.Fields) > 0 {
		parts := make([]string, 0, len(e.Fields))
		for k, v := range e.Fields {
			parts = append(parts, k+": "+v.Message)
		}
		return strings.Join(parts, "; ")
	}
	return err.Error()
}

// newLogger is the process's logger in the configured level and format.
func newLogger(cfg *config.Config, w io.Writer) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(cfg.LogLevel)) // config.Load validated it
	opts := &slog.HandlerOptions{Level: level}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// uploadStore is where uploads live: in the database (every instance serves them, a backup holds
// them) or in the S3-compatible bucket configured. Files an earlier version kept under the data
// directory are copied in.
func uploadStore(ctx context.Context, st *store.Store, cfg *config.Config, log *slog.Logger) (objects.Store, error) {
	var objs objects.Store = st.Blobs()
	if cfg.UploadsS3URL != "" {
		s3, err := objects.NewS3Store(cfg.UploadsS3URL, cfg.UploadsS3Secret)
		if err != nil {
			return nil, fmt.Errorf("KORMEER_UPLOADS_S3_URL: %w", err)
		}
		objs = s3
	}
	dir := filepath.Join(cfg.DataDir, "objects")
	n, err := objects.ImportDir(ctx, dir, objs)
	if err != nil {
		return nil, fmt.Errorf("copy the uploads kept in %s: %w", dir, err)
	}
	if n > 0 {
		log.Info("copied uploads kept on disk into the upload store", "files", n, "dir", dir)
	}
	return objs, nil
}
