package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

func transferBody(amount string) map[string]any {
	return map[string]any{"senderNumber": "+252 65 1234567", "receiverNumber": "12345", "amount": amount,
		"currency": "USD", "mode": "online", "senderInstitution": "Premium-Wallet", "receiverInstitution": "Dahabshiil",
		"senderType": "wallet", "receiverType": "bank",
		"clearingHouse": map[string]any{"automaticCompensation": true, "virtualClearing": true, "settlementMethod": "real-time"}}
}

func (e *testEnv) transactions(c *http.Client) []map[string]any {
	e.t.Helper()
	var list []map[string]any
	res := e.do(c, "GET", "/api/transactions", nil)
	if err := json.Unmarshal(res.body, &list); err != nil {
		e.t.Fatalf("transactions: %d %s", res.status, res.body)
	}
	return list
}

func TestTransfer(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		e.mustUser("amina@example.so", domain.RoleCitizen, nil)
		e.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil)
		c, officer := e.client(), e.client()
		e.signIn(c, "amina@example.so")
		e.signIn(officer, "officer@example.so")

		res := e.do(c, "POST", "/api/transfer", transferBody("250.50"))
		if res.status != http.StatusCreated {
			t.Fatalf("transfer: %d %s", res.status, res.body)
		}
		got := res.json(t)
		for k, want := range map[string]any{"amount": "250.50", "fee": "5.01", "total": "255.51", "currency": "USD",
			"flowType": "P2B", "settlementMode": "real-time", "status": "completed", "riskLevel": "low"} {
			if got[k] != want {
				t.Errorf("%s = %v, want %v", k, got[k], want)
			}
		}
		if !strings.HasPrefix(got["transactionId"].(string), "TXN-") || !strings.HasPrefix(got["npssReference"].(string), "NPSS") {
			t.Errorf("references %v %v", got["transactionId"], got["npssReference"])
		}
		if route, _ := got["route"].(map[string]any); route["id"] != "p2b-direct" {
			t.Errorf("route %v", got["route"])
		}
		list := e.transactions(officer)
		if len(list) != 1 || list[0]["transactionId"] != got["transactionId"] || list[0]["sender"] != "+252651234567" {
			t.Fatalf("stored: %v", list)
		}
		if n := e.auditCount("transaction.transfer"); n != 1 {
			t.Fatalf("audit rows %d", n)
		}

		// Refused transfers write nothing and say why, with the spec's messages.
		bad := transferBody("0")
		bad["senderNumber"] = "123"
		res = e.do(c, "POST", "/api/transfer", bad)
		var refused errorBody
		_ = json.Unmarshal(res.body, &refused)
		if res.status != 400 || refused.Fields["amount"].Message != domain.MsgAmount ||
			refused.Fields["senderNumber"].Code != domain.CodeWalletFormat || refused.Fields["senderNumber"].Message != "Sender Number: "+domain.MsgWalletFormat {
			t.Fatalf("invalid transfer: %d %s", res.status, res.body)
		}
		for _, body := range []string{`{"amount": true}`, `{"amount": "1", "currency": ["USD"]}`} {
			if res := e.do(c, "POST", "/api/transfer", body); res.status != 400 {
				t.Fatalf("%s: %d %s", body, res.status, res.body)
			}
		}
		if len(e.transactions(officer)) != 1 {
			t.Fatal("a refused transfer was stored")
		}
		// The citizen sees their own transfer; a guest may not make one.
		if mine := e.transactions(c); len(mine) != 1 {
			t.Fatalf("citizen sees %d", len(mine))
		}
	})
}

