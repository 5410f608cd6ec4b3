package config

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/limit"
)

// Limits are the settings that keep floods, slow clients and heavy uploads from taking the
// server down (issue 14): HTTP timeouts, rate limits, pools and caps.
type Limits struct {
	// PublicURL is the portal's address as users reach it, for links in e-mails; empty means
	// http:// and the listen address.
	PublicURL string
	// HTTP server timeouts: headers, the whole request body, the answer, and idle keep-alives;
	// ShutdownGrace is how long a stopping instance lets requests in flight finish.
	ReadHeaderTimeout, ReadTimeout, WriteTimeout, IdleTimeout, ShutdownGrace time.Duration
	// Rate limits per client address and overall.
	SignInRate, SignInTotal, SignUpRate, SignUpTotal, PublicRate, PublicTotal limit.Rate
	// CitizenTransfers limits the transfers of one citizen account.
	CitizenTransfers limit.Rate
	// HashWorkers (0: one per CPU) and HashQueue bound argon2id work.
	HashWorkers, HashQueue int
	// ImageDecodes (0: one per CPU) bounds images decoding at once; ImageBudgetMB each one's memory.
	ImageDecodes, ImageBudgetMB int
	// SocketsPerAccount caps live WebSocket connections per account and instance (0: no cap).
	SocketsPerAccount int
}

func init() { Vars = append(Vars, limitVars...) }

// limitVars are the flood settings, listed with the others in Vars.
var limitVars = []Var{
	{"KORMEER_PUBLIC_URL", "public-url", "", false, "the portal's address as users reach it (https://portal.example), for links in e-mails; empty: http:// and the listen address"},
	{"KORMEER_READ_HEADER_TIMEOUT", "read-header-timeout", "10s", false, "time a client has to send a request's headers"},
	{"KORMEER_READ_TIMEOUT", "read-timeout", "30s", false, "time a client has to send a whole request, body included (uploads get 2 minutes)"},
	{"KORMEER_WRITE_TIMEOUT", "write-timeout", "60s", false, "time to send an answer (CSV exports extend it page by page; the WebSocket is exempt)"},
	{"KORMEER_IDLE_TIMEOUT", "idle-timeout", "2m", false, "how long an idle keep-alive connection stays open"},
	{"KORMEER_SHUTDOWN_GRACE", "shutdown-grace", "30s", false, "on SIGTERM: time to finish the requests in flight after turning not-ready and closing live connections"},
	{"KORMEER_RATE_SIGNIN", "rate-signin", "30/m", false, "sign-in attempts (password, guest, access code) per client address; N/s, N/m or N/h, 0 for none"},
	{"KORMEER_RATE_SIGNIN_TOTAL", "rate-signin-total", "1200/m", false, "sign-in attempts overall (per instance)"},
	{"KORMEER_RATE_SIGNUP", "rate-signup", "20/h", false, "registrations, e-mail confirmations and mobile-user registrations per client address"},
	{"KORMEER_RATE_SIGNUP_TOTAL", "rate-signup-total", "600/h", false, "registrations overall (per instance)"},
	{"KORMEER_RATE_PUBLIC", "rate-public", "120/m", false, "public aggregate reads (landing-page figures, public register) per client address"},
	{"KORMEER_RATE_PUBLIC_TOTAL", "rate-public-total", "6000/m", false, "public aggregate reads overall (per instance)"},
	{"KORMEER_RATE_CITIZEN_TRANSFERS", "rate-citizen-transfers", "30/m", false, "transfers per citizen account (institutions report through their feeds)"},
	{"KORMEER_HASH_WORKERS", "hash-workers", "0", false, "argon2id hashes computed at once (0: one per CPU)"},
	{"KORMEER_HASH_QUEUE", "hash-queue", "64", false, "sign-ins and registrations waiting for a hash worker; beyond it they are answered 429"},
	{"KORMEER_IMAGE_DECODES", "image-decodes", "0", false, "uploaded images decoded at once (0: one per CPU)"},
	{"KORMEER_IMAGE_BUDGET_MB", "image-budget-mb", "96", false, "most memory one image may take to decode, judged from its header before decoding"},
	{"KORMEER_WS_PER_ACCOUNT", "ws-per-account", "10", false, "live WebSocket connections per account and instance (0: no cap)"},
}

// load parses the flood settings with get (the trimmed value of a variable).
func (l *Limits) load(get func(string) string) []error {
	var errs []error
	l.PublicURL = strings.TrimRight(get("KORMEER_PUBLIC_URL"), "/")
	if l.PublicURL != "" && !strings.HasPrefix(l.PublicURL, "https://") && !strings.HasPrefix(l.PublicURL, "http://") {
		errs = append(errs, fmt.Errorf("KORMEER_PUBLIC_URL: want an http:// or https:// address, got %q", l.PublicURL))
	}
	for env, dst := range map[string]*time.Duration{"KORMEER_READ_HEADER_TIMEOUT": &l.ReadHeaderTimeout,
		"KORMEER_READ_TIMEOUT": &l.ReadTimeout, "KORMEER_WRITE_TIMEOUT": &l.WriteTimeout, "KORMEER_IDLE_TIMEOUT": &l.IdleTimeout,
		"KORMEER_SHUTDOWN_GRACE": &l.ShutdownGrace} {
		d, err := time.ParseDuration(get(env))
		if err != nil || d <= 0 {
			errs = append(errs, fmt.Errorf("%s: want a positive duration such as 30s, got %q", env, get(env)))
		}
		*dst = d
	}
	for env, dst := range map[string]*limit.Rate{"KORMEER_RATE_SIGNIN": &l.SignInRate, "KORMEER_RATE_SIGNIN_TOTAL": &l.SignInTotal,
		"KORMEER_RATE_SIGNUP": &l.SignUpRate, "KORMEER_RATE_SIGNUP_TOTAL": &l.SignUpTotal,
		"KORMEER_RATE_PUBLIC": &l.PublicRate, "KORMEER_RATE_PUBLIC_TOTAL": &l.PublicTotal,
		"KORMEER_RATE_CITIZEN_TRANSFERS": &l.CitizenTransfers} {
		r, err := limit.ParseRate(get(env))
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", env, err))
		}
		*dst = r
	}
	for env, dst := range map[string]*int{"KORMEER_HASH_WORKERS": &l.HashWorkers, "KORMEER_HASH_QUEUE": &l.HashQueue,
		"KORMEER_IMAGE_DECODES": &l.ImageDecodes, "KORMEER_IMAGE_BUDGET_MB": &l.ImageBudgetMB, "KORMEER_WS_PER_ACCOUNT": &l.SocketsPerAccount} {
		n, err := strconv.Atoi(get(env))
		if err != nil || n < 0 || n > 1_000_000 {
			errs = append(errs, fmt.Errorf("%s: want a whole number from 0, got %q", env, get(env)))
		}
		*dst = n
	}
	if l.ImageBudgetMB == 0 {
		errs = append(errs, fmt.Errorf("KORMEER_IMAGE_BUDGET_MB: want at least 1"))
	}
	return errs
}
