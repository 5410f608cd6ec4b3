package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// Token records: accepted while unrevoked and unexpired, listed a day past expiry, then swept.
func TestTokenRecordsExpireAndAreSwept(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		s := storetest.MustOpen(t, b)
		ctx := context.Background()
		now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
		s.SetClock(func() time.Time { return now })
		u := mustUser(t, s, "a@example.so", nil)
		record := func(issued time.Time, ttl time.Duration) string {
			id := store.NewID()
			if err := s.RecordToken(ctx, store.TokenRecord{ID: id, UserID: u.ID, IssuedAt: issued, ExpiresAt: issued.Add(ttl)},
				store.Audit{}); err != nil {
				t.Fatal(err)
			}
			return id
		}
		live := record(now, 8*time.Hour)
		recent := record(now.Add(-9*time.Hour), 8*time.Hour) // expired an hour ago
		old := record(now.Add(-40*time.Hour), 8*time.Hour)   // expired 32 hours ago

		if got, err := s.TokenUser(ctx, live, u.ID); err != nil || got.ID != u.ID {
			t.Fatalf("live token: %v %v", got, err)
		}
		for name, id := range map[string]string{"expired": recent, "not a uuid": "x"} {
			if _, err := s.TokenUser(ctx, id, u.ID); domain.ErrorCode(err) != domain.EUNAUTHORIZED {
				t.Errorf("%s token: %v", name, err)
			}
		}
		if _, err := s.TokenUser(ctx, live, store.NewID()); domain.ErrorCode(err) != domain.EUNAUTHORIZED {
			t.Errorf("token presented for another account: %v", err)
		}
		list, err := s.UserTokens(ctx, u.ID)
		if err != nil || len(list) != 2 || list[0].ID != live || list[1].ID != recent {
			t.Fatalf("listed %+v, %v", list, err)
		}
		n, err := s.DeleteExpiredTokens(ctx)
		if err != nil || n != 1 {
			t.Fatalf("swept %d, %v; want the one expired more than a day ago (%s)", n, err, old)
		}
		if err := s.RevokeToken(ctx, u.ID, live, "test", store.Audit{}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.TokenUser(ctx, live, u.ID); domain.ErrorCode(err) != domain.EUNAUTHORIZED {
			t.Fatalf("revoked token accepted: %v", err)
		}
	})
}
