package httpapi

import (
	"encoding/base32"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/auth"
	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// totpClock lets a test move the server's clock a whole TOTP step ahead, so that each sign-in
// has a code not used before (codes work once). code is the code for the server's now.
type totpClock struct{ offset atomic.Int64 }

func (e *testEnv) totpClock() *totpClock {
	c := &totpClock{}
	e.store.SetClock(func() time.Time { return time.Now().Add(time.Duration(c.offset.Load())) })
	return c
}

func (c *totpClock) next() { c.offset.Add(int64(auth.TOTPPeriod)) }

func (c *totpClock) code(secret []byte) string {
	return auth.TOTPCode(secret, time.Now().Add(time.Duration(c.offset.Load())))
}

// enrolTOTP turns on two-step verification for the account signed in on c, as the Settings card
// does, and returns the secret (read back from the manual key) and the recovery codes.
func (e *testEnv) enrolTOTP(c *http.Client, headers ...string) (secret []byte, recovery []string) {
	e.t.Helper()
	res := e.do(c, "POST", "/api/profile/totp", map[string]any{}, headers...)
	if res.status != http.StatusOK {
		e.t.Fatalf("start enrolment: %d %s", res.status, res.body)
	}
	start := res.json(e.t)
	key, _ := start["secret"].(string)
	secret, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(key)
	if err != nil || len(secret) != 20 {
		e.t.Fatalf("manual key %q: %v", key, err)
	}
	if uri, _ := start["uri"].(string); !strings.HasPrefix(uri, "otpauth://totp/") || !strings.Contains(uri, key) {
		e.t.Fatalf("uri %q", uri)
	}
	if qr, _ := start["qrCode"].(string); !strings.HasPrefix(qr, "data:image/svg+xml;base64,") {
		e.t.Fatalf("qrCode %.60q is not an SVG data URL", qr)
	}
	res = e.do(c, "POST", "/api/profile/totp/confirm", map[string]string{"code": auth.TOTPCode(secret, e.store.Now())}, headers...)
	if res.status != http.StatusOK {
		e.t.Fatalf("confirm enrolment: %d %s", res.status, res.body)
	}
	for _, v := range res.json(e.t)["recoveryCodes"].([]any) {
		recovery = append(recovery, v.(string))
	}
	if len(recovery) != 10 {
		e.t.Fatalf("%d recovery codes, want 10", len(recovery))
	}
	return secret, recovery
}

// secondStep posts the code for the challenge to POST /api/login/totp.
func (e *testEnv) secondStep(c *http.Client, challenge, code string) response {
	e.t.Helper()
	return e.do(c, "POST", "/api/login/totp", map[string]string{"challenge": challenge, "code": code})
}

// enrolledUser creates an account with two-step verification on, and returns its secret and
// recovery codes.
func (e *testEnv) enrolledUser(email string, role domain.Role) (*domain.User, []byte, []string) {
	e.t.Helper()
	u := e.mustUser(email, role, nil)
	c := e.client()
	e.signIn(c, u.Email)
	secret, codes := e.enrolTOTP(c)
	return u, secret, codes
}

// passwordStep posts the password to path and expects the second-factor challenge.
func (e *testEnv) passwordStep(c *http.Client, path string, body map[string]string) string {
	e.t.Helper()
	res := e.do(c, "POST", path, body)
	m := res.json(e.t)
	if res.status != http.StatusUnauthorized || m["totpRequired"] != true {
		e.t.Fatalf("%s with the right password of an enrolled account: %d %s, want 401 totpRequired", path, res.status, res.body)
	}
	if _, ok := m["access_token"]; ok {
		e.t.Fatalf("%s answered a token before the second factor", path)
	}
	ch, _ := m["challenge"].(string)
	if len(ch) < 32 {
		e.t.Fatalf("challenge %q", ch)
	}
	return ch
}

func credentialsOf(u *domain.User) map[string]string {
	return map[string]string{"email": u.Email, "password": testPassword}
}

// TestPasswordAloneDoesNotSignInOnceEnrolled is the defence against a stolen password: with
// two-step verification on, no sign-in route (session, token, guest) starts a session or answers
// a token for the password alone; the code completes it.
func TestPasswordAloneDoesNotSignInOnceEnrolled(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		clk := e.totpClock()
		u := e.mustUser("officer@cbsl.so", domain.RoleCBSLOfficer, nil)
		setup, other := e.client(), e.client()
		e.signIn(setup, u.Email)
		e.signIn(other, u.Email)
		oldToken := e.token(u)
		secret, _ := e.enrolTOTP(setup)
		// Enabling ends what signed in with the password alone: other sessions and older tokens.
		if res := e.do(other, "GET", "/api/auth/user", nil); res.status != http.StatusUnauthorized {
			t.Fatalf("another session survived enabling: %d", res.status)
		}
		if res := e.do(nil, "GET", "/api/auth/user", nil, "Authorization", "Bearer "+oldToken); res.status != http.StatusUnauthorized {
			t.Fatalf("an older token survived enabling: %d", res.status)
		}

		for _, path := range []string{"/api/login", "/api/auth/login"} {
			c := e.client()
			e.passwordStep(c, path, credentialsOf(u))
			if res := e.do(c, "GET", "/api/auth/user", nil); res.status != http.StatusUnauthorized {
				t.Fatalf("%s: signed in by the password alone: %d %s", path, res.status, res.body)
			}
		}
		// Enabling ended the sessions signed in with the password alone, except the one that enrolled.
		if res := e.do(setup, "GET", "/api/auth/user", nil); res.status != http.StatusOK || res.json(t)["totpEnabled"] != true {
			t.Fatalf("the enrolling session: %d %s", res.status, res.body)
		}

		clk.next()
		c := e.client()
		ch := e.passwordStep(c, "/api/login", credentialsOf(u))
		res := e.secondStep(c, ch, clk.code(secret))
		if res.status != http.StatusOK {
			t.Fatalf("completing with the code: %d %s", res.status, res.body)
		}
		if res := e.do(c, "GET", "/api/auth/user", nil); res.status != http.StatusOK {
			t.Fatalf("not signed in after the code: %d %s", res.status, res.body)
		}
		rows, _ := e.store.AuditLog(t.Context(), "auth.login", 10)
		if len(rows) == 0 || rows[0].Details["secondFactor"] != "totp" {
			t.Fatalf("sign-in audit row %+v does not name the second factor", rows)
		}
		if e.auditCount("auth.totp_challenge") != 3 || e.auditCount("auth.totp_enabled") != 1 || e.auditCount("auth.totp_enroll_started") != 1 {
			t.Fatal("enrolment or challenges not audited")
		}

		// The token flow: the token comes only with the code.
		clk.next()
		c = e.client()
		ch = e.passwordStep(c, "/api/auth/login", credentialsOf(u))
		res = e.do(c, "POST", "/api/auth/login/totp", map[string]string{"challenge": ch, "code": clk.code(secret)})
		tok, _ := res.json(t)["access_token"].(string)
		if res.status != http.StatusOK || tok == "" {
			t.Fatalf("token sign-in with the code: %d %s", res.status, res.body)
		}
		if res := e.do(e.client(), "GET", "/api/auth/profile", nil, "Authorization", "Bearer "+tok); res.status != http.StatusOK {
			t.Fatalf("token after the code does not work: %d", res.status)
		}
	})
}

