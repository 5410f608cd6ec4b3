package httpapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// proposeThresholds has c (with headers) propose the AML rules in force with a lower large-value
// line and returns the new version's number.
func (e *testEnv) proposeThresholds(c *http.Client, headers ...string) string {
	e.t.Helper()
	th := e.do(c, "GET", "/api/settings/aml", nil, headers...).json(e.t)["active"].(map[string]any)["thresholds"].(map[string]any)
	th["largeValueUsd"] = "10.00"
	res := e.do(c, "POST", "/api/settings/aml/proposals", map[string]any{"thresholds": th, "note": "lower"}, headers...)
	if res.status != http.StatusCreated {
		e.t.Fatalf("propose thresholds: %d %s", res.status, res.body)
	}
	return strconv.Itoa(int(res.json(e.t)["version"].(float64)))
}

// activeRulesVersion is the version of the AML rules in force.
func (e *testEnv) activeRulesVersion(c *http.Client) float64 {
	e.t.Helper()
	return e.do(c, "GET", "/api/settings/aml", nil).json(e.t)["active"].(map[string]any)["version"].(float64)
}

// TestFinding3OneAdminCannotDefeatMakerChecker is the attack of issue 14, finding 3: an
// administrator proposes AML thresholds, creates a second cbsl_admin through the API, signs in as
// it and approves their own proposal. The new account must wait for a second administrator, and
// stay unable to sign in until one approves it.
func TestFinding3OneAdminCannotDefeatMakerChecker(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		rogue := e.mustUser("rogue@example.so", domain.RoleCBSLAdmin, nil)
		r := e.client()
		e.signIn(r, rogue.Email)
		version := e.proposeThresholds(r)

		res := e.do(r, "POST", "/api/users", map[string]any{"email": "sock@example.so", "password": testPassword,
			"firstName": "Sock", "lastName": "Puppet", "role": "cbsl_admin"})
		if res.status != http.StatusAccepted {
			t.Errorf("creating a cbsl_admin: %d %s, want 202 (a proposal awaiting a second administrator)", res.status, res.body)
		}
		sock := e.client()
		login := e.do(sock, "POST", "/api/login", map[string]string{"email": "sock@example.so", "password": testPassword})
		if login.status == http.StatusOK {
			approve := e.do(sock, "POST", "/api/settings/aml/proposals/"+version+"/approve", nil)
			t.Errorf("the account the rogue made signed in and approving the rogue's thresholds answered %d", approve.status)
		}
		if v := e.activeRulesVersion(r); v != 1 {
			t.Fatalf("rules in force are version %v: one administrator changed them alone", v)
		}
	})
}

// bearer is the Authorization header pair for u's API token.
func (e *testEnv) bearer(u *domain.User) []string {
	return []string{"Authorization", "Bearer " + e.token(u)}
}

// approvedUser reads an approved account back, as it is once its owner has set their own
// password (which an approved account must do first).
func (e *testEnv) approvedUser(email string) *domain.User {
	e.t.Helper()
	u, err := e.store.UserByLogin(e.t.Context(), email)
	if err != nil {
		e.t.Fatal(err)
	}
	if err := e.store.ChangePassword(e.t.Context(), u.ID, u.PasswordHash, "", store.Audit{UserID: u.ID}); err != nil {
		e.t.Fatal(err)
	}
	if u, err = e.store.UserByID(e.t.Context(), u.ID); err != nil {
		e.t.Fatal(err)
	}
	return u
}

// proposeAccount has the admin behind c propose an account of role and returns the answer.
func (e *testEnv) proposeAccount(c *http.Client, email, role string, headers ...string) map[string]any {
	e.t.Helper()
	res := e.do(c, "POST", "/api/users", map[string]any{"email": email, "password": testPassword,
		"firstName": "New", "lastName": role, "role": role}, headers...)
	if res.status != http.StatusAccepted {
		e.t.Fatalf("propose %s: %d %s", role, res.status, res.body)
	}
	return res.json(e.t)
}

