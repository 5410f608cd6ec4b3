package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"sync/atomic"
)

// A request can be followed from the proxy's access log to the answer the client holds and to
// every line this instance logged for it: each request has an id, taken from X-Request-Id when a
// trusted proxy sent one (--trust-proxy) and generated otherwise, returned in X-Request-Id and
// in every error body (requestId), and added to each log line written with the request's
// context (requestLogHandler), with the account once it is known.

// requestInfo is what the log lines of a request carry; dispatch fills in the account.
type requestInfo struct {
	id     string
	userID atomic.Value // string
	// language is the signed-in person's stored language, in which errors are answered.
	language atomic.Value // string
}

type requestInfoKey struct{}

func requestFrom(ctx context.Context) *requestInfo {
	info, _ := ctx.Value(requestInfoKey{}).(*requestInfo)
	return info
}

// requestIDOf is the request's id, or "" outside a request.
func requestIDOf(ctx context.Context) string {
	if info := requestFrom(ctx); info != nil {
		return info.id
	}
	return ""
}

// withRequestID gives the request its id (see above) before anything else runs.
func (s *Server) withRequestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Request-Id")
		if !s.opts.TrustProxy || !validRequestID(id) {
			id = newRequestID()
		}
		w.Header().Set("X-Request-Id", id)
		info := &requestInfo{id: id}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), requestInfoKey{}, info)))
	})
}

// validRequestID accepts what proxies generate (UUIDs, hex, base64url, dotted trace ids) and
// nothing that could forge a log line or a header.
func validRequestID(id string) bool {
	if id == "" || len(id) > 128 {
		return false
	}
	for _, c := range []byte(id) {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.'
		if !ok {
			return false
		}
	}
	return true
}

func newRequestID() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24)
	return hex.EncodeToString(b)
}

// requestLogHandler adds the request's id and account to every record logged with its context.
type requestLogHandler struct{ slog.Handler }

func (h requestLogHandler) Handle(ctx context.Context, rec slog.Record) error {
	if info := requestFrom(ctx); info != nil {
		rec.AddAttrs(slog.String("request_id", info.id))
		if u, _ := info.userID.Load().(string); u != "" {
			rec.AddAttrs(slog.String("user_id", u))
		}
	}
	return h.Handler.Handle(ctx, rec)
}

func (h requestLogHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return requestLogHandler{h.Handler.WithAttrs(attrs)}
}

func (h requestLogHandler) WithGroup(name string) slog.Handler {
	return requestLogHandler{h.Handler.WithGroup(name)}
}

// securityEvent logs what a security team watches for (docs/DEPLOYMENT.md, Monitoring): refused
// credentials, denied access, rate limits, failed sign-ins, revoked tokens, as a warning with
// event=<kind> and the request's id, account, route and address.
func (s *Server) securityEvent(r *http.Request, kind string, attrs ...any) {
	s.log.WarnContext(r.Context(), "security", append([]any{"event", kind, "route", routeLabel(r), "ip", s.clientIP(r)}, attrs...)...)
}
