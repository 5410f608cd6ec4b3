package store_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// The storage contract: every test here runs unchanged against SQLite and, when configured,
// PostgreSQL.

func mustUser(t *testing.T, s *store.Store, email string, mod func(*domain.User)) *domain.User {
	t.Helper()
	u := &domain.User{Email: email, FirstName: "Hodan", LastName: "Ali", PasswordHash: "x", Role: domain.RoleCitizen, IsActive: true}
	if mod != nil {
		mod(u)
	}
	if err := s.CreateUser(context.Background(), u, store.Audit{Action: "user.create", Resource: "user"}); err != nil {
		t.Fatalf("create user: %v", err)
	}
	return u
}

func TestMigrateIsIdempotent(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		s := storetest.MustOpen(t, b)
		applied, err := s.Migrate(context.Background())
		if err != nil || len(applied) != 0 {
			t.Fatalf("second migrate applied %v, err %v", applied, err)
		}
	})
}

func TestUsers(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		s := storetest.MustOpen(t, b)
		u := mustUser(t, s, "Hodan@Example.so", func(u *domain.User) { u.Username = "hodan" })
		if u.Email != "hodan@example.so" {
			t.Fatalf("email not normalised: %q", u.Email)
		}
		got, err := s.UserByID(ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Email != u.Email || got.Role != domain.RoleCitizen || !got.IsActive || got.IsGuest || got.FirstName != "Hodan" {
			t.Fatalf("read back %+v", got)
		}
		if got.CreatedAt.IsZero() || !got.CreatedAt.Equal(u.CreatedAt) {
			t.Fatalf("created_at %v, want %v", got.CreatedAt, u.CreatedAt)
		}
		for _, login := range []string{"HODAN@example.so", "hodan"} {
			if byLogin, err := s.UserByLogin(ctx, login); err != nil || byLogin.ID != u.ID {
				t.Fatalf("UserByLogin(%q) = %v, %v", login, byLogin, err)
			}
		}
		if _, err := s.UserByID(ctx, store.NewID()); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("missing user: %v", err)
		}
		dup := &domain.User{Email: "hodan@EXAMPLE.so", PasswordHash: "y"}
		if err := s.CreateUser(ctx, dup, store.Audit{Action: "user.create", Resource: "user"}); domain.ErrorCode(err) != domain.ECONFLICT {
			t.Fatalf("duplicate email: %v", err)
		}
		audit, err := s.AuditLog(ctx, "user.create", 10)
		if err != nil || len(audit) != 1 || audit[0].ResourceID != u.ID {
			t.Fatalf("audit rows %+v, err %v (the failed insert must leave none)", audit, err)
		}
	})
}

func TestSchemaRefusesBadValues(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		s := storetest.MustOpen(t, b)
		bad := &domain.User{Email: "x@example.so", PasswordHash: "x", Role: "root"}
		if err := s.CreateUser(context.Background(), bad, store.Audit{Action: "user.create", Resource: "user"}); err == nil {
			t.Fatal("role outside the enumeration was stored")
		}
	})
}

func TestEnsureUserNeverOverwrites(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		s := storetest.MustOpen(t, b)
		first := &domain.User{Email: "admin@bank.so", PasswordHash: "one", Role: domain.RoleCBSLAdmin, IsActive: true}
		created, err := s.EnsureUser(ctx, first, store.Audit{Action: "user.bootstrap", Resource: "user"})
		if err != nil || !created {
			t.Fatalf("first ensure: %v %v", created, err)
		}
		second := &domain.User{Email: "ADMIN@bank.so", PasswordHash: "two", Role: domain.RoleCBSLAdmin}
		created, err = s.EnsureUser(ctx, second, store.Audit{Action: "user.bootstrap", Resource: "user"})
		if err != nil || created {
			t.Fatalf("second ensure: %v %v", created, err)
		}
		got, _ := s.UserByLogin(ctx, "admin@bank.so")
		if got.PasswordHash != "one" {
			t.Fatal("existing account was overwritten")
		}
	})
}