// TestGuestSignInNeedsTheCodeToo: a guest account that enrolled cannot be entered by the guest
// route with the password alone.
func TestGuestSignInNeedsTheCodeToo(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		g := e.mustUser("guest@example.so", domain.RoleCitizen, func(u *domain.User) {
			u.Username, u.IsGuest, u.GuestUnitsRemaining = "guest", true, domain.DefaultGuestUnits
		})
		setup := e.client()
		e.signIn(setup, g.Email)
		secret, _ := e.enrolTOTP(setup)
		e.totpClock().next()
		c := e.client()
		ch := e.passwordStep(c, "/api/auth/guest-login", map[string]string{"username": "guest", "password": testPassword})
		res := e.do(c, "POST", "/api/auth/login/totp", map[string]string{"challenge": ch, "code": auth.TOTPCode(secret, e.store.Now())})
		if tok, _ := res.json(t)["access_token"].(string); res.status != http.StatusOK || tok == "" {
			t.Fatalf("guest with the code: %d %s", res.status, res.body)
		}
	})
}

// TestTOTPCodeCannotBeReplayed: a code that signed in (or confirmed the enrolment) does not sign
// in again, even within its 30 seconds.
func TestTOTPCodeCannotBeReplayed(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		clk := e.totpClock()
		u, secret, codes := e.enrolledUser("admin@cbsl.so", domain.RoleCBSLAdmin)

		// The code that confirmed the enrolment is used up.
		c := e.client()
		ch := e.passwordStep(c, "/api/login", credentialsOf(u))
		res := e.secondStep(c, ch, clk.code(secret))
		if res.status != http.StatusUnauthorized {
			t.Fatalf("the enrolment's code signed in: %d %s", res.status, res.body)
		}
		clk.next()
		next := clk.code(secret)
		if res := e.secondStep(c, ch, next); res.status != http.StatusOK {
			t.Fatalf("next code: %d %s", res.status, res.body)
		}
		// The same code, on a new challenge within its 30 seconds, is refused.
		c2 := e.client()
		ch = e.passwordStep(c2, "/api/login", credentialsOf(u))
		res = e.secondStep(c2, ch, next)
		if res.status != http.StatusUnauthorized || e.do(c2, "GET", "/api/auth/user", nil).status != http.StatusUnauthorized {
			t.Fatalf("replayed code: %d %s", res.status, res.body)
		}
		// An earlier code (one step back, inside the drift window) is refused as well.
		prev := auth.TOTPCode(secret, e.store.Now().Add(-auth.TOTPPeriod))
		if res := e.secondStep(c2, ch, prev); res.status != http.StatusUnauthorized {
			t.Fatalf("an older code: %d %s", res.status, res.body)
		}
		// The challenge is single-use: once completed, it completes nothing else.
		if res := e.secondStep(c2, ch, codes[0]); res.status != http.StatusOK {
			t.Fatalf("recovery code on the open challenge: %d %s", res.status, res.body)
		}
		if res := e.secondStep(e.client(), ch, codes[1]); res.status != http.StatusUnauthorized {
			t.Fatalf("a completed challenge was used again: %d %s", res.status, res.body)
		}
		if e.auditCount("auth.totp_failed") != 3 {
			t.Fatalf("%d auth.totp_failed rows, want 3", e.auditCount("auth.totp_failed"))
		}
	})
}

