// Package httpapi serves Kormeer's JSON API and the embedded web app. Every route, its handler
// and who may call it are declared in routes.go; this file turns that table into a handler.
package httpapi

import (
	"context"
	"io/fs"
	"log/slog"
	"net/http"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/kormeer/kormeer/internal/auth"
	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/limit"
	"github.com/kormeer/kormeer/internal/metrics"
	"github.com/kormeer/kormeer/internal/notify"
	"github.com/kormeer/kormeer/internal/objects"
	"github.com/kormeer/kormeer/internal/realtime"
	"github.com/kormeer/kormeer/internal/screening"
	"github.com/kormeer/kormeer/internal/secrets"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/switchfeed"
)

// Options are the server's settings that come from configuration.
type Options struct {
	SessionTTL time.Duration
	// TrustProxy makes the server believe X-Forwarded-For and X-Forwarded-Proto, but only the
	// entries that its TrustedProxies reverse proxies wrote (see clientIP).
	TrustProxy bool
	// TrustedProxies is how many reverse proxies stand in front of the server (1 when zero).
	TrustedProxies int
	// Dev relaxes registration roles for the /jwt-test page (spec README, decision 2).
	Dev bool
	// LicenseValidity is how long a licence issued on approval lasts.
	LicenseValidity time.Duration
	// AccessCodeTTL is how long a mobile access code stays valid.
	AccessCodeTTL time.Duration
	// AlertDeadlines is how long an AML alert of each severity may wait for handling before its
	// case is overdue (KORMEER_ALERT_DEADLINES).
	AlertDeadlines domain.AlertDeadlines
	// Login throttling: at most MaxFailuresPerAccount failed sign-ins per account and
	// MaxFailuresPerIP per client address within LoginWindow.
	LoginWindow           time.Duration
	MaxFailuresPerAccount int
	MaxFailuresPerIP      int
	// Limits are the rate limits of anonymous expensive routes (ratelimit.go).
	Limits Limits
	// HashWorkers bounds how many argon2id hashes run at once and HashQueue how many more wait;
	// beyond that a sign-in or registration is answered 429 at once.
	HashWorkers, HashQueue int
	// PublicURL is the portal's address as users reach it, for links in e-mails; never taken
	// from the request's Host header, which the caller controls.
	PublicURL string
	// MaxSocketsPerAccount caps the live WebSocket connections of one account on one instance
	// (0: no cap).
	MaxSocketsPerAccount int
	// RequireTOTP holds regulators (cbsl_admin, cbsl_officer) without a second factor to the
	// enrolment routes until they set one up.
	RequireTOTP bool
	// Sanctions is the screening's configuration (thresholds; zero fields take the defaults).
	Sanctions screening.Config
}

// DefaultOptions are the production settings.
func DefaultOptions() Options {
	return Options{SessionTTL: 12 * time.Hour, LicenseValidity: 365 * 24 * time.Hour, AccessCodeTTL: 24 * time.Hour,
		LoginWindow:           15 * time.Minute,
		MaxFailuresPerAccount: 5, MaxFailuresPerIP: 20,
		Limits: DefaultLimits(), HashWorkers: runtime.GOMAXPROCS(0), HashQueue: 64, PublicURL: "http://127.0.0.1:8080",
		MaxSocketsPerAccount: 10, AlertDeadlines: domain.MustAlertDeadlines(domain.DefaultAlertDeadlines)}
}

// Deps are the server's collaborators.
type Deps struct {
	Store   *store.Store
	Tokens  *auth.Tokens
	Hasher  auth.Hasher
	Objects objects.Store
	Uploads *objects.Signer
	// Images checks and re-encodes uploads within a memory budget; nil takes the defaults.
	Images  *objects.Decoder
	Hub     *realtime.Hub
	Sealer  *notify.Sealer
	Metrics *metrics.Recorder
	// CodeKeys keys the hashes under which access codes are stored; codes hashed under a version
	// replaced by a rotation still redeem during its grace period.
	CodeKeys *secrets.Ring
	// SecondFactor seals TOTP secrets and hashes recovery codes.
	SecondFactor *auth.SecondFactor
	Log          *slog.Logger
	// Web is the built web app (index.html at its root); nil in tests that only use the API.
	Web fs.FS
	// SwitchFeed is the switch feed consumer's counters, shown in the system metrics; nil when
	// this instance runs no consumer.
	SwitchFeed *switchfeed.Stats
}

