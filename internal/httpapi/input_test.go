package httpapi

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

func mustURL(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}

// TestBadInput: every malformed request is a 4xx with {"message", "fields"} and writes nothing.
func TestBadInput(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		big := `{"email":"` + strings.Repeat("a", maxBodyBytes) + `"}`
		tests := []struct {
			name, path, body, contentType string
			status                        int
			field                         string
		}{
			{"malformed JSON", "/api/auth/register", `{"email":`, "application/json", 400, ""},
			{"not an object", "/api/auth/register", `[1,2]`, "application/json", 400, ""},
			{"empty body", "/api/auth/register", ``, "application/json", 400, ""},
			{"unknown field", "/api/auth/register", `{"email":"a@b.so","isAdmin":true}`, "application/json", 400, "isAdmin"},
			{"wrong type", "/api/auth/register", `{"email":42}`, "application/json", 400, "email"},
			{"trailing data", "/api/login", `{"email":"a@b.so","password":"x"} {}`, "application/json", 400, ""},
			{"missing fields", "/api/auth/register", `{}`, "application/json", 400, "email"},
			{"bad email", "/api/auth/register", `{"email":"nope","password":"long enough","firstName":"A","lastName":"B"}`, "application/json", 400, "email"},
			{"too large", "/api/auth/register", big, "application/json", 413, ""},
			{"not JSON", "/api/login", `email=a`, "application/x-www-form-urlencoded", 415, ""},
			{"login without password", "/api/login", `{"email":"a@b.so"}`, "application/json", 400, "password"},
			{"guest without username", "/api/auth/guest-login", `{"password":"x"}`, "application/json", 400, "username"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				res := e.do(nil, "POST", tt.path, tt.body, "Content-Type", tt.contentType)
				if res.status != tt.status {
					t.Fatalf("status %d (%s), want %d", res.status, res.body, tt.status)
				}
				m := res.json(t)
				if msg, _ := m["message"].(string); msg == "" {
					t.Fatalf("no message in %s", res.body)
				}
				if tt.field != "" {
					fields, _ := m["fields"].(map[string]any)
					if fields[tt.field] == nil {
						t.Fatalf("field %q not named in %s", tt.field, res.body)
					}
				}
			})
		}
		if n := e.auditCount(""); n != 0 {
			t.Fatalf("bad requests wrote %d audit rows", n)
		}
	})
}

func TestRoutingAnswersJSON(t *testing.T) {
	e := newEnv(t, storetest.Backends()[0], nil)
	if res := e.do(nil, "GET", "/api/nothing-here", nil); res.status != 404 || res.json(t)["message"] == nil {
		t.Fatalf("unknown API path: %d %s", res.status, res.body)
	}
	res := e.do(nil, "DELETE", "/api/auth/user", nil)
	if res.status != 405 || res.header.Get("Allow") != "GET" || res.json(t)["message"] == nil {
		t.Fatalf("wrong method: %d %s allow %q", res.status, res.body, res.header.Get("Allow"))
	}
	for _, p := range []string{"/", "/transactions", "/no/such/page"} {
		res := e.do(nil, "GET", p, nil)
		if res.status != 200 || !strings.Contains(string(res.body), "<title>Kormeer</title>") {
			t.Errorf("%s: %d, want the app's index.html", p, res.status)
		}
		if res.header.Get("X-Content-Type-Options") != "nosniff" || res.header.Get("Content-Security-Policy") == "" {
			t.Errorf("%s: security headers missing", p)
		}
	}
	if res := e.do(nil, "GET", "/assets/app-1234.js", nil); res.status != 200 || !strings.Contains(res.header.Get("Cache-Control"), "immutable") {
		t.Errorf("asset: %d cache %q", res.status, res.header.Get("Cache-Control"))
	}
}

func TestCrossOriginPostRefused(t *testing.T) {
	e := newEnv(t, storetest.Backends()[0], nil)
	e.mustUser("a@example.so", domain.RoleCitizen, nil)
	body := map[string]string{"email": "a@example.so", "password": testPassword}
	res := e.do(nil, "POST", "/api/login", body, "Origin", "https://evil.example", "Sec-Fetch-Site", "cross-site")
	if res.status != http.StatusForbidden {
		t.Fatalf("cross-site sign-in: %d", res.status)
	}
	if res := e.do(nil, "POST", "/api/login", body, "Origin", e.srv.URL, "Sec-Fetch-Site", "same-origin"); res.status != 200 {
		t.Fatalf("same-origin sign-in: %d %s", res.status, res.body)
	}
}