// TestRecoveryCodeWorksOnce: each recovery code signs in once, in any case and with or without
// its dash, and is refused the second time; its use is audited.
func TestRecoveryCodeWorksOnce(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		u, _, codes := e.enrolledUser("officer@cbsl.so", domain.RoleCBSLOfficer)

		c := e.client()
		ch := e.passwordStep(c, "/api/login", credentialsOf(u))
		typed := strings.ToUpper(strings.ReplaceAll(codes[3], "-", " "))
		if res := e.secondStep(c, ch, typed); res.status != http.StatusOK {
			t.Fatalf("recovery code: %d %s", res.status, res.body)
		}
		rows, _ := e.store.AuditLog(t.Context(), "auth.recovery_code_used", 10)
		if len(rows) != 1 || rows[0].Details["remaining"] != float64(9) {
			t.Fatalf("recovery audit %+v", rows)
		}
		c = e.client()
		ch = e.passwordStep(c, "/api/login", credentialsOf(u))
		if res := e.secondStep(c, ch, codes[3]); res.status != http.StatusUnauthorized {
			t.Fatalf("recovery code used twice: %d %s", res.status, res.body)
		}
		if res := e.secondStep(c, ch, codes[4]); res.status != http.StatusOK {
			t.Fatalf("another recovery code: %d %s", res.status, res.body)
		}
		if res := e.do(c, "GET", "/api/profile/totp", nil); res.json(t)["recoveryCodesLeft"] != float64(8) {
			t.Fatalf("status %s", res.body)
		}
	})
}

