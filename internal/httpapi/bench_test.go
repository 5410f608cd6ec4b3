package httpapi

import (
	"fmt"
	"net/http"
	"sync/atomic"
	"testing"

	"github.com/kormeer/kormeer/internal/auth"
	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// BenchmarkSignIn measures POST /api/login through the whole HTTP stack with the production
// argon2id costs: throttle check, account lookup, password verification, session and audit rows.
func BenchmarkSignIn(b *testing.B) {
	for _, backend := range storetest.Backends() {
		b.Run(backend.Name, func(b *testing.B) {
			e := newEnvHasher(b, backend, auth.Hasher{Params: auth.DefaultParams}, nil)
			u := e.mustUser("bench@example.so", domain.RoleCBSLOfficer, nil)
			c := e.client()
			body := map[string]string{"email": u.Email, "password": testPassword}
			b.ResetTimer()
			for b.Loop() {
				if res := e.do(c, "POST", "/api/login", body); res.status != http.StatusOK {
					b.Fatalf("sign-in: %d %s", res.status, res.body)
				}
			}
		})
	}
}

// BenchmarkAuthUser measures GET /api/auth/user for a signed-in browser: the request every page
// load makes (session lookup joined with the account).
func BenchmarkAuthUser(b *testing.B) {
	for _, backend := range storetest.Backends() {
		b.Run(backend.Name, func(b *testing.B) {
			e := newEnv(b, backend, nil)
			u := e.mustUser("bench@example.so", domain.RoleCBSLOfficer, nil)
			c := e.client()
			e.signIn(c, u.Email)
			b.ResetTimer()
			for b.Loop() {
				if res := e.do(c, "GET", "/api/auth/user", nil); res.status != http.StatusOK {
					b.Fatalf("auth/user: %d", res.status)
				}
			}
		})
	}
}

// BenchmarkTransfer measures POST /api/transfer end to end (validation, AML history and scoring,
// the transaction, its log, statistics and audit rows), from 16 clients per core: a portal
// serves many at once, and that is when SQLite's group commit shares one commit among them.
func BenchmarkTransfer(b *testing.B) {
	for _, backend := range storetest.Backends() {
		b.Run(backend.Name, func(b *testing.B) {
			e := newEnv(b, backend, nil)
			tok := e.token(e.mustUser("bench@example.so", domain.RoleCBSLOfficer, nil))
			b.ResetTimer()
			var n atomic.Int64
			b.SetParallelism(16)
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					body := transferBody("12.34") // between many wallets and accounts, as in real traffic
					i := n.Add(1)
					body["senderNumber"] = fmt.Sprintf("+252 65 %07d", i%50_000)
					body["receiverNumber"] = fmt.Sprintf("%05d", (i*7919)%100_000)
					if res := e.do(nil, "POST", "/api/transfer", body, "Authorization", "Bearer "+tok); res.status != http.StatusCreated {
						b.Errorf("transfer: %d %s", res.status, res.body)
						return
					}
				}
			})
		})
	}
}