// Server holds what handlers need. Create it with New.
type Server struct {
	store    *store.Store
	tokens   *auth.Tokens
	hasher   auth.Hasher
	objects  objects.Store
	uploads  *objects.Signer
	images   *objects.Decoder
	hub      *realtime.Hub
	sealer   *notify.Sealer
	rec      *metrics.Recorder
	codeKeys *secrets.Ring
	second   *auth.SecondFactor
	opts     Options
	log      *slog.Logger
	web      fs.FS
	// screen holds the sanctions index in force and screens every name that enters.
	screen *screening.Screener
	// rules caches the AML rule set in force (see scoring).
	rules atomic.Pointer[cachedRules]
	// iso stores ISO 20022 messages from POST /api/iso20022 and the feed (switchfeed.Ingester).
	iso *switchfeed.Ingester
	// feed is the switch feed consumer's counters (Deps.SwitchFeed).
	feed *switchfeed.Stats
	// limiters are the rate limits of the throttle classes.
	limiters map[throttle]*limit.Limiter
	// sockets counts each account's open WebSocket connections.
	sockets socketCounts
	// life is the instance's readiness and its sockets to close at shutdown.
	life lifecycle
	// dummyHash is verified against when an email is unknown, so that a sign-in takes as long
	// for an unknown account as for a known one and timing does not reveal which accounts exist.
	dummyHash string
}

// New returns a server.
func New(d Deps, opts Options) (*Server, error) {
	if d.Metrics == nil {
		d.Metrics = metrics.New()
	}
	if d.Hub == nil {
		d.Hub = realtime.NewHub()
	}
	if d.Images == nil {
		d.Images = objects.NewDecoder(0, 0)
	}
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	if d.Hasher.Pool == nil {
		d.Hasher.Pool = limit.NewPool(opts.HashWorkers, opts.HashQueue)
	}
	dummy, err := d.Hasher.Hash(auth.RandomToken(16))
	if err != nil {
		return nil, err
	}
	s := &Server{store: d.Store, tokens: d.Tokens, hasher: d.Hasher, objects: d.Objects, uploads: d.Uploads, images: d.Images,
		hub: d.Hub, sealer: d.Sealer, rec: d.Metrics, codeKeys: d.CodeKeys, opts: opts, log: slog.New(requestLogHandler{d.Log.Handler()}), web: d.Web, dummyHash: dummy, second: d.SecondFactor,
		limiters: newLimiters(opts.Limits), screen: screening.New(d.Store, opts.Sanctions)}
	s.iso, s.feed = &switchfeed.Ingester{Store: d.Store, Scoring: s.scoring}, d.SwitchFeed
	return s, nil
}

// Handler returns the whole HTTP handler: API routes, the web app, and the middleware every
// request passes (panic recovery, logging, security headers, cross-origin protection).
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	byPath := map[string]map[string]route{}
	var order []string
	for _, rt := range s.routes() {
		method, path, _ := strings.Cut(rt.pattern, " ")
		if byPath[path] == nil {
			byPath[path] = map[string]route{}
			order = append(order, path)
		}
		byPath[path][method] = rt
	}
	for _, path := range order {
		mux.Handle(path, s.dispatch(byPath[path]))
	}
	mux.Handle("/api/", s.apiNotFound())
	mux.Handle("/", s.spa())
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.securityEvent(r, "cross_origin_refused")
		writeError(w, r, s.log, domain.E(domain.EFORBIDDEN, CodeCrossOrigin))
	}))
	return s.withRequestID(s.recoverer(s.logRequests(securityHeaders(cop.Handler(plainText(mux))))))
}

// handlerFunc is a route's handler: it returns an error instead of writing one, so that every
// error is answered by writeError in the same way.
type handlerFunc func(w http.ResponseWriter, r *http.Request) error