// TestWrongCodesAreThrottled: five wrong codes end the challenge; and because each also counts
// as a failed sign-in of the account, fresh challenges do not give an attacker who has the
// password more guesses (429 with Retry-After).
func TestWrongCodesAreThrottled(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		u, secret, _ := e.enrolledUser("officer@cbsl.so", domain.RoleCBSLOfficer)
		wrong := func(s string) string { // a well-formed code that is not the right one now
			for _, w := range []string{"000000", "111111", "222222", "333333"} {
				if _, ok := auth.VerifyTOTP(secret, w, e.store.Now(), 0); !ok && w != s {
					return w
				}
			}
			t.Fatal("no wrong code")
			return ""
		}
		c := e.client()
		ch := e.passwordStep(c, "/api/login", credentialsOf(u))
		for i := range 5 {
			res := e.secondStep(c, ch, wrong(""))
			if res.status != http.StatusUnauthorized {
				t.Fatalf("wrong code %d: %d %s", i+1, res.status, res.body)
			}
		}
		e.totpClock().next()
		res := e.secondStep(c, ch, auth.TOTPCode(secret, e.store.Now()))
		if res.status != http.StatusUnauthorized && res.status != http.StatusTooManyRequests {
			t.Fatalf("the right code after five wrong ones: %d %s", res.status, res.body)
		}
		if e.auditCount("auth.totp_failed") != 5 {
			t.Fatalf("%d auth.totp_failed rows, want 5", e.auditCount("auth.totp_failed"))
		}
		res = e.do(e.client(), "POST", "/api/login", credentialsOf(u))
		if res.status != http.StatusTooManyRequests || res.header.Get("Retry-After") == "" {
			t.Fatalf("new sign-in after five wrong codes: %d %s, want 429 with Retry-After", res.status, res.body)
		}
	})
}

// TestSecondStepInput: bad or missing fields are 400s naming the field; an unknown challenge is a
// 401 that says to sign in again; nothing is written.
func TestSecondStepInput(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		for _, c := range []struct {
			body   any
			status int
			field  string
		}{
			{map[string]string{}, 400, "challenge"},
			{map[string]string{"challenge": "x"}, 400, "code"},
			{map[string]string{"challenge": strings.Repeat("x", 500), "code": "123456"}, 400, "challenge"},
			{map[string]string{"challenge": "x", "code": strings.Repeat("1", 500)}, 400, "code"},
			{map[string]any{"challenge": 5, "code": "123456"}, 400, "challenge"},
			{map[string]string{"challenge": auth.RandomToken(32), "code": "123456"}, 401, ""},
		} {
			for _, path := range []string{"/api/login/totp", "/api/auth/login/totp"} {
				res := e.do(nil, "POST", path, c.body)
				if res.status != c.status {
					t.Errorf("%s %v: %d %s, want %d", path, c.body, res.status, res.body, c.status)
					continue
				}
				if f, _ := res.json(t)["fields"].(map[string]any); c.field != "" && f[c.field] == nil {
					t.Errorf("%s %v: %s does not name %s", path, c.body, res.body, c.field)
				}
			}
		}
		if e.auditCount("auth.totp_failed") != 0 {
			t.Error("bad input was recorded as a failed code")
		}
	})
}

// TestEnrolmentRules: a wrong confirmation code is refused with a field error; an enabled second
// factor cannot be replaced by a new enrolment; turning it off needs a current code or the
// password (a stolen session alone cannot), and wrong proofs count as failed sign-ins.
func TestEnrolmentRules(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		u := e.mustUser("psp@bank.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = "inst-1" })
		c := e.client()
		e.signIn(c, u.Email)
		if res := e.do(c, "POST", "/api/profile/totp/confirm", map[string]string{"code": "123456"}); res.status != http.StatusConflict {
			t.Fatalf("confirm without a set-up: %d %s", res.status, res.body)
		}
		e.do(c, "POST", "/api/profile/totp", map[string]any{})
		for _, code := range []string{"", "12345", "abcdef", "000000"} {
			res := e.do(c, "POST", "/api/profile/totp/confirm", map[string]string{"code": code})
			if f, _ := res.json(t)["fields"].(map[string]any); res.status != http.StatusBadRequest || f["code"] == nil {
				t.Errorf("confirm with %q: %d %s", code, res.status, res.body)
			}
		}
		secret, _ := e.enrolTOTP(c)
		if res := e.do(c, "POST", "/api/profile/totp", map[string]any{}); res.status != http.StatusConflict {
			t.Fatalf("a second enrolment over an enabled one: %d %s", res.status, res.body)
		}
		for _, body := range []map[string]string{{}, {"password": "wrong password"}, {"code": "000001"}} {
			res := e.do(c, "DELETE", "/api/profile/totp", body)
			if res.status != http.StatusBadRequest {
				t.Errorf("disable with %v: %d %s", body, res.status, res.body)
			}
		}
		if e.auditCount("auth.totp_failed") != 2 {
			t.Errorf("%d failed proofs audited, want 2", e.auditCount("auth.totp_failed"))
		}
		e.totpClock().next()
		res := e.do(c, "DELETE", "/api/profile/totp", map[string]string{"code": auth.TOTPCode(secret, e.store.Now())})
		if res.status != http.StatusOK || e.auditCount("auth.totp_disabled") != 1 {
			t.Fatalf("disable with a code: %d %s", res.status, res.body)
		}
		e.signIn(e.client(), u.Email) // the password alone signs in again
		e.enrolTOTP(c)
		if res := e.do(c, "DELETE", "/api/profile/totp", map[string]string{"password": testPassword}); res.status != http.StatusOK {
			t.Fatalf("disable with the password: %d %s", res.status, res.body)
		}
	})
}

