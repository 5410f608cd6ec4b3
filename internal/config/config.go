// Package config reads Kormeer's settings from KORMEER_* environment variables and command-line
// flags (flags win). Every secret may instead be read from a file named by the variable with a
// _FILE suffix, which is how container secrets are mounted. The defaults let `kormeer serve` start
// with nothing configured.
package config

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/secrets"
)

// Config is the whole configuration of a kormeer process.
type Config struct {
	Listen      string
	DatabaseURL string
	DataDir     string
	// UploadsS3URL and UploadsS3Secret name a bucket for uploads; empty: the database keeps them.
	UploadsS3URL, UploadsS3Secret string
	Dev                           bool
	Demo                          bool
	// DemoTransactions is how many payments the demo data spreads over eight weeks.
	DemoTransactions int
	AdminEmail       string
	AdminPassword    string
	// Keys are the server keys given from outside, by key name (internal/secrets); a key absent
	// here is generated and stored in the database.
	Keys map[string]secrets.External
	// MasterKey seals the keys stored in the database; MasterKeyPrevious is the one it replaces.
	MasterKey         string
	MasterKeyPrevious string
	TokenTTL          time.Duration
	SessionTTL        time.Duration
	LicenseTTL        time.Duration
	TrustProxy        bool
	LogLevel          string
	LogFormat         string
	AccessCodeTTL     time.Duration
	SMTPHost          string
	SMTPPort          int
	SMTPUsername      string
	SMTPPassword      string
	SMTPFrom          string
	SMTPTLS           string
	SMSURL            string
	SMSToken          string
	MetricsAddr       string
	// Pprof adds Go's profiler to the metrics listener: off by default, because profiles and
	// goroutine dumps describe the running process to whoever reaches that address.
	Pprof bool
	Limits

	// TrustedProxies is how many reverse proxies append to X-Forwarded-For in front of us.
	TrustedProxies int

	// RequireTOTP holds cbsl_admin and cbsl_officer accounts to setting up two-step
	// verification before anything else.
	RequireTOTP bool

	// AlertDeadlines is how long an AML alert of each severity may wait for handling.
	AlertDeadlines domain.AlertDeadlines

	// NATS* configure the switch feed's JetStream consumer (internal/switchfeed); no URL, no feed.
	NATSURL, NATSSubject, NATSStream, NATSDurable, NATSDeadLetterSubject string
	// NATSWorkers is how many batches each instance stores at once; 0 picks for the database.
	NATSWorkers int
	// SanctionsStrong and SanctionsPossible are the screening thresholds: a match scoring at
	// least SanctionsStrong holds a transfer, at least SanctionsPossible is a review item.
	SanctionsStrong, SanctionsPossible float64
}

// Var documents one setting; Vars is the single list that both flag parsing and the README's
// configuration table come from.
type Var struct {
	Env     string
	Flag    string
	Default string
	Secret  bool // may be given as <Env>_FILE
	Help    string
}

// Vars lists every setting: the plain ones, then the server keys'.
var Vars = slices.Concat(plainVars, keyVars())

// keyVars are the settings of the server keys: each key of secrets.Specs and the master key,
// each with a _PREVIOUS twin accepted for verification only during a rotation.
func keyVars() []Var {
	var out []Var
	add := func(env, help string, fixed bool) {
		flag := strings.ToLower(strings.ReplaceAll(strings.TrimPrefix(env, "KORMEER_"), "_", "-"))
		out = append(out, Var{env, flag, "", true, help})
		if !fixed {
			out = append(out, Var{env + "_PREVIOUS", flag + "-previous", "", true, "during a rotation, a second key accepted for verification only (docs/SECURITY.md)"})
		}
	}
	for _, spec := range secrets.Specs {
		add(spec.Env, spec.Help, spec.Fixed)
	}
	add(secrets.MasterEnv, "master key (≥32 bytes) sealing the server keys stored in the database; empty: they are stored in clear", false)
	return out
}