func TestSessions(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		s := storetest.MustOpen(t, b)
		now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
		s.SetClock(func() time.Time { return now })
		u := mustUser(t, s, "sess@example.so", nil)
		err := s.CreateSession(ctx, "sid-1", store.SessionData{UserID: u.ID, IPAddress: "10.0.0.1"}, now.Add(time.Hour),
			store.Audit{UserID: u.ID, Action: "auth.login", Resource: "session"})
		if err != nil {
			t.Fatal(err)
		}
		if got, err := s.SessionUser(ctx, "sid-1"); err != nil || got.ID != u.ID {
			t.Fatalf("SessionUser = %v, %v", got, err)
		}
		if _, err := s.SessionUser(ctx, "sid-unknown"); domain.ErrorCode(err) != domain.EUNAUTHORIZED {
			t.Fatalf("unknown sid: %v", err)
		}
		now = now.Add(2 * time.Hour)
		if _, err := s.SessionUser(ctx, "sid-1"); domain.ErrorCode(err) != domain.EUNAUTHORIZED {
			t.Fatalf("expired session accepted: %v", err)
		}
		if n, err := s.DeleteExpiredSessions(ctx); err != nil || n != 1 {
			t.Fatalf("DeleteExpiredSessions = %d, %v", n, err)
		}
		if err := s.DeleteSession(ctx, "sid-1", store.Audit{Action: "auth.logout", Resource: "session"}); err != nil {
			t.Fatal(err)
		}
		if rows, _ := s.AuditLog(ctx, "auth.logout", 10); len(rows) != 0 {
			t.Fatal("signing out of a session that is gone wrote an audit row")
		}
	})
}

func TestLoginFailuresWindow(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		s := storetest.MustOpen(t, b)
		now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
		s.SetClock(func() time.Time { return now })
		for i := 0; i < 3; i++ {
			if err := s.RecordLoginFailure(ctx, "a@example.so", "10.0.0.1", store.Audit{Action: "auth.login_failed", Resource: "session"}); err != nil {
				t.Fatal(err)
			}
			now = now.Add(time.Minute)
		}
		byEmail, byIP, err := s.LoginFailures(ctx, "a@example.so", "10.0.0.1", now.Add(-150*time.Second))
		if err != nil || byEmail != 2 || byIP != 2 {
			t.Fatalf("failures in window = %d, %d, %v; want 2, 2", byEmail, byIP, err)
		}
		if byEmail, _, _ := s.LoginFailures(ctx, "b@example.so", "10.0.0.2", now.Add(-time.Hour)); byEmail != 0 {
			t.Fatal("failures leaked to another email")
		}
	})
}

// TestGuestUnitsConcurrent: 100 concurrent reads by a guest with 10 units succeed exactly 10 times.
func TestGuestUnitsConcurrent(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		s := storetest.MustOpen(t, b)
		g := mustUser(t, s, "guest@example.so", func(u *domain.User) { u.IsGuest, u.GuestUnitsRemaining = true, 10 })
		var ok, refused atomic.Int32
		var wg sync.WaitGroup
		for i := 0; i < 100; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := s.ConsumeGuestUnit(ctx, g.ID)
				switch {
				case err == nil:
					ok.Add(1)
				case domain.ErrorCode(err) == domain.EFORBIDDEN:
					refused.Add(1)
				default:
					t.Errorf("unexpected error: %v", err)
				}
			}()
		}
		wg.Wait()
		if ok.Load() != 10 || refused.Load() != 90 {
			t.Fatalf("succeeded %d, refused %d; want 10 and 90", ok.Load(), refused.Load())
		}
		got, _ := s.UserByID(ctx, g.ID)
		if got.GuestUnitsRemaining != 0 {
			t.Fatalf("remaining %d", got.GuestUnitsRemaining)
		}
		nonGuest := mustUser(t, s, "citizen@example.so", func(u *domain.User) { u.GuestUnitsRemaining = 5 })
		if _, err := s.ConsumeGuestUnit(ctx, nonGuest.ID); domain.ErrorCode(err) != domain.EFORBIDDEN {
			t.Fatalf("a non-guest's units were consumed: %v", err)
		}
	})
}

func TestServerKeyStable(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		s := storetest.MustOpen(t, b)
		n := 0
		gen := func() (string, error) { n++; return fmt.Sprintf("key-%d", n), nil }
		k1, err := s.ServerKey(context.Background(), "jwt", gen)
		if err != nil {
			t.Fatal(err)
		}
		k2, _ := s.ServerKey(context.Background(), "jwt", gen)
		if k1 != "key-1" || k2 != k1 {
			t.Fatalf("keys %q then %q", k1, k2)
		}
	})
}
