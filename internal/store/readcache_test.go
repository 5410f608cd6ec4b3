package store_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// TestCachedReadsFollowWrites: the account behind a token is read once and then kept (every
// request reads it), but a Write that revokes the token or deactivates the account is seen by the
// very next read, on this instance and, through PostgreSQL's notification, on another one; a
// change made around the portal is seen once the cache's time runs out.
func TestCachedReadsFollowWrites(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		url := b.URL(t)
		a := storetest.MustOpenURL(t, url)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		instances := []*store.Store{a}
		if b.Name != "sqlite" { // one SQLite file has one portal
			other := storetest.MustOpenURL(t, url)
			store.SetReadCacheTTL(other, time.Hour) // only the notification can refresh it
			go other.ListenAlerts(ctx, slog.New(slog.DiscardHandler))
			<-other.AlertsReady()
			instances = append(instances, other)
		}
		u := mustUser(t, a, "cached@example.so", nil)
		token := func() string {
			id := store.NewID()
			now := a.Now()
			if err := a.RecordToken(ctx, store.TokenRecord{ID: id, UserID: u.ID, IssuedAt: now, ExpiresAt: now.Add(time.Hour)},
				store.Audit{}); err != nil {
				t.Fatal(err)
			}
			return id
		}
		seen := func(s *store.Store, id string) bool {
			got, err := s.TokenUser(ctx, id, u.ID)
			if err != nil && domain.ErrorCode(err) != domain.EUNAUTHORIZED {
				t.Fatal(err)
			}
			return err == nil && got.ID == u.ID
		}
		eventually := func(s *store.Store, id string, want bool) bool {
			for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
				if seen(s, id) == want {
					return true
				}
			}
			return false
		}

		revoked := token()
		for i, s := range instances {
			if !seen(s, revoked) {
				t.Fatalf("instance %d: a live token refused", i)
			}
		}
		if err := a.RevokeToken(ctx, u.ID, revoked, "test", store.Audit{}); err != nil {
			t.Fatal(err)
		}
		if seen(a, revoked) {
			t.Fatal("the instance that revoked the token still accepts it")
		}
		for i, s := range instances[1:] {
			if !eventually(s, revoked, false) {
				t.Fatalf("instance %d still accepts the revoked token after 5 s", i+1)
			}
		}

		// Around the portal: no Write, so only the cache's time makes it stale.
		around := token()
		if !seen(a, around) {
			t.Fatal("a live token refused")
		}
		if _, err := rawDB(t, b, url).ExecContext(ctx, `UPDATE api_tokens SET revoked_at = expires_at WHERE id = $1`, around); err != nil {
			t.Fatal(err)
		}
		if !eventually(a, around, false) {
			t.Fatal("a token revoked in the database is still accepted after 5 s")
		}
	})
}