var plainVars = []Var{
	{"KORMEER_LISTEN", "listen", "127.0.0.1:8080", false, "address to serve HTTP on"},
	{"KORMEER_DATABASE_URL", "database-url", "./data/kormeer.db", true, "SQLite file path, or a postgres:// URL to use PostgreSQL"},
	{"KORMEER_DATA_DIR", "data-dir", "./data", false, "working directory; uploads earlier versions kept in its objects/ are copied into the upload store at start"},
	{"KORMEER_UPLOADS_S3_URL", "uploads-s3-url", "", false, "keep uploads in an S3-compatible bucket instead of the database: s3://ACCESS_KEY@host/bucket?region=R (insecure=1 for http)"},
	{"KORMEER_UPLOADS_S3_SECRET", "uploads-s3-secret", "", true, "the secret key of KORMEER_UPLOADS_S3_URL's access key"},
	{"KORMEER_DEV", "dev", "false", false, "development mode: relaxes registration roles for /jwt-test and logs it"},
	{"KORMEER_DEMO", "demo", "false", false, "load the demo data set once and print its sign-ins"},
	{"KORMEER_DEMO_TRANSACTIONS", "demo-transactions", "3000", false, "how many payments the demo data holds"},
	{"KORMEER_ADMIN_EMAIL", "admin-email", "", false, "create this cbsl_admin at start if no account has this email"},
	{"KORMEER_ADMIN_PASSWORD", "admin-password", "", true, "password of that first cbsl_admin"},
	{"KORMEER_TOKEN_TTL", "token-ttl", "8h", false, "lifetime of API tokens"},
	{"KORMEER_SESSION_TTL", "session-ttl", "12h", false, "lifetime of browser sessions"},
	{"KORMEER_LICENSE_VALIDITY", "license-validity", "8760h", false, "how long a licence issued on approval lasts (8760h = one year)"},
	{"KORMEER_TRUST_PROXY", "trust-proxy", "false", false, "trust X-Forwarded-For and X-Forwarded-Proto from a reverse proxy"},
	{"KORMEER_TRUSTED_PROXIES", "trusted-proxies", "1", false, "with --trust-proxy: how many reverse proxies append to X-Forwarded-For (the client is that many entries from the right)"},
	{"KORMEER_REQUIRE_TOTP", "require-totp", "false", false, "cbsl_admin and cbsl_officer must set up two-step verification (TOTP) before anything else"},
	{"KORMEER_LOG_LEVEL", "log-level", "info", false, "debug, info, warn or error"},
	{"KORMEER_LOG_FORMAT", "log-format", "text", false, "text (for a terminal) or json (one object per line, for a log collector)"},
	{"KORMEER_ACCESS_CODE_TTL", "access-code-ttl", "24h", false, "how long a mobile access code stays valid"},
	{"KORMEER_ALERT_DEADLINES", "alert-deadlines", domain.DefaultAlertDeadlines, false, "handling deadline of an AML alert per severity (severity=duration, durations such as 24h or 7d); older open cases are overdue"},
	{"KORMEER_SANCTIONS_STRONG", "sanctions-strong", "0.92", false, "sanctions screening: a match scoring at least this holds the transfer and raises a critical alert (docs/SANCTIONS.md)"},
	{"KORMEER_SANCTIONS_POSSIBLE", "sanctions-possible", "0.80", false, "sanctions screening: a match scoring at least this (and below the strong threshold) is a review item"},
	{"KORMEER_SMTP_HOST", "smtp-host", "", false, "SMTP server for e-mail; empty: deliveries are logged and kept in the outbox"},
	{"KORMEER_SMTP_PORT", "smtp-port", "587", false, "SMTP port"},
	{"KORMEER_SMTP_USERNAME", "smtp-username", "", false, "SMTP user name (empty: no authentication)"},
	{"KORMEER_SMTP_PASSWORD", "smtp-password", "", true, "SMTP password"},
	{"KORMEER_SMTP_FROM", "smtp-from", "kormeer@localhost", false, "sender address of e-mail"},
	{"KORMEER_SMTP_TLS", "smtp-tls", "starttls", false, "starttls (required), tls (implicit) or none (local relays only)"},
	{"KORMEER_SMS_URL", "sms-url", "", false, "HTTP SMS gateway, sent {to, message} as JSON; empty: deliveries are logged"},
	{"KORMEER_SMS_TOKEN", "sms-token", "", true, "Bearer token for the SMS gateway"},
	{"KORMEER_METRICS_ADDR", "metrics-addr", "127.0.0.1:9464", false, "address of the Prometheus /metrics listener; empty turns it off"},
	{"KORMEER_PPROF", "pprof", "false", false, "also serve Go's profiler (/debug/pprof/) on the metrics address, for measuring (docs/PERFORMANCE.md)"},
	{"KORMEER_NATS_URL", "nats-url", "", false, "NATS server with JetStream carrying the national switch's ISO 20022 feed (nats://host:4222); empty: no feed consumer"},
	{"KORMEER_NATS_SUBJECT", "nats-subject", "switch.iso20022.>", false, "subject the switch publishes pacs.008 and pacs.002 documents on"},
	{"KORMEER_NATS_STREAM", "nats-stream", "SWITCH", false, "JetStream stream holding that subject (created if missing)"},
	{"KORMEER_NATS_DURABLE", "nats-durable", "kormeer", false, "durable consumer every instance joins"},
	{"KORMEER_NATS_WORKERS", "nats-workers", "0", false, "switch feed batches each instance stores at once (1 to 8); 0: 2 on PostgreSQL, 1 on SQLite"},
	{"KORMEER_NATS_DEAD_LETTER_SUBJECT", "nats-dead-letter-subject", "kormeer.deadletter.iso20022", false, "subject for switch messages that can never be stored (reason in the Kormeer-Reason header); empty: kept in the database only"},
}

