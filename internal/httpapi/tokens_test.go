package httpapi

import (
	"net/http"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// tokenLogin signs in through POST /api/auth/login with c (nil: a client without cookies, as a
// script is) and returns the token.
func (e *testEnv) tokenLogin(c *http.Client, email string) string {
	e.t.Helper()
	res := e.do(c, "POST", "/api/auth/login", map[string]string{"email": email, "password": testPassword}, "User-Agent", "script/1.0")
	tok, _ := res.json(e.t)["access_token"].(string)
	if res.status != http.StatusOK || tok == "" {
		e.t.Fatalf("token sign-in of %s: %d %s", email, res.status, res.body)
	}
	return tok
}

// currentSession returns the id (GET /api/profile/sessions) of the browser session of c.
func currentSession(t *testing.T, e *testEnv, c *http.Client) string {
	t.Helper()
	for _, s := range e.do(c, "GET", "/api/profile/sessions", nil).jsonList(t) {
		if s["current"] == true {
			return s["id"].(string)
		}
	}
	t.Fatal("no current session")
	return ""
}

func (e *testEnv) bearerStatus(tok string) int {
	e.t.Helper()
	return e.do(nil, "GET", "/api/auth/profile", nil, "Authorization", "Bearer "+tok).status
}

// A stolen token must stop working when its owner signs out, not 8 hours later.
func TestSignOutRevokesTheTokensOfThatSignIn(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		u := e.mustUser("amina@example.so", domain.RoleCBSLOfficer, nil)

		// POST /api/auth/login also starts a browser session; signing that session out revokes
		// the token it answered.
		browser := e.client()
		fromBrowser := e.tokenLogin(browser, u.Email)
		other := e.tokenLogin(nil, u.Email) // another sign-in, which must survive
		if e.bearerStatus(fromBrowser) != 200 || e.bearerStatus(other) != 200 {
			t.Fatal("fresh tokens refused")
		}
		if res := e.do(browser, "POST", "/api/logout", nil); res.status != 200 {
			t.Fatalf("browser sign-out: %d %s", res.status, res.body)
		}
		if got := e.bearerStatus(fromBrowser); got != 401 {
			t.Fatalf("the token of a signed-out session still works: %d", got)
		}
		if got := e.bearerStatus(other); got != 200 {
			t.Fatalf("another sign-in's token was revoked: %d", got)
		}

		// A Bearer sign-out revokes its own token, through either path.
		for _, path := range []string{"/api/auth/logout", "/api/logout"} {
			tok := e.tokenLogin(nil, u.Email)
			if res := e.do(nil, "POST", path, nil, "Authorization", "Bearer "+tok); res.status != 200 {
				t.Fatalf("Bearer POST %s: %d %s", path, res.status, res.body)
			}
			if got := e.bearerStatus(tok); got != 401 {
				t.Fatalf("token still works after POST %s: %d", path, got)
			}
		}
		if got := e.bearerStatus(other); got != 200 {
			t.Fatalf("a Bearer sign-out revoked another token: %d", got)
		}

		// Ending a session from Settings revokes its sign-in's tokens too.
		browser2 := e.client()
		tok2 := e.tokenLogin(browser2, u.Email)
		ref := currentSession(t, e, browser2)
		if res := e.do(nil, "DELETE", "/api/profile/sessions/"+ref, nil, "Authorization", "Bearer "+other); res.status != 204 {
			t.Fatalf("end session: %d %s", res.status, res.body)
		}
		if got := e.bearerStatus(tok2); got != 401 {
			t.Fatalf("the token of an ended session still works: %d", got)
		}

		// A new sign-in in the same browser ends the previous session, and so its token.
		browser3 := e.client()
		first := e.tokenLogin(browser3, u.Email)
		e.tokenLogin(browser3, u.Email)
		if got := e.bearerStatus(first); got != 401 {
			t.Fatalf("the token of a rotated-out session still works: %d", got)
		}
		if got := e.auditCount("auth.token_revoke"); got != 5 {
			t.Errorf("auth.token_revoke audit rows = %d, want 5", got)
		}
		if got := e.auditCount("auth.token_issue"); got != 7 {
			t.Errorf("auth.token_issue audit rows = %d, want 7", got)
		}
	})
}