// TestSecondFactorNotStoredInClear: the database holds neither the TOTP secret nor a recovery
// code.
func TestSecondFactorNotStoredInClear(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		u := e.mustUser("citizen@example.so", domain.RoleCitizen, nil)
		c := e.client()
		e.signIn(c, u.Email)
		secret, codes := e.enrolTOTP(c)
		var sealed string
		if err := e.store.DB().QueryRow(`SELECT secret FROM user_totp`).Scan(&sealed); err != nil {
			t.Fatal(err)
		}
		raw := base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(secret)
		if strings.Contains(sealed, raw) || strings.Contains(sealed, string(secret)) {
			t.Fatal("the TOTP secret is stored in clear")
		}
		rows, err := e.store.DB().Query(`SELECT code_hash FROM recovery_codes`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		n := 0
		for rows.Next() {
			var h string
			rows.Scan(&h)
			for _, code := range codes {
				if strings.Contains(h, strings.ReplaceAll(code, "-", "")) {
					t.Fatal("a recovery code is stored in clear")
				}
			}
			n++
		}
		if n != 10 {
			t.Fatalf("%d recovery code rows, want 10", n)
		}
	})
}

// TestRequireTOTPForRegulators: with --require-totp, a regulator without a second factor gets a
// session that can only enrol (403 elsewhere, by cookie and by token); once enrolled, everything
// opens. Other roles are not held.
func TestRequireTOTPForRegulators(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, func(o *Options) { o.RequireTOTP = true })
		for _, role := range []domain.Role{domain.RoleCBSLOfficer, domain.RoleCBSLAdmin} {
			u := e.mustUser(string(role)+"@cbsl.so", role, nil)
			c := e.client()
			e.signIn(c, u.Email)
			tok := []string{"Authorization", "Bearer " + e.token(u)}
			for _, h := range [][]string{nil, tok} {
				res := e.do(c, "GET", "/api/transactions", nil, h...)
				if res.status != http.StatusForbidden || !strings.Contains(res.json(t)["message"].(string), "Two-step verification") {
					t.Fatalf("%s without TOTP: %d %s, want 403", role, res.status, res.body)
				}
				if res := e.do(c, "GET", "/api/auth/user", nil, h...); res.status != http.StatusOK || res.json(t)["mustEnrollTotp"] != true {
					t.Fatalf("%s current user: %d %s", role, res.status, res.body)
				}
			}
			e.enrolTOTP(c)
			if res := e.do(c, "GET", "/api/transactions", nil); res.status != http.StatusOK {
				t.Fatalf("%s after enrolling: %d %s", role, res.status, res.body)
			}
			if res := e.do(c, "GET", "/api/auth/user", nil); res.json(t)["mustEnrollTotp"] != false {
				t.Fatalf("%s still asked to enrol: %s", role, res.body)
			}
		}
		cit := e.mustUser("citizen@example.so", domain.RoleCitizen, nil)
		c := e.client()
		e.signIn(c, cit.Email)
		if res := e.do(c, "GET", "/api/transactions", nil); res.status != http.StatusOK {
			t.Fatalf("citizen held by --require-totp: %d %s", res.status, res.body)
		}
	})
}
