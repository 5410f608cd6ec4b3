package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

func sessionCookieOf(t *testing.T, res response) *http.Cookie {
	t.Helper()
	for _, c := range (&http.Response{Header: res.header}).Cookies() {
		if c.Name == sessionCookie {
			return c
		}
	}
	t.Fatalf("no %s cookie in %v", sessionCookie, res.header)
	return nil
}

func TestBrowserSignInAndOut(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		u := e.mustUser("amina@example.so", domain.RoleCBSLOfficer, nil)
		c := e.client()

		res := e.do(c, "GET", "/api/login", nil)
		if res.status != http.StatusFound || res.header.Get("Location") != "/login" {
			t.Fatalf("GET /api/login: %d to %q", res.status, res.header.Get("Location"))
		}
		if res := e.do(c, "GET", "/api/auth/user", nil); res.status != 401 || res.json(t)["code"] != domain.CodeSignInRequired {
			t.Fatalf("signed out: %d %s", res.status, res.body)
		}

		res = e.do(c, "POST", "/api/login", map[string]string{"email": "AMINA@example.so", "password": testPassword})
		if res.status != 200 {
			t.Fatalf("sign-in: %d %s", res.status, res.body)
		}
		first := sessionCookieOf(t, res)
		if !first.HttpOnly || first.SameSite != http.SameSiteLaxMode || first.Secure || first.Path != "/" {
			t.Fatalf("cookie attributes: %+v", first)
		}
		me := e.do(c, "GET", "/api/auth/user", nil).json(t)
		for k, want := range map[string]any{"id": u.ID, "email": u.Email, "firstName": "Test", "lastName": "cbsl_officer",
			"role": "cbsl_officer", "profileImageUrl": nil, "isGuest": false, "guestUnitsRemaining": float64(0)} {
			if me[k] != want {
				t.Errorf("auth/user %s = %v, want %v", k, me[k], want)
			}
		}
		if res := e.do(c, "GET", "/api/login", nil); res.header.Get("Location") != "/" {
			t.Errorf("signed-in GET /api/login goes to %q, want /", res.header.Get("Location"))
		}

		// Signing in again issues a new session id and ends the old one.
		second := sessionCookieOf(t, e.do(c, "POST", "/api/login", map[string]string{"email": u.Email, "password": testPassword}))
		if second.Value == first.Value {
			t.Fatal("session id reused across sign-ins")
		}
		stale := e.client()
		stale.Jar.SetCookies(mustURL(e.srv.URL), []*http.Cookie{{Name: sessionCookie, Value: first.Value}})
		if res := e.do(stale, "GET", "/api/auth/user", nil); res.status != 401 {
			t.Fatalf("old session still works: %d", res.status)
		}

		res = e.do(c, "POST", "/api/logout", nil)
		if res.status != http.StatusOK {
			t.Fatalf("logout: %d %s", res.status, res.body)
		}
		kept := e.client()
		kept.Jar.SetCookies(mustURL(e.srv.URL), []*http.Cookie{{Name: sessionCookie, Value: second.Value}})
		if res := e.do(kept, "GET", "/api/auth/user", nil); res.status != 401 {
			t.Fatal("the session survived sign-out on the server")
		}
		if got := e.auditCount("auth.login"); got != 2 {
			t.Errorf("auth.login audit rows = %d, want 2", got)
		}
		if got := e.auditCount("auth.logout"); got != 2 { // the rotation and the sign-out
			t.Errorf("auth.logout audit rows = %d, want 2", got)
		}
	})
}

func TestSecureCookieBehindTLSProxy(t *testing.T) {
	e := newEnv(t, storetest.Backends()[0], func(o *Options) { o.TrustProxy = true })
	e.mustUser("a@example.so", domain.RoleCitizen, nil)
	res := e.do(nil, "POST", "/api/login", map[string]string{"email": "a@example.so", "password": testPassword},
		"X-Forwarded-Proto", "https")
	if !sessionCookieOf(t, res).Secure {
		t.Fatal("cookie not Secure behind TLS")
	}
}

