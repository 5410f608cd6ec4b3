package httpapi

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// API keys: an institution's administrator creates a key, sees it once, and the institution's
// system uses it only within its scopes; every use is audited; a revoked key, an unknown one and
// a forged one are refused alike, from the next request, on every instance.
func TestAPIKeys(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		url := b.URL(t)
		e, other := newEnvAt(t, url, testHasher, nil), newEnvAt(t, url, testHasher, nil)
		psp, dahab := e.mustPSP("premium"), e.mustPSP("dahab")
		admin := e.mustUser("admin@premium.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = psp })
		rival := e.mustUser("admin@dahab.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = dahab })
		officer := e.mustUser("officer@cb.so", domain.RoleCBSLOfficer, nil)
		citizen := e.mustUser("citizen@example.so", domain.RoleCitizen, nil)
		as := func(u *domain.User) []string { return []string{"Authorization", "Bearer " + e.token(u)} }
		withKey := func(env *testEnv, key, method, path string, body any, headers ...string) response {
			return env.do(nil, method, path, body, append([]string{"Authorization", "Bearer " + key}, headers...)...)
		}

		for body, field := range map[string]string{
			`{"name":"x","scopes":["transactions:submit"]}`:              "name",
			`{"name":"Core banking feed","scopes":[]}`:                   "scopes",
			`{"name":"Core banking feed","scopes":["transactions:all"]}`: "scopes",
		} {
			if r := e.do(nil, "POST", "/api/api-keys", body, as(admin)...); r.status != 400 || r.json(t)["fields"].(map[string]any)[field] == nil {
				t.Errorf("%s: %d %s, want 400 on %s", body, r.status, r.body, field)
			}
		}
		if r := e.do(nil, "POST", "/api/api-keys", map[string]any{"name": "Mine", "scopes": []string{"transactions:read"}}, as(citizen)...); r.status != 403 {
			t.Fatalf("citizen creates a key: %d", r.status)
		}
		created := e.do(nil, "POST", "/api/api-keys", map[string]any{"name": "Core banking feed",
			"scopes": []string{"transactions:submit"}, "institutionId": dahab}, as(admin)...)
		feed := created.json(t)
		key, _ := feed["key"].(string)
		if created.status != 201 || !strings.HasPrefix(key, "kmr_") || feed["institutionId"] != psp {
			t.Fatalf("create: %d %s (staff create for their own institution, whatever they name)", created.status, created.body)
		}
		list := e.do(nil, "GET", "/api/api-keys", nil, as(admin)...)
		if keys := list.jsonList(t); len(keys) != 1 || keys[0]["key"] != nil || keys[0]["lastUsedAt"] != nil ||
			strings.Contains(string(list.body), key[len(key)-10:]) {
			t.Fatalf("list: %s", list.body)
		}

		// The feed submits a batch; it may not read, nor reach anything else.
		item := `{"externalId":"K-1","amount":"12.50","currency":"USD","senderNumber":"+252 65 1111111","receiverNumber":"+252 64 7654321"}`
		if r := withKey(e, key, "POST", "/api/transactions/batch", item, "Content-Type", "application/x-ndjson"); r.status != 200 ||
			!strings.Contains(string(r.body), `"created":1`) {
			t.Fatalf("batch with the key: %d %s", r.status, r.body)
		}
		if r := withKey(e, key, "GET", "/api/transactions", nil); r.status != 403 || !strings.Contains(string(r.body), "transactions:read") {
			t.Fatalf("read with a submit-only key: %d %s", r.status, r.body)
		}
		for _, path := range []string{"/api/alerts", "/api/api-keys", "/api/auth/user"} {
			if r := withKey(e, key, "GET", path, nil); r.status != 403 {
				t.Errorf("%s with a key: %d, want 403", path, r.status)
			}
		}
		if r := withKey(e, key, "POST", "/api/api-keys", map[string]any{"name": "Escalate", "scopes": []string{"transactions:read"}}); r.status != 403 {
			t.Fatalf("a key creates a key: %d", r.status)
		}
		if n := e.auditCount("api_key.use"); n != 1 {
			t.Fatalf("api_key.use rows = %d, want 1 (refused calls are not uses)", n)
		}
		if keys := e.do(nil, "GET", "/api/api-keys", nil, as(admin)...).jsonList(t); keys[0]["lastUsedAt"] == nil {
			t.Fatalf("last use not recorded: %v", keys[0])
		}

		// A reading key sees its institution's transactions only.
		reader := e.do(nil, "POST", "/api/api-keys", map[string]any{"name": "Reconciliation", "scopes": []string{"transactions:read"}}, as(admin)...).json(t)["key"].(string)
		r := withKey(e, reader, "GET", "/api/transactions", nil)
		if txs := r.jsonList(t); r.status != 200 || len(txs) != 1 {
			t.Fatalf("read with the key: %d %s", r.status, r.body)
		}

		// Another institution's administrator neither sees nor revokes the key; a regulator sees all.
		if keys := e.do(nil, "GET", "/api/api-keys", nil, as(rival)...).jsonList(t); len(keys) != 0 {
			t.Fatalf("rival lists %d keys", len(keys))
		}
		if r := e.do(nil, "DELETE", "/api/api-keys/"+feed["id"].(string), nil, as(rival)...); r.status != 404 {
			t.Fatalf("rival revokes: %d", r.status)
		}
		if keys := e.do(nil, "GET", "/api/api-keys?institution="+psp, nil, as(officer)...).jsonList(t); len(keys) != 2 {
			t.Fatalf("regulator lists %d of the institution's keys", len(keys))
		}
		if r := e.do(nil, "GET", "/api/api-keys?bank=1", nil, as(officer)...); r.status != 400 {
			t.Fatalf("unknown filter: %d", r.status)
		}
		if r := e.do(nil, "POST", "/api/api-keys", map[string]any{"name": "For nobody", "scopes": []string{"transactions:read"}}, as(officer)...); r.status != 400 {
			t.Fatalf("regulator without institution: %d", r.status)
		}
		if r := e.do(nil, "POST", "/api/api-keys", map[string]any{"name": "For nobody", "scopes": []string{"transactions:read"},
			"institutionId": store.NewID()}, as(officer)...); r.status != 400 {
			t.Fatalf("regulator for an unknown institution: %d", r.status)
		}

		// Revoked on one instance, refused on the other from the next request; unknown and forged
		// keys get the same answer.
		if r := e.do(nil, "DELETE", "/api/api-keys/"+feed["id"].(string), nil, as(admin)...); r.status != 204 {
			t.Fatalf("revoke: %d %s", r.status, r.body)
		}
		revoked := withKey(other, key, "POST", "/api/transactions/batch", item, "Content-Type", "application/x-ndjson")
		if revoked.status != 401 {
			t.Fatalf("revoked key on the other instance: %d %s", revoked.status, revoked.body)
		}
		id, _, _ := domain.ParseAPIKey(key)
		for name, k := range map[string]string{"unknown": domain.FormatAPIKey(store.NewID(), "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
			"forged secret": domain.FormatAPIKey(id, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"), "malformed": "kmr_nothing"} {
			if r := withKey(other, k, "POST", "/api/transactions/batch", item, "Content-Type", "application/x-ndjson"); r.status != 401 || r.sameAnswer() != revoked.sameAnswer() {
				t.Errorf("%s key: %d %s, want the revoked key's answer", name, r.status, r.body)
			}
		}
		if n := e.auditCount("api_key.revoke"); n != 1 {
			t.Fatalf("api_key.revoke rows = %d", n)
		}
		// A key dies with its creator's account.
		if err := e.store.Write(context.Background(), func(tx *store.Tx) error {
			_, err := tx.ExecContext(context.Background(), `UPDATE users SET is_active = FALSE WHERE id = $1`, admin.ID)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if r := withKey(other, reader, "GET", "/api/transactions", nil); r.status != http.StatusUnauthorized {
			t.Fatalf("key of a deactivated account: %d", r.status)
		}
	})
}
