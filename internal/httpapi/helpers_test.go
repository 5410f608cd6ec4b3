package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/kormeer/kormeer/internal/auth"
	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/metrics"
	"github.com/kormeer/kormeer/internal/notify"
	"github.com/kormeer/kormeer/internal/objects"
	"github.com/kormeer/kormeer/internal/realtime"
	"github.com/kormeer/kormeer/internal/secrets"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// testHasher keeps argon2id but with tiny costs, so scenario tests stay fast.
var testHasher = auth.Hasher{Params: auth.Params{Memory: 1024, Time: 1, Threads: 1}}

const testPassword = "correct horse battery"

// testEnv is a running server on a fresh database.
type testEnv struct {
	t       testing.TB
	srv     *httptest.Server
	store   *store.Store
	tokens  *auth.Tokens
	hasher  auth.Hasher
	uploads *objects.Signer
	hub     *realtime.Hub
	sealer  *notify.Sealer
	rec     *metrics.Recorder
	server  *Server
	// logs holds what the server logged, as JSON lines at debug level.
	logs *logBuffer
	// codeKeys is the access-code key's ring, which rotation tests change.
	codeKeys *secrets.Ring
}

func newEnv(t testing.TB, b storetest.Backend, mod func(*Options)) *testEnv {
	t.Helper()
	return newEnvHasher(t, b, testHasher, mod)
}

// newEnvHasher is newEnv with a chosen password hasher (benchmarks use the production costs).
func newEnvHasher(t testing.TB, b storetest.Backend, hasher auth.Hasher, mod func(*Options)) *testEnv {
	t.Helper()
	return newEnvAt(t, b.URL(t), hasher, mod)
}

// newEnvAt runs a server on the database at url; two calls with one URL are two instances.
func newEnvAt(t testing.TB, url string, hasher auth.Hasher, mod func(*Options)) *testEnv {
	t.Helper()
	st := storetest.MustOpenURL(t, url)
	// Tokens follow the store's clock, so a test that moves it (SetClock) issues and checks tokens
	// in the same time as the token records the store keeps.
	tokens, err := auth.NewTokens([]byte(strings.Repeat("t", 32)), time.Hour, func() time.Time { return st.Now() })
	if err != nil {
		t.Fatal(err)
	}
	opts := DefaultOptions()
	opts.Limits = Limits{} // scenario tests sign in hundreds of times from one address; limit tests set their own
	if mod != nil {
		mod(&opts)
	}
	web := fstest.MapFS{
		"index.html":         {Data: []byte("<!doctype html><title>Kormeer</title>")},
		"assets/app-1234.js": {Data: []byte("console.log(1)")},
	}
	objs := st.Blobs() // as kormeer serve: the bytes in the database, shared by instances
	uploads := objects.NewSigner([]byte("upload-key"), 15*time.Minute, nil)
	hub := realtime.NewHub()
	st.SetAlertSink(hub.Publish)
	sealer, _ := notify.NewSealer([]byte(strings.Repeat("s", 32)))
	rec := metrics.New()
	second, _ := auth.NewSecondFactor([]byte(strings.Repeat("f", 32)))
	logs := &logBuffer{}
	codeKeys := secrets.Fixed([]byte("code-key"))
	s, err := New(Deps{Store: st, Tokens: tokens, Hasher: hasher, Objects: objs, Uploads: uploads, Hub: hub,
		Sealer: sealer, CodeKeys: codeKeys, SecondFactor: second, Metrics: rec,
		Log: slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})), Web: web}, opts)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(requireErrorCodes(t, s.Handler()))
	t.Cleanup(srv.Close)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	go st.ListenAlerts(ctx, slog.New(slog.NewTextHandler(io.Discard, nil)))
	return &testEnv{t: t, srv: srv, store: st, tokens: tokens, hasher: hasher, uploads: uploads, hub: hub, sealer: sealer, rec: rec,
		server: s, codeKeys: codeKeys, logs: logs}
}

// mustUser creates an account with testPassword.
func (e *testEnv) mustUser(email string, role domain.Role, mod func(*domain.User)) *domain.User {
	e.t.Helper()
	hash, err := e.hasher.Hash(testPassword)
	if err != nil {
		e.t.Fatal(err)
	}
	u := &domain.User{Email: email, FirstName: "Test", LastName: string(role), PasswordHash: hash, Role: role, IsActive: true}
	if mod != nil {
		mod(u)
	}
	if err := e.store.CreateUser(context.Background(), u, store.Audit{Action: "user.create", Resource: "user"}); err != nil {
		e.t.Fatal(err)
	}
	return u
}

// token issues and records an API token for u, as a token sign-in without a browser session does.
func (e *testEnv) token(u *domain.User) string {
	e.t.Helper()
	tok, c, err := e.tokens.Issue(u.ID, u.TokenVersion)
	if err != nil {
		e.t.Fatal(err)
	}
	rec := store.TokenRecord{ID: c.ID, UserID: u.ID, TokenVersion: u.TokenVersion, IssuedAt: c.IssuedAt.Time, ExpiresAt: c.ExpiresAt.Time}
	if err := e.store.RecordToken(context.Background(), rec, store.Audit{}); err != nil {
		e.t.Fatal(err)
	}
	return tok
}

