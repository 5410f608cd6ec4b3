package httpapi

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/secrets"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// rowValues reads one row of table (a constant of the test) as a database reader would, every
// column as text.
func (e *testEnv) rowValues(table, id string) map[string]string {
	e.t.Helper()
	rows, err := e.store.DB().QueryContext(context.Background(), `SELECT * FROM `+table+` WHERE id = $1`, id)
	if err != nil {
		e.t.Fatal(err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	if !rows.Next() {
		e.t.Fatalf("no %s row %s", table, id)
	}
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	if err := rows.Scan(ptrs...); err != nil {
		e.t.Fatal(err)
	}
	out := map[string]string{}
	for i, c := range cols {
		switch v := vals[i].(type) {
		case nil:
		case []byte:
			out[c] = string(v)
		default:
			out[c] = fmt.Sprint(v)
		}
	}
	return out
}

// TestAccessCodeRedeemsAfterKeyRotation: a code issued before the access-code key rotates still
// redeems during the replaced key's grace period and not after it; codes issued after the
// rotation are hashed under the new key.
func TestAccessCodeRedeemsAfterKeyRotation(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, nil)
		now := time.Now().UTC().Truncate(time.Millisecond) // the store's precision
		e.store.SetClock(func() time.Time { return now })
		officer := e.mustUser("o@example.so", domain.RoleCBSLOfficer, nil)
		o := e.client()
		e.signIn(o, officer.Email)
		res := e.do(nil, "POST", "/api/mobile/users", map[string]string{"fullName": "Ayaan Duale", "phoneNumber": "+252 63 4123456",
			"nationalId": "SL99887766", "platform": "android"})
		id := res.json(t)["id"].(string)
		if res := e.do(o, "PATCH", "/api/mobile/users/"+id+"/status", map[string]string{"status": "approved"}); res.status != 200 {
			t.Fatalf("approve: %d %s", res.status, res.body)
		}
		gen := func() string {
			t.Helper()
			res := e.do(o, "POST", "/api/admin/mobile-access/generate", map[string]string{"mobileUserId": id,
				"notificationMethod": "sms", "adminEmail": "supervision@bank.so"})
			if res.status != 201 {
				t.Fatalf("generate: %d %s", res.status, res.body)
			}
			return res.json(t)["accessCode"].(map[string]any)["code"].(string)
		}
		redeem := func(code string) int {
			return e.do(nil, "POST", "/api/mobile/access/redeem", map[string]string{"phoneNumber": "+252634123456", "code": code,
				"deviceId": "d1", "platform": "android"}).status
		}
		old1, old2 := gen(), gen()

		oldKey, newKey := []byte("code-key"), []byte("the-next-access-code-key-32-bytes!")
		e.codeKeys.Set(secrets.Key{ID: secrets.KeyID(oldKey), Secret: oldKey, RetireAt: now.Add(time.Hour)},
			secrets.Key{ID: secrets.KeyID(newKey), Secret: newKey, ActiveFrom: now})
		fresh := gen()
		if got := redeem(old1); got != 200 {
			t.Fatalf("a code issued before the rotation, within the grace period: %d", got)
		}
		now = now.Add(2 * time.Hour) // past the old key's grace, not past the codes' 24 h
		if got := redeem(old2); got != 401 {
			t.Fatalf("a code under a key past its grace period: %d, want 401", got)
		}
		if got := redeem(fresh); got != 200 {
			t.Fatalf("a code issued after the rotation: %d", got)
		}
	})
}