// TestDualControlAccounts walks the account proposals and the attacks next to finding 3: self
// approval, approval by an account the proposer created, by an officer, by a disabled admin, by
// the account concerned, deciding twice, and changing one's own role.
func TestDualControlAccounts(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		var offset atomic.Int64
		e.store.SetClock(func() time.Time { return time.Now().Add(time.Duration(offset.Load())) })
		maker := e.mustUser("maker@example.so", domain.RoleCBSLAdmin, nil)
		checker := e.mustUser("checker@example.so", domain.RoleCBSLAdmin, nil)
		officer := e.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil)
		m := e.client()
		e.signIn(m, maker.Email)

		// A proposed officer is a disabled citizen until approved, and cannot sign in.
		p := e.proposeAccount(m, "newofficer@example.so", "cbsl_officer")
		target := p["target"].(map[string]any)
		if p["status"] != "pending" || p["role"] != "cbsl_officer" || target["role"] != "citizen" || target["isActive"] != false ||
			target["createdBy"] != maker.ID || p["eligibleApprovers"] != float64(1) {
			t.Fatalf("proposal %v", p)
		}
		id := p["id"].(string)
		if res := e.do(nil, "POST", "/api/login", map[string]string{"email": "newofficer@example.so", "password": testPassword}); res.status != 401 {
			t.Fatalf("a proposed account signed in: %d", res.status)
		}
		var users []map[string]any
		json.Unmarshal(e.do(m, "GET", "/api/users?q=newofficer", nil).body, &users)
		if len(users) != 1 || users[0]["pendingRole"] != "cbsl_officer" {
			t.Fatalf("user list %v", users)
		}
		// Activating it by hand gives a citizen, never the proposed role.
		if res := e.do(m, "PATCH", "/api/users/"+target["id"].(string), map[string]any{"isActive": true}); res.status != 200 || res.json(t)["role"] != "citizen" {
			t.Fatalf("activate a proposed account: %d %s", res.status, res.body)
		}

		// Neither the proposer nor an officer may approve; a different administrator does, once.
		for _, who := range []*domain.User{maker, officer} {
			if res := e.do(nil, "POST", "/api/approvals/"+id+"/approve", nil, e.bearer(who)...); res.status != 403 {
				t.Fatalf("approval by %s: %d %s", who.Email, res.status, res.body)
			}
		}
		res := e.do(nil, "POST", "/api/approvals/"+id+"/approve", map[string]string{"reason": "Known colleague"}, e.bearer(checker)...)
		if res.status != 200 || res.json(t)["status"] != "approved" || res.json(t)["target"].(map[string]any)["role"] != "cbsl_officer" ||
			res.json(t)["decidedByName"] != "Test cbsl_admin" {
			t.Fatalf("approve: %d %s", res.status, res.body)
		}
		for _, decide := range []string{"approve", "reject"} {
			if res := e.do(nil, "POST", "/api/approvals/"+id+"/"+decide, map[string]string{"reason": "again"}, e.bearer(checker)...); res.status != 409 {
				t.Fatalf("%s a decided proposal: %d", decide, res.status)
			}
		}
		if res := e.do(nil, "POST", "/api/login", map[string]string{"email": "newofficer@example.so", "password": testPassword}); res.status != 200 ||
			res.json(t)["user"].(map[string]any)["mustChangePassword"] != true {
			t.Fatalf("approved account signs in with the proposer's password unchanged: %d %s", res.status, res.body)
		}

		// An administrator the maker created (approved by the checker) cannot approve the maker's
		// proposals for 30 days: neither accounts nor AML rules.
		deputyID := e.proposeAccount(m, "deputy@example.so", "cbsl_admin")
		e.do(nil, "POST", "/api/approvals/"+deputyID["id"].(string)+"/approve", nil, e.bearer(checker)...)
		deputy := e.approvedUser("deputy@example.so")
		if deputy.Role != domain.RoleCBSLAdmin || !deputy.IsActive || deputy.CreatedBy != maker.ID {
			t.Fatalf("deputy %+v", deputy)
		}
		version := e.proposeThresholds(m)
		next := e.proposeAccount(m, "third@example.so", "cbsl_officer")["id"].(string)
		for _, path := range []string{"/api/settings/aml/proposals/" + version + "/approve", "/api/approvals/" + next + "/approve"} {
			if res := e.do(nil, "POST", path, nil, e.bearer(deputy)...); res.status != 403 ||
				!strings.Contains(res.json(t)["message"].(string), "created by the proposer") {
				t.Fatalf("approval by the maker's own admin at %s: %d %s", path, res.status, res.body)
			}
		}
		res = e.do(nil, "POST", "/api/users", map[string]any{"email": "cit@example.so", "password": testPassword,
			"firstName": "Cit", "lastName": "Izen"}, e.bearer(maker)...)
		if res.status != 201 {
			t.Fatalf("a citizen is created at once: %d %s", res.status, res.body)
		}
		citID := res.json(t)["id"].(string)
		// 31 days on, the deputy may approve; promoting a citizen the maker created long ago has the
		// same cooling-off, counted from the promotion.
		offset.Store(int64(31 * 24 * time.Hour))
		if res := e.do(nil, "POST", "/api/settings/aml/proposals/"+version+"/approve", nil, e.bearer(deputy)...); res.status != 200 {
			t.Fatalf("approval 31 days later: %d %s", res.status, res.body)
		}
		res = e.do(nil, "PATCH", "/api/users/"+citID, map[string]any{"role": "cbsl_admin", "guestUnitsRemaining": 5}, e.bearer(maker)...)
		if res.status != 202 || res.json(t)["kind"] != "account.role" || res.json(t)["previousRole"] != "citizen" ||
			res.json(t)["target"].(map[string]any)["guestUnitsRemaining"] != float64(5) {
			t.Fatalf("promotion: %d %s", res.status, res.body)
		}
		promo := res.json(t)["id"].(string)
		if res := e.do(nil, "PATCH", "/api/users/"+citID, map[string]any{"role": "cbsl_officer"}, e.bearer(maker)...); res.status != 409 {
			t.Fatalf("a second proposal for one account: %d %s", res.status, res.body)
		}
		if u, _ := e.store.UserByID(t.Context(), citID); u.Role != domain.RoleCitizen {
			t.Fatalf("role changed before approval: %s", u.Role)
		}
		if res := e.do(nil, "POST", "/api/approvals/"+promo+"/approve", nil, e.bearer(checker)...); res.status != 200 {
			t.Fatalf("approve promotion: %d %s", res.status, res.body)
		}
		promoted, _ := e.store.UserByID(t.Context(), citID)
		version = e.proposeThresholds(nil, e.bearer(maker)...)
		if res := e.do(nil, "POST", "/api/settings/aml/proposals/"+version+"/approve", nil, e.bearer(promoted)...); res.status != 403 ||
			!strings.Contains(res.json(t)["message"].(string), "gave your account its role") {
			t.Fatalf("approval by the account the maker promoted: %d %s", res.status, res.body)
		}

		// The account a change is about cannot approve it, nor can the one who created it.
		res = e.do(nil, "PATCH", "/api/users/"+checker.ID, map[string]any{"role": "cbsl_officer"}, e.bearer(maker)...)
		if res.status != 202 {
			t.Fatalf("propose demoting the checker: %d %s", res.status, res.body)
		}
		demote := res.json(t)["id"].(string)
		if res := e.do(nil, "POST", "/api/approvals/"+demote+"/approve", nil, e.bearer(checker)...); res.status != 403 ||
			!strings.Contains(res.json(t)["message"].(string), "your own account") {
			t.Fatalf("approval by the account concerned: %d %s", res.status, res.body)
		}
		// The proposer withdraws it (cancelled); rejection needs a reason.
		if res := e.do(nil, "POST", "/api/approvals/"+demote+"/reject", map[string]string{}, e.bearer(maker)...); res.status != 400 || res.json(t)["fields"].(map[string]any)["reason"] == nil {
			t.Fatalf("reject without a reason: %d %s", res.status, res.body)
		}
		if res := e.do(nil, "POST", "/api/approvals/"+demote+"/reject", map[string]string{"reason": "Mistake"}, e.bearer(maker)...); res.status != 200 || res.json(t)["status"] != "cancelled" {
			t.Fatalf("withdraw: %d %s", res.status, res.body)
		}
		if res := e.do(nil, "POST", "/api/approvals/"+next+"/reject", map[string]string{"reason": "Unknown person"}, e.bearer(checker)...); res.status != 200 || res.json(t)["status"] != "rejected" {
			t.Fatalf("reject: %d %s", res.status, res.body)
		}

		// Changing one's own role stays refused, proposal or not.
		if res := e.do(nil, "PATCH", "/api/users/"+officer.ID, map[string]any{"role": "cbsl_admin"}, e.bearer(officer)...); res.status != 403 {
			t.Fatalf("officer promoting themself: %d", res.status)
		}
		if res := e.do(nil, "PATCH", "/api/users/"+maker.ID, map[string]any{"role": "cbsl_officer"}, e.bearer(maker)...); res.status != 409 {
			t.Fatalf("admin changing their own role: %d %s", res.status, res.body)
		}
		// A disabled administrator cannot approve (their token stops at once).
		third := e.proposeAccount(nil, "fourth@example.so", "cbsl_officer", e.bearer(maker)...)["id"].(string)
		e.do(nil, "PATCH", "/api/users/"+checker.ID, map[string]any{"isActive": false}, e.bearer(maker)...)
		if res := e.do(nil, "POST", "/api/approvals/"+third+"/approve", nil, e.bearer(checker)...); res.status != 401 {
			t.Fatalf("approval by a disabled admin: %d %s", res.status, res.body)
		}
		if got := e.auditCount("approval.propose"); got != 6 {
			t.Errorf("approval.propose audit rows %d, want 6", got)
		}
		for action, want := range map[string]int{"approval.approve": 3, "approval.reject": 1, "approval.cancel": 1} {
			if got := e.auditCount(action); got != want {
				t.Errorf("%s audit rows %d, want %d", action, got, want)
			}
		}
	})
}