// client is a browser-like HTTP client with its own cookie jar that does not follow redirects.
func (e *testEnv) client() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// response is a finished request: status, headers and body.
type response struct {
	status int
	header http.Header
	body   []byte
}

func (r response) json(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.body, &m); err != nil {
		t.Fatalf("body %q is not a JSON object: %v", r.body, err)
	}
	return m
}

// jsonList decodes a JSON array of objects.
func (r response) jsonList(t testing.TB) []map[string]any {
	t.Helper()
	var l []map[string]any
	if err := json.Unmarshal(r.body, &l); err != nil {
		t.Fatalf("body %q is not a JSON array of objects: %v", r.body, err)
	}
	return l
}

// do sends a request; body is sent as is when it is a string, or JSON-encoded otherwise.
func (e *testEnv) do(c *http.Client, method, path string, body any, headers ...string) response {
	e.t.Helper()
	var sent []byte
	switch b := body.(type) {
	case nil:
	case string:
		sent = []byte(b)
	default:
		sent, _ = json.Marshal(b)
	}
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(sent)
	}
	req, err := http.NewRequest(method, e.srv.URL+path, rd)
	if err != nil {
		e.t.Fatal(err)
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	if c == nil {
		c = e.client()
	}
	res, err := c.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	out := response{status: res.StatusCode, header: res.Header, body: b}
	router, err := contractRouter()
	if err != nil {
		e.t.Fatalf("the OpenAPI document does not load: %v", err)
	}
	checkContract(e.t, router, req, sent, out)
	return out
}

// signIn signs c in through POST /api/login and fails the test if that does not work.
func (e *testEnv) signIn(c *http.Client, email string) {
	e.t.Helper()
	res := e.do(c, "POST", "/api/login", map[string]string{"email": email, "password": testPassword})
	if res.status != http.StatusOK {
		e.t.Fatalf("sign-in of %s: %d %s", email, res.status, res.body)
	}
}

func (e *testEnv) auditCount(action string) int {
	e.t.Helper()
	rows, err := e.store.AuditLog(context.Background(), action, 1000)
	if err != nil {
		e.t.Fatal(err)
	}
	return len(rows)
}

// mailTo returns the opened bodies of the outbox's pending e-mails to addr for purpose.
func (e *testEnv) mailTo(addr, purpose string) []string {
	e.t.Helper()
	due, err := e.store.DueNotifications(context.Background(), 1000)
	if err != nil {
		e.t.Fatal(err)
	}
	var out []string
	for _, n := range due {
		if n.Recipient == addr && n.Purpose == purpose && n.Channel == "email" {
			body, err := e.sealer.Open(n.SealedBody)
			if err != nil {
				e.t.Fatal(err)
			}
			out = append(out, body)
		}
	}
	return out
}

// confirmationToken is the token of the newest confirmation link e-mailed to addr.
func (e *testEnv) confirmationToken(addr string) string {
	e.t.Helper()
	mails := e.mailTo(addr, store.PurposeConfirmEmail)
	if len(mails) == 0 {
		e.t.Fatalf("no confirmation e-mail to %s", addr)
	}
	_, token, ok := strings.Cut(mails[len(mails)-1], "/confirm-email#token=")
	if !ok {
		e.t.Fatalf("no link in %q", mails[len(mails)-1])
	}
	token, _, _ = strings.Cut(token, "\n")
	return token
}

// registerAndConfirm self-registers an account, follows the e-mailed link and returns the account.
func (e *testEnv) registerAndConfirm(body map[string]any) *domain.User {
	e.t.Helper()
	email := domain.NormalizeEmail(body["email"].(string))
	if res := e.do(nil, "POST", "/api/auth/register", body); res.status != http.StatusAccepted {
		e.t.Fatalf("register: %d %s", res.status, res.body)
	}
	if res := e.do(nil, "POST", "/api/auth/confirm-email", map[string]string{"token": e.confirmationToken(email)}); res.status != http.StatusOK {
		e.t.Fatalf("confirm: %d %s", res.status, res.body)
	}
	u, err := e.store.UserByLogin(context.Background(), email)
	if err != nil {
		e.t.Fatal(err)
	}
	return u
}

// logBuffer collects a server's log lines; the server writes from its goroutines.
type logBuffer struct {
	mu    sync.Mutex
	lines []map[string]any
}

func (b *logBuffer) Write(p []byte) (int, error) {
	var m map[string]any
	if err := json.Unmarshal(p, &m); err != nil {
		return 0, err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.lines = append(b.lines, m)
	return len(p), nil
}

// find returns the lines whose fields have the given values.
func (b *logBuffer) find(want map[string]any) []map[string]any {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []map[string]any
	for _, l := range b.lines {
		match := true
		for k, v := range want {
			if l[k] != v {
				match = false
				break
			}
		}
		if match {
			out = append(out, l)
		}
	}
	return out
}

// sameAnswer is the body with its requestId (different for every request) taken out, for tests
// that show two answers cannot be told apart.
func (r response) sameAnswer() string {
	var m map[string]any
	if json.Unmarshal(r.body, &m) != nil {
		return string(r.body)
	}
	delete(m, "requestId")
	b, _ := json.Marshal(m)
	return string(b)
}