func TestTransferIdempotency(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		u := e.mustUser("amina@example.so", domain.RoleCitizen, nil)
		tok := e.token(u)
		auth := []string{"Authorization", "Bearer " + tok, "Idempotency-Key", "key-1"}
		first := e.do(nil, "POST", "/api/transfer", transferBody("10"), auth...)
		again := e.do(nil, "POST", "/api/transfer", transferBody("10"), auth...)
		if first.status != 201 || again.status != 201 || string(first.body) != string(again.body) || again.header.Get("Idempotent-Replayed") != "true" {
			t.Fatalf("retry: %d %s / %d %s", first.status, first.body, again.status, again.body)
		}
		if res := e.do(nil, "POST", "/api/transfer", transferBody("11"), auth...); res.status != 422 {
			t.Fatalf("same key, different body: %d %s", res.status, res.body)
		}

		// 50 concurrent submissions with one key leave exactly one transaction.
		var wg sync.WaitGroup
		var mu sync.Mutex
		ids := map[string]int{}
		for i := 0; i < 50; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res := e.do(nil, "POST", "/api/transfer", transferBody("20"), "Authorization", "Bearer "+tok, "Idempotency-Key", "key-50")
				mu.Lock()
				defer mu.Unlock()
				if res.status != 201 {
					t.Errorf("concurrent submission: %d %s", res.status, res.body)
					return
				}
				ids[res.json(t)["transactionId"].(string)]++
			}()
		}
		wg.Wait()
		if len(ids) != 1 {
			t.Fatalf("50 submissions with one key made %d transactions", len(ids))
		}
		c := e.client()
		e.signIn(c, u.Email)
		if n := len(e.transactions(c)); n != 2 {
			t.Fatalf("%d transactions stored, want 2", n)
		}
	})
}

// TestTransferIdempotencyAcrossInstances: with PostgreSQL, a client that sends one
// Idempotency-Key to two instances at once (a retry that a load balancer routed elsewhere) gets
// one transaction and the same answer from both. Several keys at once put requests of different
// keys in one group commit on each instance, in different orders.
func TestTransferIdempotencyAcrossInstances(t *testing.T) {
	backends := storetest.Backends()
	if len(backends) < 2 {
		t.Log("PostgreSQL not configured (KORMEER_TEST_POSTGRES_URL); the cross-instance path runs in CI")
		return
	}
	url := backends[1].URL(t)
	envs := []*testEnv{newEnvAt(t, url, testHasher, nil), newEnvAt(t, url, testHasher, nil)}
	u := envs[0].mustUser("amina@example.so", domain.RoleCitizen, nil)
	tok := envs[0].token(u)
	const keys, perInstance = 24, 3
	var wg sync.WaitGroup
	var mu sync.Mutex
	answers := map[string]map[string]int{} // key -> response body -> count
	for k := range keys {
		key := fmt.Sprintf("key-%d", k)
		answers[key] = map[string]int{}
		for i := range len(envs) * perInstance {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res := envs[i%len(envs)].do(nil, "POST", "/api/transfer", transferBody("20"), "Authorization", "Bearer "+tok, "Idempotency-Key", key)
				mu.Lock()
				defer mu.Unlock()
				if res.status != 201 {
					t.Errorf("%s to instance %d: %d %s", key, i%len(envs), res.status, res.body)
					return
				}
				answers[key][string(res.body)]++
			}()
		}
	}
	wg.Wait()
	for key, bodies := range answers {
		if len(bodies) != 1 {
			t.Errorf("%s answered %d different bodies", key, len(bodies))
		}
	}
	var stored int
	if err := envs[1].store.DB().QueryRow(`SELECT count(*) FROM transactions`).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if stored != keys {
		t.Fatalf("%d keys sent to two instances stored %d transactions", keys, stored)
	}
}