func TestListAndRevokeOwnTokens(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		a := e.mustUser("a@example.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = "inst-1" })
		other := e.mustUser("b@example.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = "inst-1" })
		browser := e.client()
		t1 := e.tokenLogin(browser, a.Email)
		t2 := e.tokenLogin(nil, a.Email)
		tb := e.tokenLogin(nil, other.Email)

		list := e.do(nil, "GET", "/api/profile/tokens", nil, "Authorization", "Bearer "+t1).jsonList(t)
		if len(list) != 2 {
			t.Fatalf("tokens: %v", list)
		}
		byCurrent := map[bool]map[string]any{}
		for _, tok := range list {
			byCurrent[tok["current"].(bool)] = tok
			if tok["status"] != "active" || tok["userAgent"] != "script/1.0" || tok["ipAddress"] != "127.0.0.1" ||
				tok["issuedAt"] == nil || tok["expiresAt"] == nil || tok["revokedAt"] != nil {
				t.Errorf("token entry: %v", tok)
			}
		}
		// Every token sign-in also starts a session (the script above dropped its cookie).
		ref := currentSession(t, e, browser)
		if byCurrent[true] == nil || byCurrent[true]["sessionId"] != ref || byCurrent[false]["sessionId"] == ref {
			t.Fatalf("current or session link wrong: %v (browser session %s)", list, ref)
		}
		t2ID := byCurrent[false]["id"].(string)

		// Someone else's token is not found, and keeps working.
		bList := e.do(nil, "GET", "/api/profile/tokens", nil, "Authorization", "Bearer "+tb).jsonList(t)
		if res := e.do(nil, "DELETE", "/api/profile/tokens/"+bList[0]["id"].(string), nil, "Authorization", "Bearer "+t1); res.status != 404 {
			t.Fatalf("revoking another account's token: %d %s", res.status, res.body)
		}
		if e.bearerStatus(tb) != 200 {
			t.Fatal("another account's token was revoked")
		}
		for _, bad := range []string{"not-a-uuid", "01990000-0000-7000-8000-000000000000"} {
			if res := e.do(nil, "DELETE", "/api/profile/tokens/"+bad, nil, "Authorization", "Bearer "+t1); res.status != 404 || res.json(t)["message"] == nil {
				t.Fatalf("revoking %s: %d %s", bad, res.status, res.body)
			}
		}

		// One's own: revoked at once, shown as revoked, audited once even when revoked twice.
		if res := e.do(browser, "DELETE", "/api/profile/tokens/"+t2ID, nil); res.status != 204 {
			t.Fatalf("revoke own token: %d %s", res.status, res.body)
		}
		if e.bearerStatus(t2) != 401 {
			t.Fatal("a revoked token still works")
		}
		if res := e.do(browser, "DELETE", "/api/profile/tokens/"+t2ID, nil); res.status != 204 {
			t.Fatalf("revoke again: %d %s", res.status, res.body)
		}
		list = e.do(browser, "GET", "/api/profile/tokens", nil).jsonList(t)
		for _, tok := range list {
			if tok["id"] == t2ID && (tok["status"] != "revoked" || tok["revokedAt"] == nil) {
				t.Fatalf("revoked token listed as %v", tok)
			}
			if tok["current"] == true {
				t.Fatalf("a cookie request has no current token: %v", tok)
			}
		}
		if got := e.auditCount("auth.token_revoke"); got != 1 {
			t.Fatalf("auth.token_revoke audit rows = %d, want 1", got)
		}

		// A password change voids every older token; the list says so.
		if res := e.do(browser, "POST", "/api/profile/password", map[string]string{"currentPassword": testPassword,
			"newPassword": "a new long passphrase 42"}); res.status != 200 {
			t.Fatalf("password change: %d %s", res.status, res.body)
		}
		if e.bearerStatus(t1) != 401 {
			t.Fatal("a token outlived a password change")
		}
		for _, tok := range e.do(browser, "GET", "/api/profile/tokens", nil).jsonList(t) {
			if tok["status"] != "revoked" {
				t.Fatalf("after a password change: %v", tok)
			}
		}
	})
}

// A well-signed token that was never recorded (issued before tokens were recorded, or minted
// with a stolen key without the database) is refused.
func TestUnrecordedTokenIsRefused(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		u := e.mustUser("a@example.so", domain.RoleCitizen, nil)
		tok, _, err := e.tokens.Issue(u.ID, u.TokenVersion)
		if err != nil {
			t.Fatal(err)
		}
		if got := e.bearerStatus(tok); got != 401 {
			t.Fatalf("unrecorded token: %d", got)
		}
	})
}