// TestApprovalRace has two administrators approve one proposal at once: one wins, the other gets
// 409, and the change and its audit row are written once.
func TestApprovalRace(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		maker := e.mustUser("maker@example.so", domain.RoleCBSLAdmin, nil)
		checkers := []*domain.User{e.mustUser("c1@example.so", domain.RoleCBSLAdmin, nil), e.mustUser("c2@example.so", domain.RoleCBSLAdmin, nil)}
		for round := range 5 {
			id := e.proposeAccount(nil, fmt.Sprintf("race%d@example.so", round), "cbsl_admin", e.bearer(maker)...)["id"].(string)
			statuses := make([]int, len(checkers))
			var wg sync.WaitGroup
			for i, c := range checkers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					req, _ := http.NewRequest("POST", e.srv.URL+"/api/approvals/"+id+"/approve", nil)
					req.Header.Set("Authorization", "Bearer "+e.token(c))
					if res, err := http.DefaultClient.Do(req); err == nil {
						statuses[i] = res.StatusCode
						res.Body.Close()
					}
				}()
			}
			wg.Wait()
			slices.Sort(statuses)
			if statuses[0] != 200 || statuses[1] != 409 {
				t.Fatalf("round %d: statuses %v, want one 200 and one 409", round, statuses)
			}
		}
		if got := e.auditCount("approval.approve"); got != 5 {
			t.Fatalf("approval.approve audit rows %d, want 5", got)
		}
	})
}

