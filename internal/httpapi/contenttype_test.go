package httpapi

import (
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// rawSend sends body with exactly the Content-Type lines given (none when ct is nil), which the
// do helper cannot: it always names application/json for a body.
func (e *testEnv) rawSend(method, path, body string, ct []string, headers ...string) response {
	e.t.Helper()
	req, err := http.NewRequest(method, e.srv.URL+path, strings.NewReader(body))
	if err != nil {
		e.t.Fatal(err)
	}
	req.Header["Content-Type"] = ct
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := e.client().Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return response{status: res.StatusCode, header: res.Header, body: b}
}

// A cross-site HTML form can send text/plain (or no type at all from some clients) without a
// CORS preflight; a JSON body must therefore name application/json, or nothing happens.
func TestJSONBodiesNeedAJSONContentType(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		u := e.mustUser("a@example.so", domain.RoleCitizen, nil)
		body := `{"email":"a@example.so","password":"` + testPassword + `"}`
		refused := map[string][]string{
			"no Content-Type":          nil,
			"empty Content-Type":       {""},
			"text/plain":               {"text/plain"},
			"text/plain with charset":  {"text/plain; charset=utf-8"},
			"form":                     {"application/x-www-form-urlencoded"},
			"multipart":                {"multipart/form-data; boundary=x"},
			"a JSON-like type":         {"application/jsonp"},
			"a charset JSON cannot be": {"application/json; charset=latin1"},
			"unparsable":               {"application/json; ="},
			"two types":                {"text/plain", "application/json"},
		}
		for name, ct := range refused {
			t.Run(name, func(t *testing.T) {
				res := e.rawSend("POST", "/api/login", body, ct)
				if res.status != http.StatusUnsupportedMediaType {
					t.Fatalf("status %d %s, want 415", res.status, res.body)
				}
				if !strings.Contains(res.json(t)["message"].(string), "application/json") {
					t.Fatalf("message does not say what to send: %s", res.body)
				}
				if len(res.header.Values("Set-Cookie")) != 0 {
					t.Fatal("a session was started")
				}
			})
		}
		if n := e.auditCount(""); n != 1 { // the account's creation only
			t.Fatalf("refused requests wrote %d audit rows", n-1)
		}
		for _, ct := range []string{"application/json", "application/json; charset=utf-8", "Application/JSON; Charset=UTF-8"} {
			if res := e.rawSend("POST", "/api/login", body, []string{ct}); res.status != 200 {
				t.Fatalf("%s: %d %s", ct, res.status, res.body)
			}
		}
		// A Bearer-authenticated change is refused the same way.
		res := e.rawSend("PATCH", "/api/profile", `{"firstName":"X"}`, []string{"text/plain"}, "Authorization", "Bearer "+e.token(u))
		if res.status != 415 {
			t.Fatalf("text/plain profile change: %d %s", res.status, res.body)
		}
	})
}

// TestEveryBodyRouteRefusesNonJSON walks the route table: every route that changes state refuses
// a text/plain body with 415 before doing anything, the routes that read no body too (a form
// could reach them), and an empty POST without a type still works for those.
func TestEveryBodyRouteRefusesNonJSON(t *testing.T) {
	e := newEnv(t, storetest.Backends()[0], nil)
	admin := e.mustUser("root@example.so", domain.RoleCBSLAdmin, nil)
	bearer := "Bearer " + e.token(admin)
	// Transfers are originated by wallet holders, not regulators: a citizen posts to those routes.
	citizenBearer := "Bearer " + e.token(e.mustUser("c@example.so", domain.RoleCitizen, nil))
	noBody := map[string]bool{
		"PUT /api/objects/upload/{token}": true, // the image itself, judged by its content
	}
	for _, ct := range [][]string{{"text/plain"}, {"application/x-www-form-urlencoded"}} {
		if res := e.rawSend("POST", "/api/objects/upload", "", ct, "Authorization", bearer); res.status != 415 {
			t.Fatalf("bodiless %s to a route that reads no body: %d %s", ct, res.status, res.body)
		}
	}
	if res := e.rawSend("POST", "/api/objects/upload", "", nil, "Authorization", bearer); res.status != 200 {
		t.Fatalf("bodiless POST without a type: %d %s", res.status, res.body)
	}
	if res := e.rawSend("POST", "/api/transactions/batch", "[]", []string{"text/plain"}, "Authorization", bearer); res.status != 415 {
		t.Fatalf("batch as text/plain: %d %s", res.status, res.body)
	}
	srv, _ := New(Deps{Store: e.store, Tokens: e.tokens, Hasher: testHasher}, DefaultOptions())
	for _, rt := range srv.routes() {
		method, path, _ := strings.Cut(rt.pattern, " ")
		if method == "GET" || method == "DELETE" || noBody[rt.pattern] {
			continue
		}
		path = strings.NewReplacer("{id}", "01990000-0000-7000-8000-000000000000", "{version}", "1", "{token}", "x").Replace(path)
		as := bearer
		if !rt.access.public && !slices.Contains(rt.access.roles, domain.RoleCBSLAdmin) {
			as = citizenBearer
		}
		t.Run(rt.pattern, func(t *testing.T) {
			res := e.rawSend(method, path, `{}`, []string{"text/plain"}, "Authorization", as)
			if res.status != http.StatusUnsupportedMediaType {
				t.Fatalf("text/plain body: %d %s, want 415", res.status, res.body)
			}
		})
	}
}
