package httpapi

import (
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/limit"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// TestAnonymousExpensiveRoutesAreRateLimited is issue 14 finding 2: every sign-in, registration
// and other anonymous write is limited per address (all attempts, not only failures) and
// overall, and answers 429 with Retry-After and a JSON message.
func TestAnonymousExpensiveRoutesAreRateLimited(t *testing.T) {
	routes := []struct {
		class  string
		method string
		path   string
		body   any
	}{
		{"sign-in", "POST", "/api/login", map[string]string{"email": "a@example.so", "password": testPassword}},
		{"sign-in", "POST", "/api/auth/login", map[string]string{"email": "a@example.so", "password": testPassword}},
		{"sign-in", "POST", "/api/auth/guest-login", map[string]string{"username": "g", "password": testPassword}},
		{"sign-in", "POST", "/api/mobile/access/redeem", map[string]string{"phoneNumber": "+252634123456", "code": "ABCDEFGH"}},
		{"sign-up", "POST", "/api/auth/register", map[string]string{"email": "n@example.so", "password": testPassword, "firstName": "N", "lastName": "M"}},
		{"sign-up", "POST", "/api/auth/confirm-email", map[string]string{"token": "nope"}},
		{"sign-up", "POST", "/api/mobile/users", map[string]string{}},
		{"public", "GET", "/api/public/register", nil},
		{"public", "GET", "/api/public/summary", nil},
	}
	three := limit.Rate{N: 3, Per: time.Hour}
	for _, perAddress := range []bool{true, false} {
		t.Run(map[bool]string{true: "per address", false: "overall"}[perAddress], func(t *testing.T) {
			e := newEnv(t, storetest.Backends()[0], func(o *Options) {
				lim := func() (limit.Rate, limit.Rate) {
					if perAddress {
						return three, limit.Rate{}
					}
					return limit.Rate{}, three
				}
				o.Limits.SignInPerAddress, o.Limits.SignInTotal = lim()
				o.Limits.SignUpPerAddress, o.Limits.SignUpTotal = lim()
				o.Limits.PublicReadPerAddress, o.Limits.PublicReadTotal = lim()
			})
			e.mustUser("a@example.so", domain.RoleCitizen, nil)
			used := map[string]int{}
			for _, rt := range routes {
				for used[rt.class] < 3 {
					if res := e.do(nil, rt.method, rt.path, rt.body); res.status == http.StatusTooManyRequests {
						t.Fatalf("%s %s limited after %d %s requests: %s", rt.method, rt.path, used[rt.class], rt.class, res.body)
					}
					used[rt.class]++
				}
				res := e.do(nil, rt.method, rt.path, rt.body)
				secs, _ := strconv.Atoi(res.header.Get("Retry-After"))
				if res.status != http.StatusTooManyRequests || secs < 1 || res.json(t)["message"] == nil {
					t.Errorf("%s %s after its class's 3: %d Retry-After %q %s", rt.method, rt.path, res.status, res.header.Get("Retry-After"), res.body)
				}
			}
			// A successful sign-in counts too: it is the argon2id work, not the failure, that costs.
			if res := e.do(nil, "POST", "/api/login", map[string]string{"email": "a@example.so", "password": testPassword}); res.status != 429 {
				t.Errorf("a correct sign-in past the limit: %d", res.status)
			}
			// Health stays free.
			if res := e.do(nil, "GET", "/health", nil); res.status != 200 {
				t.Errorf("/health: %d", res.status)
			}
		})
	}
}

// TestRegistrationFloodStaysInTheHashPool is the CPU half of finding 2: a flood of registrations
// (here 40 at once, unthrottled) never runs more argon2id hashes at once than the pool has
// workers, so the other cores stay free for cheap requests such as /health; the flood only waits.
func TestRegistrationFloodStaysInTheHashPool(t *testing.T) {
	e := newEnv(t, storetest.Backends()[0], func(o *Options) { o.HashWorkers, o.HashQueue = 2, 100 })
	pool := e.server.hasher.Pool
	var wg sync.WaitGroup
	statuses := make(chan int, 40)
	for i := range 40 {
		wg.Go(func() {
			res := e.do(nil, "POST", "/api/auth/register", map[string]string{"email": fmt.Sprintf("flood%d@example.so", i),
				"password": testPassword, "firstName": "F", "lastName": "L"})
			statuses <- res.status
		})
	}
	for range 5 {
		if res := e.do(nil, "GET", "/health", nil); res.status != 200 {
			t.Errorf("/health during the flood: %d", res.status)
		}
	}
	wg.Wait()
	close(statuses)
	for s := range statuses {
		if s != http.StatusAccepted {
			t.Errorf("a registration in the flood: %d", s)
		}
	}
	if pool.Size() != 2 || pool.Peak() < 1 || pool.Peak() > 2 {
		t.Fatalf("pool of %d ran %d hashes at once", pool.Size(), pool.Peak())
	}

	// A full queue is refused at once with 429, not queued without end.
	busy := newEnv(t, storetest.Backends()[0], func(o *Options) { o.HashWorkers, o.HashQueue = 1, 0 })
	release := make(chan struct{})
	started := make(chan struct{})
	go busy.server.hasher.Pool.Do(t.Context(), func() error { close(started); <-release; return nil })
	<-started
	res := busy.do(nil, "POST", "/api/login", map[string]string{"email": "x@example.so", "password": testPassword})
	close(release)
	if res.status != http.StatusTooManyRequests || res.header.Get("Retry-After") == "" {
		t.Fatalf("sign-in with the hash pool full: %d %q %s", res.status, res.header.Get("Retry-After"), res.body)
	}
}

// An IPv6 client cannot escape its bucket by changing address within its /64.
func TestAddressKey(t *testing.T) {
	for in, want := range map[string]string{"203.0.113.7": "203.0.113.7", "2001:db8:1:2:aaaa::1": "2001:db8:1:2::/64",
		"2001:db8:1:2:bbbb::9": "2001:db8:1:2::/64", "::ffff:203.0.113.7": "::ffff:203.0.113.7", "not-an-ip": "not-an-ip"} {
		if got := addressKey(in); got != want {
			t.Errorf("addressKey(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestCitizenTransferFloodIsLimited: a citizen's script posting transfers in a loop (a flood of
// fake payments) is stopped per account, whatever addresses it comes from; another citizen and
// an institution's staff are not held back by it.
func TestCitizenTransferFloodIsLimited(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		e := newEnv(t, b, func(o *Options) { o.Limits.TransfersPerCitizen = limit.Rate{N: 3, Per: time.Hour} })
		flooder := e.token(e.mustUser("flood@example.so", domain.RoleCitizen, nil))
		other := e.token(e.mustUser("other@example.so", domain.RoleCitizen, nil))
		staff := e.token(e.mustUser("staff@example.so", domain.RolePSPAdmin, func(u *domain.User) { u.Institution = e.seeded("psp", "Premium-Wallet") }))
		send := func(tok string, i int) response {
			return e.do(nil, "POST", "/api/transfer", transferBody("10.00"), "Authorization", "Bearer "+tok,
				"X-Forwarded-For", fmt.Sprintf("198.51.100.%d", i))
		}
		for i := range 3 {
			if res := send(flooder, i); res.status != http.StatusCreated {
				t.Fatalf("transfer %d: %d %s", i, res.status, res.body)
			}
		}
		res := send(flooder, 9)
		if res.status != http.StatusTooManyRequests || res.header.Get("Retry-After") == "" {
			t.Fatalf("the 4th transfer of one citizen: %d %s", res.status, res.body)
		}
		if res := send(other, 1); res.status != http.StatusCreated {
			t.Errorf("another citizen was held back: %d %s", res.status, res.body)
		}
		for i := range 4 {
			if res := send(staff, i); res.status != http.StatusCreated {
				t.Errorf("an institution's transfer %d: %d %s", i, res.status, res.body)
			}
		}
	})
}