// TestApprovalQueue pages through the queue, refuses bad input with 4xx, and tells a sole
// administrator how a second one is made.
func TestApprovalQueue(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		sole := e.mustUser("sole@example.so", domain.RoleCBSLAdmin, nil)
		a := e.client()
		e.signIn(a, sole.Email)
		p := e.proposeAccount(a, "o1@example.so", "cbsl_officer")
		if p["eligibleApprovers"] != float64(0) || !strings.Contains(p["message"].(string), "kormeer users create") {
			t.Fatalf("a sole administrator is not told how to get a second: %v", p)
		}
		// Registration by an administrator follows the same rule; institution staff stay immediate.
		reg := func(email, role string) response {
			return e.do(a, "POST", "/api/auth/register", map[string]string{"email": email, "password": testPassword,
				"firstName": "R", "lastName": "G", "role": role, "institution": "inst-1"})
		}
		if res := reg("o2@example.so", "cbsl_admin"); res.status != 202 || res.json(t)["kind"] != "account.create" {
			t.Fatalf("admin registering a cbsl_admin: %d %s", res.status, res.body)
		}
		if res := reg("psp@example.so", "psp_admin"); res.status != 201 {
			t.Fatalf("admin registering psp staff: %d %s", res.status, res.body)
		}
		if res := reg("o2@example.so", "cbsl_officer"); res.status != 409 {
			t.Fatalf("duplicate proposed email: %d %s", res.status, res.body)
		}
		e.proposeAccount(a, "o3@example.so", "cbsl_officer")
		var ids []string
		cursor := ""
		for page := 0; page < 5; page++ {
			path := "/api/approvals?limit=2"
			if cursor != "" {
				path += "&cursor=" + url.QueryEscape(cursor)
			}
			res := e.do(a, "GET", path, nil)
			var list []map[string]any
			if err := json.Unmarshal(res.body, &list); err != nil || res.status != 200 {
				t.Fatalf("page %d: %d %s", page, res.status, res.body)
			}
			for _, x := range list {
				ids = append(ids, x["target"].(map[string]any)["email"].(string))
			}
			if cursor = res.header.Get("X-Next-Cursor"); cursor == "" {
				break
			}
		}
		if strings.Join(ids, ",") != "o3@example.so,o2@example.so,o1@example.so" {
			t.Fatalf("queue newest first over pages: %v", ids)
		}
		if res := e.do(a, "GET", "/api/approvals?status=approved", nil); res.status != 200 || strings.TrimSpace(string(res.body)) != "[]" {
			t.Fatalf("approved filter: %d %s", res.status, res.body)
		}
		for _, q := range []string{"status=bogus", "limit=0", "cursor=garbage"} {
			if res := e.do(a, "GET", "/api/approvals?"+q, nil); res.status != 400 || res.json(t)["message"] == "" {
				t.Errorf("GET /api/approvals?%s: %d %s", q, res.status, res.body)
			}
		}
		long := map[string]string{"reason": strings.Repeat("x", 501)}
		for _, c := range []struct {
			path string
			body any
			want int
		}{
			{"/api/approvals/not-an-id/approve", nil, 404},
			{"/api/approvals/" + store.NewID() + "/approve", nil, 404},
			{"/api/approvals/" + p["id"].(string) + "/reject", long, 400},
			{"/api/approvals/" + p["id"].(string) + "/approve", long, 400},
		} {
			if res := e.do(a, "POST", c.path, c.body); res.status != c.want {
				t.Errorf("POST %s: %d %s, want %d", c.path, res.status, res.body, c.want)
			}
		}
		if res := e.do(a, "POST", "/api/approvals/"+p["id"].(string)+"/approve", `{"reason": 5}`); res.status != 400 {
			t.Errorf("approve with a malformed body: %d %s", res.status, res.body)
		}
	})
}