func TestFailedSignInsAreThrottled(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		e.mustUser("known@example.so", domain.RoleCitizen, nil)
		wrong := func(email, ip string) response {
			return e.do(nil, "POST", "/api/login", map[string]string{"email": email, "password": "wrong password"}, "X-Forwarded-For", ip)
		}
		// Known and unknown emails get the same answer.
		k, u := wrong("known@example.so", "1"), wrong("nobody@example.so", "1")
		if k.status != 401 || u.status != 401 || k.sameAnswer() != u.sameAnswer() {
			t.Fatalf("known %d %s vs unknown %d %s", k.status, k.body, u.status, u.body)
		}
		for i := 0; i < 4; i++ {
			wrong("known@example.so", "1")
			wrong("nobody@example.so", "1")
		}
		for _, email := range []string{"known@example.so", "nobody@example.so"} {
			res := wrong(email, "1") // the sixth attempt
			if res.status != 429 || !strings.Contains(res.json(t)["message"].(string), "Too many failed sign-in attempts") {
				t.Fatalf("%s after 5 failures: %d %s", email, res.status, res.body)
			}
		}
		// Even the right password is refused while the account is throttled.
		res := e.do(nil, "POST", "/api/login", map[string]string{"email": "known@example.so", "password": testPassword})
		if res.status != 429 {
			t.Fatalf("right password during throttle: %d", res.status)
		}
		if got := e.auditCount("auth.login_failed"); got != 10 {
			t.Errorf("login_failed audit rows = %d, want 10", got)
		}
	})
}

func TestThrottlePerAddressAndWindow(t *testing.T) {
	e := newEnv(t, storetest.Backends()[0], func(o *Options) { o.TrustProxy = true; o.MaxFailuresPerIP = 3 })
	now := time.Now()
	e.store.SetClock(func() time.Time { return now })
	for i := 0; i < 3; i++ {
		e.do(nil, "POST", "/api/login", map[string]string{"email": fmt.Sprintf("u%d@example.so", i), "password": "x"}, "X-Forwarded-For", "10.9.9.9")
	}
	res := e.do(nil, "POST", "/api/login", map[string]string{"email": "other@example.so", "password": "x"}, "X-Forwarded-For", "10.9.9.9")
	if res.status != 429 || res.header.Get("Retry-After") == "" {
		t.Fatalf("4th failure from one address: %d, Retry-After %q", res.status, res.header.Get("Retry-After"))
	}
	if res := e.do(nil, "POST", "/api/login", map[string]string{"email": "other@example.so", "password": "x"}, "X-Forwarded-For", "10.1.1.1"); res.status != 401 {
		t.Fatalf("another address was throttled: %d", res.status)
	}
	now = now.Add(16 * time.Minute)
	if res := e.do(nil, "POST", "/api/login", map[string]string{"email": "other@example.so", "password": "x"}, "X-Forwarded-For", "10.9.9.9"); res.status != 401 {
		t.Fatalf("throttle outlived its window: %d", res.status)
	}
}

func TestInactiveAccountCannotSignIn(t *testing.T) {
	e := newEnv(t, storetest.Backends()[0], nil)
	u := e.mustUser("off@example.so", domain.RoleCitizen, func(u *domain.User) { u.IsActive = false })
	if res := e.do(nil, "POST", "/api/login", map[string]string{"email": u.Email, "password": testPassword}); res.status != 401 {
		t.Fatalf("disabled account signed in: %d", res.status)
	}
	if res := e.do(nil, "GET", "/api/auth/profile", nil, "Authorization", "Bearer "+e.token(u)); res.status != 401 {
		t.Fatalf("disabled account's token accepted: %d", res.status)
	}
}

