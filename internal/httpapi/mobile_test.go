package httpapi

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

func TestMobileAccess(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		officer := e.mustUser("o@example.so", domain.RoleCBSLOfficer, nil)
		o := e.client()
		e.signIn(o, officer.Email)
		reg := map[string]string{"fullName": "Ayaan Duale", "phoneNumber": "+252 63 4123456", "nationalId": "SL99887766", "platform": "android"}
		if res := e.do(nil, "POST", "/api/mobile/users", map[string]string{"fullName": "A", "phoneNumber": "12", "nationalId": "1"}); res.status != 400 {
			t.Fatalf("bad registration: %d", res.status)
		}
		res := e.do(nil, "POST", "/api/mobile/users", reg)
		if res.status != 201 || res.json(t)["status"] != "pending" {
			t.Fatalf("register: %d %s", res.status, res.body)
		}
		if res := e.do(nil, "POST", "/api/mobile/users", reg); res.status != 409 {
			t.Fatalf("duplicate phone: %d", res.status)
		}
		id := res.json(t)["id"].(string)
		gen := func(method string) response {
			return e.do(o, "POST", "/api/admin/mobile-access/generate", map[string]string{"mobileUserId": id,
				"notificationMethod": method, "adminEmail": "supervision@bank.so"})
		}
		if res := gen("both"); res.status != 400 || res.json(t)["code"] != domain.CodeAccessCodeNeedsUser ||
			!strings.Contains(string(res.body), `"mobileUserId":{"code":"`+domain.CodeMobileUserNotApproved+`"`) {
			t.Fatalf("code for a pending user: %d %s", res.status, res.body)
		}
		if res := gen("pigeon"); res.status != 400 {
			t.Fatalf("unknown method: %d", res.status)
		}
		if res := e.do(o, "PATCH", "/api/mobile/users/"+id+"/status", map[string]string{"status": "suspended", "reason": "x"}); res.status != 409 {
			t.Fatalf("suspending a pending user: %d", res.status)
		}
		if res := e.do(o, "PATCH", "/api/mobile/users/"+id+"/status", map[string]string{"status": "approved"}); res.status != 200 {
			t.Fatalf("approve: %d %s", res.status, res.body)
		}
		res = gen("both")
		ac, _ := res.json(t)["accessCode"].(map[string]any)
		code, _ := ac["code"].(string)
		if res.status != 201 || len(code) != domain.AccessCodeLength || res.json(t)["deliveries"] != float64(2) {
			t.Fatalf("generate: %d %s", res.status, res.body)
		}
		// Stored so that a database reader cannot recover it: neither the code nor the outbox
		// body holds it in clear.
		var bodies int
		e.store.DB().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM notifications WHERE sealed_body LIKE $1`, "%"+code+"%").Scan(&bodies)
		if bodies != 0 {
			t.Fatal("the code is readable in the outbox")
		}
		// Not even a few characters are kept (they shrank a thief's search, and the list showed
		// them): no column of the code's row holds its tail, and the list shows no character.
		for col, v := range e.rowValues("access_codes", ac["id"].(string)) {
			if strings.Contains(v, code) || strings.HasSuffix(code, v) && v != "" {
				t.Fatalf("access_codes.%s = %q reveals the code %s", col, v, code)
			}
		}
		var codes []map[string]any
		json.Unmarshal(e.do(o, "GET", "/api/admin/mobile-access/codes", nil).body, &codes)
		if len(codes) != 1 || codes[0]["code"] != nil || codes[0]["delivery"] != "both" || codes[0]["status"] != "active" {
			t.Fatalf("codes list: %v", codes)
		}

		// Two concurrent redemptions of a single-use code open exactly one session.
		redeem := func(c string) response {
			return e.do(nil, "POST", "/api/mobile/access/redeem", map[string]string{"phoneNumber": "+252634123456", "code": c,
				"deviceId": "dev-1", "platform": "android"})
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		statuses := map[int]int{}
		for i := 0; i < 2; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res := redeem(strings.ToLower(code))
				mu.Lock()
				statuses[res.status]++
				mu.Unlock()
			}()
		}
		wg.Wait()
		if statuses[200] != 1 || statuses[401] != 1 {
			t.Fatalf("concurrent redemptions: %v", statuses)
		}
		var sessions int
		e.store.DB().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM mobile_sessions`).Scan(&sessions)
		if sessions != 1 {
			t.Fatalf("%d sessions", sessions)
		}
		json.Unmarshal(e.do(o, "GET", "/api/admin/mobile-access/codes", nil).body, &codes)
		if codes[0]["status"] != "used" || codes[0]["currentUses"] != float64(1) {
			t.Fatalf("after redemption: %v", codes[0])
		}
		if res := e.do(o, "POST", "/api/admin/mobile-access/expire", map[string]string{"accessCodeId": codes[0]["id"].(string)}); res.status != 409 {
			t.Fatalf("revoking a used code: %d", res.status)
		}

		// Wrong codes: the same answer each time, and a lockout after five failures (the
		// concurrent loser above was the first).
		second := gen("sms").json(t)["accessCode"].(map[string]any)["code"].(string)
		first := redeem("WRONG123")
		for i := 0; i < 3; i++ {
			if res := redeem("WRONG12" + string(rune('4'+i))); res.sameAnswer() != first.sameAnswer() || res.status != 401 {
				t.Fatalf("wrong code %d: %d %s", i, res.status, res.body)
			}
		}
		if res := redeem(second); res.status != 429 {
			t.Fatalf("after five failures the right code got %d", res.status)
		}
		if e.auditCount("access_code.generate") != 2 || e.auditCount("access_code.redeem") != 1 {
			t.Fatal("audit rows missing")
		}
	})
}

func TestMobileUserTransitions(t *testing.T) {
	e := newEnv(t, storetest.Backends()[0], nil)
	ctx := context.Background()
	m, err := e.store.CreateMobileUser(ctx, &domain.MobileUserInput{FullName: "Hodan", PhoneNumber: "+252651112223", NationalID: "SL12345"}, store.Audit{})
	if err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		status string
		ok     bool
	}{{"suspended", false}, {"approved", true}, {"approved", false}, {"suspended", true}, {"approved", true}, {"revoked", true}, {"approved", false}}
	for _, s := range steps {
		_, err := e.store.SetMobileUserStatus(ctx, m.ID, s.status, "reason", "", store.Audit{})
		if (err == nil) != s.ok {
			t.Fatalf("→ %s: %v", s.status, err)
		}
	}
}
