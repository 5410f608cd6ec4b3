package httpapi

import (
	"net/http"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// A sign-out is a state change: a cross-site page must not be able to trigger it with an image
// or a link (GET), nor with a cross-origin POST.
func TestSignOutIsAPostProtectedAgainstOtherSites(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		u := e.mustUser("amina@example.so", domain.RoleCBSLOfficer, nil)
		c := e.client()
		e.signIn(c, u.Email)

		res := e.do(c, "GET", "/api/logout", nil)
		if res.status != http.StatusMethodNotAllowed || res.header.Get("Allow") != "POST" || res.json(t)["message"] == nil {
			t.Fatalf("GET /api/logout: %d %s (Allow %q), want a 405 JSON answer", res.status, res.body, res.header.Get("Allow"))
		}
		if len(res.header.Values("Set-Cookie")) != 0 {
			t.Fatal("GET /api/logout touched the cookie")
		}
		if res := e.do(c, "GET", "/api/auth/user", nil); res.status != 200 {
			t.Fatalf("GET /api/logout signed the browser out: %d", res.status)
		}
		res = e.do(c, "POST", "/api/logout", nil, "Origin", "https://evil.example", "Sec-Fetch-Site", "cross-site")
		if res.status != http.StatusForbidden {
			t.Fatalf("cross-site POST /api/logout: %d %s", res.status, res.body)
		}
		if res := e.do(c, "GET", "/api/auth/user", nil); res.status != 200 {
			t.Fatalf("a cross-site POST signed the browser out: %d", res.status)
		}

		res = e.do(c, "POST", "/api/logout", nil, "Origin", e.srv.URL, "Sec-Fetch-Site", "same-origin")
		if res.status != http.StatusOK || res.json(t)["message"] == nil {
			t.Fatalf("POST /api/logout: %d %s", res.status, res.body)
		}
		if ck := sessionCookieOf(t, res); ck.MaxAge >= 0 || ck.Value != "" {
			t.Fatalf("cookie not cleared: %+v", ck)
		}
		if res := e.do(c, "GET", "/api/auth/user", nil); res.status != 401 {
			t.Fatalf("still signed in after POST /api/logout: %d", res.status)
		}
		if got := e.auditCount("auth.logout"); got != 1 {
			t.Fatalf("auth.logout audit rows = %d, want 1", got)
		}
		// Signing out when signed out is harmless and writes nothing.
		if res := e.do(c, "POST", "/api/logout", nil); res.status != http.StatusOK {
			t.Fatalf("second sign-out: %d %s", res.status, res.body)
		}
		if got := e.auditCount("auth.logout"); got != 1 {
			t.Fatalf("auth.logout audit rows after a second sign-out = %d, want 1", got)
		}
	})
}