func TestRegistration(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		body := func(email, role string) map[string]string {
			return map[string]string{"email": email, "password": testPassword, "firstName": "Ubah", "lastName": "Nur", "role": role}
		}
		// Self-registration creates nothing until the e-mailed link is followed.
		res := e.do(nil, "POST", "/api/auth/register", body("ubah@example.so", ""))
		if res.status != http.StatusAccepted || !strings.Contains(res.json(t)["message"].(string), "e-mail") {
			t.Fatalf("register: %d %s", res.status, res.body)
		}
		if res := e.do(nil, "POST", "/api/login", map[string]string{"email": "ubah@example.so", "password": testPassword}); res.status != 401 {
			t.Fatalf("sign-in before confirming: %d %s", res.status, res.body)
		}
		token := e.confirmationToken("ubah@example.so")
		if res := e.do(nil, "POST", "/api/auth/confirm-email", map[string]string{"token": token + "x"}); res.status != 404 {
			t.Fatalf("a wrong token: %d %s", res.status, res.body)
		}
		if res := e.do(nil, "POST", "/api/auth/confirm-email", map[string]string{"token": ""}); res.status != 400 {
			t.Fatalf("an empty token: %d %s", res.status, res.body)
		}
		if res := e.do(nil, "POST", "/api/auth/confirm-email", map[string]string{"token": token}); res.status != 200 {
			t.Fatalf("confirm: %d %s", res.status, res.body)
		}
		if res := e.do(nil, "POST", "/api/auth/confirm-email", map[string]string{"token": token}); res.status != 404 {
			t.Fatalf("the link works twice: %d %s", res.status, res.body)
		}
		res = e.do(nil, "POST", "/api/auth/login", map[string]string{"email": "ubah@example.so", "password": testPassword})
		if res.status != 200 || !strings.Contains(string(res.body), `"role":"citizen"`) {
			t.Fatalf("sign-in after confirming: %d %s", res.status, res.body)
		}

		// Asking for a privileged role without being a cbsl_admin is refused and writes nothing.
		citizen := e.client()
		e.mustUser("c@example.so", domain.RoleCitizen, nil)
		e.signIn(citizen, "c@example.so")
		for _, c := range []*http.Client{nil, citizen} {
			res := e.do(c, "POST", "/api/auth/register", body("boss@example.so", "cbsl_admin"))
			if res.status != http.StatusForbidden || !strings.Contains(res.json(t)["message"].(string), "cbsl_admin") {
				t.Fatalf("privileged self-registration: %d %s", res.status, res.body)
			}
		}
		if _, err := e.store.UserByLogin(context.Background(), "boss@example.so"); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatal("a refused registration stored an account")
		}

		// A signed-in cbsl_admin may grant any role at once, stays signed in as themself, and is
		// told plainly when an address is taken.
		admin := e.client()
		e.mustUser("root@example.so", domain.RoleCBSLAdmin, nil)
		e.signIn(admin, "root@example.so")
		if res := e.do(admin, "POST", "/api/auth/register", body("psp@example.so", "psp_admin")); res.status != http.StatusBadRequest {
			t.Fatalf("admin creating psp_admin without an institution: %d %s", res.status, res.body)
		}
		withInst := body("psp@example.so", "psp_admin")
		withInst["institution"] = "inst-1"
		if res := e.do(admin, "POST", "/api/auth/register", withInst); res.status != http.StatusCreated {
			t.Fatalf("admin creating psp_admin: %d %s", res.status, res.body)
		}
		if res := e.do(admin, "POST", "/api/auth/register", body("UBAH@example.so", "")); res.status != http.StatusConflict {
			t.Fatalf("admin registering a taken address: %d %s", res.status, res.body)
		}
		if me := e.do(admin, "GET", "/api/auth/user", nil).json(t); me["email"] != "root@example.so" {
			t.Fatalf("admin's session switched to %v", me["email"])
		}
		if got := e.auditCount("user.register"); got != 2 {
			t.Errorf("user.register audit rows = %d, want 2", got)
		}
	})
}

// TestRegistrationHidesExistingAccounts is the enumeration half of issue 14 finding 2: registering
// a taken address answered 409. Now a new and a taken address get the same status and the same
// body shape, and the owner of the taken one gets an e-mail saying someone tried.
func TestRegistrationHidesExistingAccounts(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		e.mustUser("taken@example.so", domain.RoleCitizen, nil)
		reg := func(email string) response {
			return e.do(nil, "POST", "/api/auth/register", map[string]string{"email": email, "password": "another good passphrase",
				"firstName": "Eve", "lastName": "Probe"})
		}
		taken, fresh := reg("Taken@example.so"), reg("fresh@example.so")
		if taken.status != fresh.status || taken.status != http.StatusAccepted {
			t.Fatalf("statuses differ: taken %d %s, fresh %d %s", taken.status, taken.body, fresh.status, fresh.body)
		}
		shape := func(r response) string {
			m := r.json(t)
			delete(m, "email")
			m["message"] = strings.ReplaceAll(m["message"].(string), "taken@example.so", "fresh@example.so")
			return fmt.Sprint(m)
		}
		if shape(taken) != shape(fresh) {
			t.Fatalf("bodies differ:\n%s\n%s", taken.body, fresh.body)
		}
		if got := e.mailTo("taken@example.so", store.PurposeExistingEmail); len(got) != 1 || !strings.Contains(got[0], "already has one") {
			t.Fatalf("the owner was not told: %q", got)
		}
		if got := e.mailTo("taken@example.so", store.PurposeConfirmEmail); len(got) != 0 {
			t.Fatalf("a confirmation link was sent for a taken address: %q", got)
		}
		if u, _ := e.store.UserByLogin(context.Background(), "taken@example.so"); u.FirstName != "Test" {
			t.Fatalf("the existing account changed: %+v", u)
		}
		// Nobody can fill a mailbox: at most three registration e-mails an hour per address.
		for range 5 {
			reg("taken@example.so")
		}
		if got := e.mailTo("taken@example.so", store.PurposeExistingEmail); len(got) != 3 {
			t.Fatalf("%d e-mails to one address in an hour, want 3", len(got))
		}
		if e.auditCount("user.register_existing") != 3 || e.auditCount("user.register_requested") != 1 {
			t.Fatalf("audit: %d existing, %d requested", e.auditCount("user.register_existing"), e.auditCount("user.register_requested"))
		}
	})
}