// Scope says which settings a command takes as flags: the server all of them, `kormeer keys` the
// database's and the server keys', the other commands (migrate, users, audit, datagen) the
// database's only, so that each --help lists what the command uses. Every setting is read from
// the environment in every scope.
type Scope int

const (
	Serve Scope = iota
	Keys
	Tools
)

// toolSettings are the plain settings the tool commands take as flags, besides every key's.
var toolSettings = map[string]bool{"KORMEER_DATABASE_URL": true, "KORMEER_DATA_DIR": true, "KORMEER_LOG_LEVEL": true, "KORMEER_LOG_FORMAT": true}

// isKeyVar reports whether env is a server key's setting (keyVars).
func isKeyVar(env string) bool {
	return slices.ContainsFunc(keyVars(), func(v Var) bool { return v.Env == env })
}

// Load registers the settings of scope on fs, parses args and returns the configuration. getenv
// is os.Getenv in production and a map in tests.
func Load(fs *flag.FlagSet, args []string, getenv func(string) string, scope Scope) (*Config, error) {
	values := map[string]*string{}
	for _, v := range Vars {
		def, err := envValue(v, getenv)
		if err != nil {
			return nil, err
		}
		val := def
		values[v.Env] = &val
		if scope == Serve || toolSettings[v.Env] || (scope == Keys && isKeyVar(v.Env)) {
			fs.Var(&flagValue{s: &val, isBool: v.Default == "true" || v.Default == "false"}, v.Flag, v.Help+" ($"+v.Env+")")
		}
	}
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	get := func(env string) string { return strings.TrimSpace(*values[env]) }
	c := &Config{
		Listen:            get("KORMEER_LISTEN"),
		DatabaseURL:       get("KORMEER_DATABASE_URL"),
		DataDir:           get("KORMEER_DATA_DIR"),
		UploadsS3URL:      get("KORMEER_UPLOADS_S3_URL"),
		UploadsS3Secret:   *values["KORMEER_UPLOADS_S3_SECRET"],
		AdminEmail:        get("KORMEER_ADMIN_EMAIL"),
		AdminPassword:     *values["KORMEER_ADMIN_PASSWORD"],
		Keys:              map[string]secrets.External{},
		MasterKey:         *values[secrets.MasterEnv],
		MasterKeyPrevious: *values[secrets.MasterEnv+"_PREVIOUS"],
		LogLevel:          get("KORMEER_LOG_LEVEL"),
		LogFormat:         get("KORMEER_LOG_FORMAT"),
		SMTPHost:          get("KORMEER_SMTP_HOST"),
		SMTPUsername:      get("KORMEER_SMTP_USERNAME"),
		SMTPPassword:      *values["KORMEER_SMTP_PASSWORD"],
		SMTPFrom:          get("KORMEER_SMTP_FROM"),
		SMTPTLS:           get("KORMEER_SMTP_TLS"),
		SMSURL:            get("KORMEER_SMS_URL"),
		SMSToken:          *values["KORMEER_SMS_TOKEN"],
		MetricsAddr:       get("KORMEER_METRICS_ADDR"),
	}
	c.NATSURL, c.NATSSubject, c.NATSStream = get("KORMEER_NATS_URL"), get("KORMEER_NATS_SUBJECT"), get("KORMEER_NATS_STREAM")
	c.NATSDurable, c.NATSDeadLetterSubject = get("KORMEER_NATS_DURABLE"), get("KORMEER_NATS_DEAD_LETTER_SUBJECT")
	var errs []error
	parseBool := func(env string, dst *bool) {
		b, err := strconv.ParseBool(get(env))
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: want true or false, got %q", env, get(env)))
		}
		*dst = b
	}
	parseDuration := func(env string, dst *time.Duration) {
		d, err := time.ParseDuration(get(env))
		if err != nil || d <= 0 {
			errs = append(errs, fmt.Errorf("%s: want a positive duration such as 8h, got %q", env, get(env)))
		}
		*dst = d
	}
	parseBool("KORMEER_DEV", &c.Dev)
	parseBool("KORMEER_DEMO", &c.Demo)
	parseBool("KORMEER_TRUST_PROXY", &c.TrustProxy)
	parseBool("KORMEER_REQUIRE_TOTP", &c.RequireTOTP)
	parseBool("KORMEER_PPROF", &c.Pprof)
	if n, err := strconv.Atoi(get("KORMEER_DEMO_TRANSACTIONS")); err != nil || n < 0 || n > 10_000_000 {
		errs = append(errs, fmt.Errorf("KORMEER_DEMO_TRANSACTIONS: want a number from 0 to 10000000, got %q", get("KORMEER_DEMO_TRANSACTIONS")))
	} else {
		c.DemoTransactions = n
	}
	if n, err := strconv.Atoi(get("KORMEER_NATS_WORKERS")); err != nil || n < 0 || n > 8 {
		errs = append(errs, fmt.Errorf("KORMEER_NATS_WORKERS: want a number from 0 to 8, got %q", get("KORMEER_NATS_WORKERS")))
	} else {
		c.NATSWorkers = n
	}
	if n, err := strconv.Atoi(get("KORMEER_TRUSTED_PROXIES")); err != nil || n < 1 || n > 10 {
		errs = append(errs, fmt.Errorf("KORMEER_TRUSTED_PROXIES: want a number of proxies from 1 to 10, got %q", get("KORMEER_TRUSTED_PROXIES")))
	} else {
		c.TrustedProxies = n
	}
	parseDuration("KORMEER_TOKEN_TTL", &c.TokenTTL)
	parseDuration("KORMEER_SESSION_TTL", &c.SessionTTL)
	parseDuration("KORMEER_LICENSE_VALIDITY", &c.LicenseTTL)
	parseDuration("KORMEER_ACCESS_CODE_TTL", &c.AccessCodeTTL)
	if d, err := domain.ParseAlertDeadlines(get("KORMEER_ALERT_DEADLINES")); err != nil {
		errs = append(errs, fmt.Errorf("KORMEER_ALERT_DEADLINES: %v", err))
	} else {
		c.AlertDeadlines = d
	}
	strong, errS := strconv.ParseFloat(get("KORMEER_SANCTIONS_STRONG"), 64)
	possible, errP := strconv.ParseFloat(get("KORMEER_SANCTIONS_POSSIBLE"), 64)
	if errS != nil || errP != nil || possible <= 0 || strong > 1 || possible > strong {
		errs = append(errs, fmt.Errorf("KORMEER_SANCTIONS_STRONG, KORMEER_SANCTIONS_POSSIBLE: want scores with 0 < possible <= strong <= 1, got %q and %q",
			get("KORMEER_SANCTIONS_STRONG"), get("KORMEER_SANCTIONS_POSSIBLE")))
	} else {
		c.SanctionsStrong, c.SanctionsPossible = strong, possible
	}
	if p, err := strconv.Atoi(get("KORMEER_SMTP_PORT")); err != nil || p < 1 || p > 65535 {
		errs = append(errs, fmt.Errorf("KORMEER_SMTP_PORT: want a port number, got %q", get("KORMEER_SMTP_PORT")))
	} else {
		c.SMTPPort = p
	}
	switch c.SMTPTLS {
	case "starttls", "tls", "none":
	default:
		errs = append(errs, fmt.Errorf("KORMEER_SMTP_TLS: want starttls, tls or none, got %q", c.SMTPTLS))
	}
	for _, spec := range secrets.Specs {
		ext := secrets.External{Current: *values[spec.Env]}
		if prev := values[spec.Env+"_PREVIOUS"]; prev != nil {
			ext.Previous = *prev
		}
		if err := secrets.CheckExternal(spec.Env, ext.Current, ext.Previous); err != nil {
			errs = append(errs, err)
		} else if ext.Current != "" {
			c.Keys[spec.Name] = ext
		}
	}
	if err := secrets.CheckExternal(secrets.MasterEnv, c.MasterKey, c.MasterKeyPrevious); err != nil {
		errs = append(errs, err)
	}
	if (c.AdminEmail == "") != (c.AdminPassword == "") {
		errs = append(errs, errors.New("KORMEER_ADMIN_EMAIL and KORMEER_ADMIN_PASSWORD must be set together"))
	}
	errs = append(errs, c.Limits.load(get)...)
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		errs = append(errs, fmt.Errorf("KORMEER_LOG_LEVEL: want debug, info, warn or error, got %q", c.LogLevel))
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		errs = append(errs, fmt.Errorf("KORMEER_LOG_FORMAT: want text or json, got %q", c.LogFormat))
	}
	return c, errors.Join(errs...)
}

// envValue returns the variable's value, reading <Env>_FILE for secrets; setting both is an error
// because one of them would be silently ignored.
func envValue(v Var, getenv func(string) string) (string, error) {
	val := getenv(v.Env)
	if v.Secret {
		if path := getenv(v.Env + "_FILE"); path != "" {
			if val != "" {
				return "", fmt.Errorf("set %s or %s_FILE, not both", v.Env, v.Env)
			}
			b, err := os.ReadFile(path)
			if err != nil {
				return "", fmt.Errorf("%s_FILE: %w", v.Env, err)
			}
			return strings.TrimRight(string(b), "\r\n"), nil
		}
	}
	if val == "" {
		return v.Default, nil
	}
	return val, nil
}

// flagValue holds a setting's text; boolean settings are boolean flags, so "--demo" alone means
// true and does not swallow the next argument.
type flagValue struct {
	s      *string
	isBool bool
}

func (f *flagValue) String() string {
	if f.s == nil {
		return ""
	}
	return *f.s
}

func (f *flagValue) Set(v string) error { *f.s = v; return nil }

func (f *flagValue) IsBoolFlag() bool { return f.isBool }