// dispatch picks the route for the request's method, resolves the caller and enforces the
// route's access rule before the handler runs. An unknown method answers 405 in JSON.
func (s *Server) dispatch(methods map[string]route) http.Handler {
	allow := make([]string, 0, len(methods))
	for m := range methods {
		allow = append(allow, m)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rt, ok := methods[r.Method]
		if !ok && r.Method == http.MethodHead {
			rt, ok = methods[http.MethodGet]
		}
		if !ok {
			w.Header().Set("Allow", strings.Join(allow, ", "))
			writeError(w, r, s.log, domain.E(domain.EMETHOD, CodeMethodNotAllowed, "method", r.Method, "path", r.URL.Path))
			return
		}
		p, tokenID, err := s.authenticate(r)
		if err != nil {
			s.securityEvent(r, "credentials_refused", "reason", domain.ErrorMessage(err))
		} else if info := requestFrom(r.Context()); info != nil && p != nil {
			info.userID.Store(p.ID)
			info.language.Store(p.Language)
		}
		if err == nil {
			if err = s.checkThrottle(w, r, rt.access.throttle, p); err != nil {
				s.securityEvent(r, "rate_limited")
			}
		}
		if err == nil {
			if err = s.authorize(r.Context(), rt.access, p); err != nil {
				s.securityEvent(r, "access_denied", "reason", domain.ErrorMessage(err))
			} else if p != nil && p.IsGuest && rt.access.guest == guestMetered {
				// The read took a unit: the web app shows what is left without asking again.
				w.Header().Set("X-Guest-Units-Remaining", strconv.Itoa(p.GuestUnitsRemaining))
			}
		}
		if err == nil && p != nil && p.Key != nil {
			a := s.audit(r, "", "")
			a.UserID = p.ID
			a.Details = map[string]any{"key": p.Key.Name, "route": rt.pattern, "institution": p.Institution}
			err = s.store.RecordAPIKeyUse(r.Context(), p.Key.ID, a)
		}
		if err == nil {
			err = checkBodyType(r, rt.pattern)
		}
		if err == nil {
			ctx := context.WithValue(r.Context(), principalKey{}, p)
			if tokenID != "" {
				ctx = context.WithValue(ctx, tokenIDKey{}, tokenID)
			}
			r = r.WithContext(ctx)
			err = rt.handle(w, r)
			if rt.access.throttle == signIns && domain.ErrorCode(err) == domain.EUNAUTHORIZED {
				s.securityEvent(r, "signin_failed")
			}
		}
		if err != nil {
			writeError(w, r, s.log, err)
		}
	})
}

func (s *Server) apiNotFound() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, r, s.log, domain.E(domain.ENOTFOUND, CodeNoEndpoint, "path", r.URL.Path))
	})
}

func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "same-origin")
		h.Set("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "+
			"img-src 'self' data: blob:; connect-src 'self' ws: wss:; font-src 'self'; object-src 'none'; "+
			"frame-ancestors 'none'; base-uri 'self'; form-action 'self'")
		next.ServeHTTP(w, r)
	})
}

// statusRecorder remembers the status for the request log.
type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (w *statusRecorder) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusRecorder) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		s.rec.Begin()
		next.ServeHTTP(rec, r)
		s.rec.End()
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		s.rec.Observe(routeLabel(r), rec.status, time.Since(start))
		level := slog.LevelDebug
		if rec.status >= 500 {
			level = slog.LevelError
		} else if strings.HasPrefix(r.URL.Path, "/api/") {
			level = slog.LevelInfo
		}
		s.log.Log(r.Context(), level, "http", "method", r.Method, "route", routeLabel(r), "path", r.URL.Path,
			"status", rec.status, "duration_ms", time.Since(start).Milliseconds(), "ip", s.clientIP(r))
	})
}

func (s *Server) recoverer(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.ErrorContext(r.Context(), "panic", "path", r.URL.Path, "panic", v, "stack", string(debug.Stack()))
				writeJSON(w, http.StatusInternalServerError, errorBody{Message: "Internal server error.", RequestID: requestIDOf(r.Context())})
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// audit starts an audit row with the request's caller, address and user agent filled in.
func (s *Server) audit(r *http.Request, action, resource string) store.Audit {
	a := store.Audit{Action: action, Resource: resource, IPAddress: s.clientIP(r), UserAgent: userAgent(r)}
	if p := principalFrom(r.Context()); p != nil {
		a.UserID = p.ID
	}
	return a
}