func TestDevModeRelaxesRegistration(t *testing.T) {
	e := newEnv(t, storetest.Backends()[0], func(o *Options) { o.Dev = true })
	res := e.do(nil, "POST", "/api/auth/register", map[string]string{"email": "dev@example.so", "password": testPassword,
		"firstName": "D", "lastName": "V", "role": "cbsl_officer"})
	if res.status != http.StatusCreated {
		t.Fatalf("dev-mode registration: %d %s", res.status, res.body)
	}
}

func TestTokenLoginAndProtectedEndpoints(t *testing.T) {
	e := newEnv(t, storetest.Backends()[0], nil)
	e.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil)
	res := e.do(nil, "POST", "/api/auth/login", map[string]string{"email": "officer@example.so", "password": testPassword})
	m := res.json(t)
	tok, _ := m["access_token"].(string)
	if res.status != 200 || tok == "" || m["message"] == "" {
		t.Fatalf("token login: %d %s", res.status, res.body)
	}
	for path, want := range map[string]int{"/api/auth/profile": 200, "/api/auth/cbsl-only": 200, "/api/auth/admin-only": 403,
		"/api/auth/psp-only": 403, "/api/auth/mno-only": 403} {
		if got := e.do(nil, "GET", path, nil, "Authorization", "Bearer "+tok).status; got != want {
			t.Errorf("%s: %d, want %d", path, got, want)
		}
	}
	for _, h := range []string{"Bearer ", "Bearer garbage", "Basic " + tok, tok + "x"} {
		if got := e.do(nil, "GET", "/api/auth/profile", nil, "Authorization", h).status; got != 401 {
			t.Errorf("Authorization %q: %d, want 401", h, got)
		}
	}
}

func TestGuestUnits(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		e.mustUser("guest@example.so", domain.RoleCitizen, func(u *domain.User) {
			u.Username, u.IsGuest, u.GuestUnitsRemaining = "guest", true, domain.DefaultGuestUnits
		})
		e.mustUser("full@example.so", domain.RoleCitizen, nil)
		if res := e.do(nil, "POST", "/api/auth/guest-login", map[string]string{"username": "full@example.so", "password": testPassword}); res.status != 401 {
			t.Fatalf("a non-guest used guest login: %d", res.status)
		}
		c := e.client()
		res := e.do(c, "POST", "/api/auth/guest-login", map[string]string{"username": "guest", "password": testPassword})
		tok, _ := res.json(t)["access_token"].(string)
		if res.status != 200 || tok == "" {
			t.Fatalf("guest login: %d %s", res.status, res.body)
		}
		me := e.do(c, "GET", "/api/auth/user", nil).json(t)
		if me["isGuest"] != true || me["guestUnitsRemaining"] != float64(10) {
			t.Fatalf("guest session: %v", me)
		}
		if res := e.do(c, "GET", "/api/auth/cbsl-only", nil); res.status != 403 {
			t.Fatalf("guest on a staff route: %d", res.status)
		}
		// A metered read says what is left, so the app need not ask again; an unmetered one does not.
		if res := e.do(c, "GET", "/api/transactions", nil); res.status != 200 || res.header.Get("X-Guest-Units-Remaining") != "9" {
			t.Fatalf("metered read: %d, X-Guest-Units-Remaining %q", res.status, res.header.Get("X-Guest-Units-Remaining"))
		}
		if res := e.do(c, "GET", "/api/auth/user", nil); res.header.Get("X-Guest-Units-Remaining") != "" {
			t.Fatalf("an unmetered route sent the units: %q", res.header.Get("X-Guest-Units-Remaining"))
		}

		// 100 concurrent reads by the guest with its 9 units left succeed exactly 9 times.
		var mu sync.Mutex
		counts := map[int]int{}
		var wg sync.WaitGroup
		for i := 0; i < 100; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res := e.do(nil, "GET", "/api/transactions", nil, "Authorization", "Bearer "+tok)
				mu.Lock()
				counts[res.status]++
				mu.Unlock()
				if res.status == 403 && !strings.Contains(string(res.body), "used up") {
					t.Errorf("403 without saying the units are used up: %s", res.body)
				}
			}()
		}
		wg.Wait()
		if counts[200] != 9 || counts[403] != 91 {
			t.Fatalf("statuses %v, want 9×200 and 91×403", counts)
		}
		if me := e.do(c, "GET", "/api/auth/user", nil).json(t); me["guestUnitsRemaining"] != float64(0) {
			t.Fatalf("units left: %v", me["guestUnitsRemaining"])
		}
	})
}