func TestStructuringRaisesAlert(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		u := e.mustUser("amina@example.so", domain.RoleCitizen, nil)
		tok := e.token(u)
		var last map[string]any
		for _, amount := range []string{"9400.10", "9350.20", "9600.30"} {
			body := transferBody(amount)
			body["receiverType"], body["receiverNumber"], body["receiverInstitution"] = "wallet", "+252 64 7654321", "E-Dahab"
			res := e.do(nil, "POST", "/api/transfer", body, "Authorization", "Bearer "+tok)
			if res.status != 201 {
				t.Fatalf("transfer: %d %s", res.status, res.body)
			}
			last = res.json(t)
		}
		if last["riskLevel"] != "high" || last["status"] != "pending" {
			t.Fatalf("third near-threshold transfer: %v", last)
		}
		rules, _ := last["amlRules"].([]any)
		fired := map[string]bool{}
		for _, r := range rules {
			fired[r.(map[string]any)["rule"].(string)] = true
		}
		if !fired[domain.RuleStructuring] {
			t.Fatalf("structuring did not fire: %v", rules)
		}
		var n int
		if err := e.store.DB().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM aml_alerts WHERE trigger_rule <> ''`).Scan(&n); err != nil || n != 1 {
			t.Fatalf("alerts %d, %v", n, err)
		}
	})
}

func TestSuspendedInstitutionCannotTransfer(t *testing.T) {
	e := newEnv(t, storetest.Backends()[0], nil)
	ctx := context.Background()
	var pspID string
	e.store.Write(ctx, func(tx *store.Tx) error {
		in := &store.Institution{Kind: "psp", Name: "Premium-Wallet", LicenseNumber: "CB-PSP-1"}
		err := tx.InsertInstitution(ctx, in)
		pspID = in.ID
		return err
	})
	staff := e.mustUser("staff@example.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = pspID })
	e.mustUser("officer@example.so", domain.RoleCBSLOfficer, nil)
	tok := e.token(staff)
	if res := e.do(nil, "POST", "/api/transfer", transferBody("10"), "Authorization", "Bearer "+tok); res.status != 201 {
		t.Fatalf("active PSP: %d %s", res.status, res.body)
	}
	officer := e.client()
	e.signIn(officer, "officer@example.so")
	e.do(officer, "PATCH", "/api/psps/"+pspID+"/license", map[string]string{"action": "suspend", "reason": "Audit findings"})
	res := e.do(nil, "POST", "/api/transfer", transferBody("10"), "Authorization", "Bearer "+tok)
	if res.status != 403 || !strings.Contains(string(res.body), "suspended") {
		t.Fatalf("suspended PSP: %d %s", res.status, res.body)
	}
}

// TestTransferQuote: the quote's fee is the fee the transfer is then charged, below and at the cap,
// in both currencies; a bad amount or currency is a 400 naming the field; the administrator, who
// does not originate transfers, gets no quote either.
func TestTransferQuote(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		tok := e.token(e.mustUser("amina@example.so", domain.RoleCitizen, nil))
		admin := e.token(e.mustUser("root@example.so", domain.RoleCBSLAdmin, nil))
		auth := []string{"Authorization", "Bearer " + tok}
		for _, c := range []struct{ amount, currency, fee, total string }{
			{"250.50", "USD", "5.01", "255.51"},
			{"20000", "USD", "150.00", "20150.00"},
			{"100000000", "SHS", "1725000.00", "101725000.00"},
		} {
			quote := e.do(nil, "GET", "/api/transfer/quote?amount="+c.amount+"&currency="+c.currency, nil, auth...)
			q := quote.json(t)
			if quote.status != 200 || q["fee"] != c.fee || q["total"] != c.total || q["currency"] != c.currency {
				t.Fatalf("quote of %s %s: %d %s", c.amount, c.currency, quote.status, quote.body)
			}
			body := transferBody(c.amount)
			body["currency"] = c.currency
			charged := e.do(nil, "POST", "/api/transfer", body, auth...)
			if got := charged.json(t); charged.status != 201 || got["fee"] != c.fee || got["total"] != c.total {
				t.Fatalf("charged for %s %s: %d %s, quoted %s", c.amount, c.currency, charged.status, charged.body, c.fee)
			}
		}
		for q, field := range map[string]string{"amount=abc&currency=USD": "amount", "amount=10&currency=EUR": "currency",
			"amount=0&currency=USD": "amount", "amount=10&currency=USD&route=x": "route"} {
			res := e.do(nil, "GET", "/api/transfer/quote?"+q, nil, auth...)
			var ans struct{ Fields map[string]any }
			json.Unmarshal(res.body, &ans)
			if res.status != 400 || ans.Fields[field] == nil {
				t.Errorf("quote ?%s: %d %s, want 400 naming %s", q, res.status, res.body, field)
			}
		}
		if res := e.do(nil, "GET", "/api/transfer/quote?amount=10&currency=USD", nil, "Authorization", "Bearer "+admin); res.status != 403 {
			t.Errorf("the administrator's quote: %d", res.status)
		}
	})
}
