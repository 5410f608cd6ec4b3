package store_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
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

// onlineTransfer is a completed online USD transfer between two wallets, for tests that only
// need a transaction to store.
func onlineTransfer(id string, amount domain.Minor) *store.NewTransaction {
	nt := &store.NewTransaction{}
	nt.TransactionID = id
	nt.Amount, nt.Currency, nt.Status, nt.Type = amount, domain.USD, "completed", "transfer"
	nt.TransferMode, nt.FlowType, nt.RiskLevel, nt.SettlementMode = "online", "P2P", "low", "real-time"
	nt.Sender, nt.Recipient = "+252650000001", "+252630000002"
	return nt
}

// holdWriter keeps the group writer busy until the returned function is called, so that the
// writes queued meanwhile run as one group; that function reports the holding write's error.
func holdWriter(s *store.Store) (release func() error) {
	started, released, done := make(chan struct{}), make(chan struct{}), make(chan error, 1)
	go func() {
		done <- store.WriteGrouped(s, context.Background(), func(context.Context, *store.Tx) error {
			close(started)
			<-released
			return nil
		})
	}()
	<-started
	return func() error {
		close(released)
		return <-done
	}
}

// waitQueued waits until n writes wait for the group writer.
func waitQueued(s *store.Store, n int) {
	for store.QueuedWrites(s) < n {
		time.Sleep(time.Millisecond)
	}
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

// TestSweepForgetsExpiredRegistrations: the sweep deletes a registration whose confirmation link
// has expired (its name, address and password hash are kept no longer than the link lives) and
// keeps one still waiting. It once ran its DELETE on SQLite's read-only pool and failed there
// every five minutes, keeping every expired registration.
func TestSweepForgetsExpiredRegistrations(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		s := storetest.MustOpen(t, b)
		now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
		s.SetClock(func() time.Time { return now })
		for i, ttl := range []time.Duration{time.Hour, 3 * time.Hour} {
			reg := store.Registration{Email: fmt.Sprintf("reg%d@example.so", i), FirstName: "Ayaan", LastName: "Cali",
				PasswordHash: "h", TokenHash: fmt.Sprintf("token-%d", i), ExpiresAt: now.Add(ttl)}
			if err := s.RequestRegistration(ctx, reg, store.Notification{Subject: "confirm"}, store.Notification{Subject: "existing"},
				store.Audit{Action: "user.register_requested"}); err != nil {
				t.Fatal(err)
			}
		}
		now = now.Add(2 * time.Hour)
		if err := s.DeleteExpiredRegistrations(ctx); err != nil {
			t.Fatal(err)
		}
		var left []string
		rows, err := s.DB().QueryContext(ctx, `SELECT email FROM registrations`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var e string
			if err := rows.Scan(&e); err != nil {
				t.Fatal(err)
			}
			left = append(left, e)
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		if len(left) != 1 || left[0] != "reg1@example.so" {
			t.Fatalf("registrations left after the sweep: %v, want only reg1@example.so", left)
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

// TestAggregatesFollowCommits: the statistics and analytics count exactly the transactions that
// committed, when many writes run at once (grouped into shared commits on SQLite) and some of
// them fail after inserting their transaction.
// TestAggregatesFollowCommits: concurrent writes, some refused after an insert and some failing
// in the database, half through the transfers' group commit: only what committed is stored and
// counted.
func TestAggregatesFollowCommits(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		s := storetest.MustOpen(t, b)
		day := time.Date(2026, 3, 14, 10, 0, 0, 0, time.UTC)
		var wg sync.WaitGroup
		var committed, amount atomic.Int64
		for i := range 120 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				refuse, broken := i%6 == 0 || i%6 == 1, i%6 == 2 || i%6 == 3
				write := s.Write
				if i%2 == 1 {
					write = func(ctx context.Context, fn func(*store.Tx) error) error {
						return store.WriteGrouped(s, ctx, func(_ context.Context, tx *store.Tx) error { return fn(tx) })
					}
				}
				newTx := func(id string) *store.NewTransaction {
					nt := onlineTransfer(id, domain.Minor(100+i))
					nt.SenderInstitution, nt.CreatedAt = "Waafi", day
					return nt
				}
				err := write(ctx, func(tx *store.Tx) error {
					if _, err := tx.InsertTransaction(ctx, newTx(fmt.Sprintf("TXN-AGG-%03d", i))); err != nil {
						return err
					}
					if refuse {
						return domain.E(domain.EINVALID, domain.CodeFieldsInvalid)
					}
					if broken { // a statement the database refuses (status outside its CHECK)
						bad := newTx(fmt.Sprintf("TXN-BAD-%03d", i))
						bad.Status = "lost"
						_, err := tx.InsertTransaction(ctx, bad)
						return err
					}
					return nil
				})
				switch {
				case refuse && domain.ErrorCode(err) != domain.EINVALID:
					t.Errorf("write %d: want the refusal, got %v", i, err)
				case broken && err == nil:
					t.Errorf("write %d: a status outside the CHECK was stored", i)
				case !refuse && !broken && err != nil:
					t.Errorf("write %d: %v", i, err)
				case !refuse && !broken:
					committed.Add(1)
					amount.Add(int64(100 + i))
				}
			}()
		}
		wg.Wait()
		spread := func() (n int) {
			if err := s.DB().QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM transaction_stats WHERE bucket > 0)
				+ (SELECT COUNT(*) FROM analytics_daily WHERE bucket > 0)`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		check := func(when string) {
			t.Helper()
			var stored int64
			if err := s.DB().QueryRowContext(ctx, `SELECT COUNT(*) FROM transactions`).Scan(&stored); err != nil || stored != committed.Load() {
				t.Fatalf("%s: %d transactions stored (err %v), want the %d committed", when, stored, err, committed.Load())
			}
			sum, err := s.Summary(ctx)
			if err != nil || sum.TotalTransactions != committed.Load() {
				t.Fatalf("%s: summary counts %v (err %v), want %d", when, sum.TotalTransactions, err, committed.Load())
			}
			rows, err := s.Analytics(ctx, day, day.AddDate(0, 0, 1), "")
			if err != nil || len(rows) != 1 {
				t.Fatalf("%s: analytics rows %+v, err %v; want one group", when, rows, err)
			}
			if rows[0].Count != committed.Load() || int64(rows[0].Amount) != amount.Load() || rows[0].Operator != "Waafi" {
				t.Fatalf("%s: analytics %+v, want %d transactions of %d minor units", when, rows[0], committed.Load(), amount.Load())
			}
		}
		check("written")
		// PostgreSQL spreads concurrent writes over buckets; folding the past days back into
		// bucket 0 changes no total. SQLite keeps one bucket.
		if n := spread(); (b.Name == "postgres") != (n > 0) {
			t.Fatalf("%d aggregate rows outside bucket 0 on %s", n, b.Name)
		}
		if err := s.CompactAggregates(ctx, day.AddDate(0, 0, 1)); err != nil {
			t.Fatal(err)
		}
		if n := spread(); n != 0 {
			t.Fatalf("%d aggregate rows outside bucket 0 after compaction", n)
		}
		check("compacted")
		if err := s.RepackAggregates(ctx); err != nil {
			t.Fatal(err)
		}
		check("repacked")
	})
}

// TestGroupedWriteOutlivesItsRequest: a transfer whose request ends while its group runs still
// runs to its end, and the writes grouped with it are not hurt (on PostgreSQL a statement
// cancelled midway would take the group's connection down with it).
func TestGroupedWriteOutlivesItsRequest(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		s := storetest.MustOpen(t, b)
		var wg sync.WaitGroup
		for i := range 40 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ctx, cancel := context.WithCancel(context.Background())
				err := store.WriteGrouped(s, ctx, func(ctx context.Context, tx *store.Tx) error {
					if i%2 == 0 {
						cancel() // the client hangs up
					}
					_, err := tx.InsertTransaction(ctx, onlineTransfer(fmt.Sprintf("TXN-GONE-%03d", i), 100))
					return err
				})
				cancel()
				if err != nil {
					t.Errorf("write %d: %v", i, err)
				}
			}()
		}
		wg.Wait()
		var n int
		if err := s.DB().QueryRow(`SELECT COUNT(*) FROM transactions`).Scan(&n); err != nil || n != 40 {
			t.Fatalf("%d transactions stored (err %v), want 40", n, err)
		}
	})
}

// TestDeferTransactionIndexes: a bulk load without the search indexes ends with every one of
// them rebuilt, and the loaded rows counted and searchable.
func TestDeferTransactionIndexes(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		s := storetest.MustOpen(t, b)
		dateIndex, amountIndex := "transactions_created_id_idx", "transactions_amount_idx"
		if b.Name == "sqlite" {
			dateIndex, amountIndex = "transactions_created_id_amount_idx", "transactions_amount_page_idx" // migration 0017
		}
		d, err := s.DeferTransactionIndexes(ctx)
		if err != nil || !slices.Contains(d.Names, dateIndex) || !slices.Contains(d.Names, amountIndex) {
			t.Fatalf("deferred %v, err %v", d, err)
		}
		if again, err := s.DeferTransactionIndexes(ctx); err != nil || len(again.Names) != 0 {
			t.Fatalf("indexes left while deferred: %v, err %v", again, err)
		}
		var rows []*store.NewTransaction
		for i := range 500 {
			nt := onlineTransfer(fmt.Sprintf("TXN-BULK-%04d", i), domain.Minor(1000+i))
			nt.Sender, nt.Recipient = fmt.Sprintf("+25265%07d", i), "+252630000001"
			nt.CreatedAt = time.Date(2026, 5, 1, 0, 0, i, 0, time.UTC)
			rows = append(rows, nt)
		}
		if err := s.BulkLoad(ctx, rows); err != nil {
			t.Fatal(err)
		}
		if err := d.Restore(ctx); err != nil {
			t.Fatal(err)
		}
		after, err := s.DeferTransactionIndexes(ctx)
		if err != nil || !slices.Equal(after.Names, d.Names) {
			t.Fatalf("rebuilt %v, want %v (err %v)", after, d.Names, err)
		}
		if err := after.Restore(ctx); err != nil {
			t.Fatal(err)
		}
		sum, err := s.Summary(ctx)
		if err != nil || sum.TotalTransactions != 500 {
			t.Fatalf("summary %v, err %v", sum.TotalTransactions, err)
		}
		page, err := s.SearchTransactions(ctx, store.TxScope{}, store.TxFilter{AmountMin: 1490}, nil, 50)
		if err != nil || len(page.Items) != 10 || page.Items[0].TransactionID != "TXN-BULK-0499" {
			t.Fatalf("search found %d rows, err %v", len(page.Items), err)
		}
	})
}

// TestSearchAmountRanges: a broad amount range (found by walking the dates on SQLite) and a
// narrow one (sorted in the amount index) page through exactly their matches, newest first, none
// twice, with many rows sharing a timestamp.
func TestSearchAmountRanges(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		s := storetest.MustOpen(t, b)
		var rows []*store.NewTransaction
		for i := range 24_000 {
			nt := onlineTransfer(fmt.Sprintf("TXN-AMT-%05d", i), domain.Minor(100+i*7919%24_000))
			nt.Sender, nt.Recipient = fmt.Sprintf("+25265%07d", i), "+252630000001"
			nt.CreatedAt = time.Date(2026, 5, 1, 0, 0, i/3, 0, time.UTC)
			rows = append(rows, nt)
		}
		if err := s.BulkLoad(ctx, rows); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			min, max domain.Minor
			want     int
		}{{100, 22_000, 21_901}, {5_000, 5_100, 101}, {23_990, 0, 110}, {0, 199, 100}} {
			f := store.TxFilter{AmountMin: c.min, AmountMax: c.max}
			seen := map[string]bool{}
			var after *store.Cursor
			var last *store.Transaction
			for {
				page, err := s.SearchTransactions(ctx, store.TxScope{}, f, after, 500)
				if err != nil {
					t.Fatal(err)
				}
				for _, tx := range page.Items {
					if tx.Amount < c.min || (c.max > 0 && tx.Amount > c.max) || seen[tx.ID] {
						t.Fatalf("range %d–%d: %s (amount %d) out of range or repeated", c.min, c.max, tx.TransactionID, tx.Amount)
					}
					if last != nil && (tx.CreatedAt.After(last.CreatedAt) || tx.CreatedAt.Equal(last.CreatedAt) && tx.ID >= last.ID) {
						t.Fatalf("range %d–%d: %s after %s breaks the newest-first order", c.min, c.max, tx.TransactionID, last.TransactionID)
					}
					seen[tx.ID], last = true, tx
				}
				if after = page.Next; after == nil {
					break
				}
			}
			if len(seen) != c.want {
				t.Errorf("range %d–%d: %d matches, want %d", c.min, c.max, len(seen), c.want)
			}
		}
	})
}

// TestAMLHistoryFromStore: the history the rules see comes from the stored transactions: what a
// sender sent (velocity), what it received just before (pass-through) and when its number first
// appeared as sender or as recipient (new wallet).
func TestAMLHistoryFromStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		s := storetest.MustOpen(t, b)
		now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
		n := 0
		record := func(sender, recipient string, usd int64, at time.Time) domain.AMLResult {
			t.Helper()
			n++
			nt := onlineTransfer(fmt.Sprintf("TXN-HIST-%03d", n), domain.Minor(usd*100))
			nt.Sender, nt.Recipient, nt.CreatedAt = sender, recipient, at
			var rec store.Recorded
			if err := s.Write(ctx, func(tx *store.Tx) (err error) {
				rec, err = tx.RecordTransaction(ctx, nt, store.Scoring{Thresholds: domain.DefaultAMLThresholds()})
				return err
			}); err != nil {
				t.Fatal(err)
			}
			return rec.AML
		}
		fired := func(aml domain.AMLResult, rule string) bool {
			return slices.ContainsFunc(aml.Rules, func(h domain.RuleHit) bool { return h.Rule == rule })
		}
		const other = "+252630000009"
		// Received 600 USD ten minutes ago, sends 600 on: pass-through.
		record(other, "+252650000001", 600, now.Add(-10*time.Minute))
		if aml := record("+252650000001", other, 600, now); !fired(aml, domain.RulePassThrough) {
			t.Errorf("pass-through did not fire: %+v", aml.Rules)
		}
		// Received twenty minutes ago, outside the 15-minute window: no pass-through.
		record(other, "+252650000002", 600, now.Add(-20*time.Minute))
		if aml := record("+252650000002", other, 600, now); fired(aml, domain.RulePassThrough) {
			t.Errorf("pass-through fired outside its window: %+v", aml.Rules)
		}
		// Ten transfers within the hour: velocity on the tenth, not before.
		for i := range 9 {
			if aml := record("+252650000003", other, 5, now.Add(time.Duration(i-50)*time.Minute)); fired(aml, domain.RuleVelocity) {
				t.Fatalf("velocity fired on transfer %d", i+1)
			}
		}
		if aml := record("+252650000003", other, 5, now); !fired(aml, domain.RuleVelocity) {
			t.Errorf("velocity did not fire on the tenth transfer: %+v", aml.Rules)
		}
		// 6,000 USD from a number never seen: new wallet. From numbers first seen three days ago,
		// as sender or as recipient: not new.
		if aml := record("+252650000004", other, 6000, now); !fired(aml, domain.RuleNewWalletVolume) {
			t.Errorf("new wallet did not fire for an unseen number: %+v", aml.Rules)
		}
		record("+252650000005", other, 5, now.Add(-72*time.Hour))
		record(other, "+252650000006", 5, now.Add(-72*time.Hour))
		for _, old := range []string{"+252650000005", "+252650000006"} {
			if aml := record(old, other, 6000, now); fired(aml, domain.RuleNewWalletVolume) {
				t.Errorf("new wallet fired for %s, first seen three days ago: %+v", old, aml.Rules)
			}
		}
	})
}

// TestIdempotentTransfersInOneGroup: requests with one idempotency key queued behind a busy
// writer run in one group; the first makes the transfer, the others replay its answer, which on
// PostgreSQL is still queued to go out before the commit until they need it.
func TestIdempotentTransfersInOneGroup(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		s := storetest.MustOpen(t, b)
		u := mustUser(t, s, "idem@example.so", nil)
		release := holdWriter(s)
		const n = 10
		results := make([]*store.TransferResult, n)
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				w := &store.TransferWrite{IdempotencyKey: "k-1", RequestHash: "h-1", UserID: u.ID,
					Scoring: store.Scoring{Thresholds: domain.DefaultAMLThresholds()},
					Audit:   store.Audit{UserID: u.ID},
					Respond: func(t *store.NewTransaction, _ domain.AMLResult) ([]byte, error) {
						return []byte(`{"transactionId":"` + t.TransactionID + `"}`), nil
					}}
				w.Tx = *onlineTransfer(fmt.Sprintf("TXN-IDEM-%02d", i), 2000)
				results[i], errs[i] = s.CreateTransfer(ctx, w)
			}()
		}
		waitQueued(s, n)
		if err := release(); err != nil {
			t.Fatal(err)
		}
		wg.Wait()
		replayed := 0
		for i := range n {
			if errs[i] != nil {
				t.Fatalf("request %d: %v", i, errs[i])
			}
			if string(results[i].Response) != string(results[0].Response) {
				t.Fatalf("request %d answered %s, request 0 %s", i, results[i].Response, results[0].Response)
			}
			if results[i].Replayed {
				replayed++
			}
		}
		var stored int
		if err := s.DB().QueryRowContext(ctx, `SELECT COUNT(*) FROM transactions`).Scan(&stored); err != nil || stored != 1 || replayed != n-1 {
			t.Fatalf("%d transactions stored (err %v), %d answers replayed; want 1 and %d", stored, err, replayed, n-1)
		}
	})
}

// TestFailingTransferFailsAlone: a transfer that fails in a group (here it replays an
// idempotency key with another body) fails alone, and every other transfer of its group is
// stored once, with its log and audit rows. Such a group first runs without a savepoint around
// each write, then, once one fails, again with them (runGroup).
func TestFailingTransferFailsAlone(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		s := storetest.MustOpen(t, b)
		u := mustUser(t, s, "alone@example.so", nil)
		transfer := func(id, key, hash string) (*store.TransferResult, error) {
			w := &store.TransferWrite{IdempotencyKey: key, RequestHash: hash, UserID: u.ID,
				Scoring: store.Scoring{Thresholds: domain.DefaultAMLThresholds()},
				Audit:   store.Audit{UserID: u.ID},
				Respond: func(t *store.NewTransaction, _ domain.AMLResult) ([]byte, error) {
					return []byte(t.TransactionID), nil
				}}
			w.Tx = *onlineTransfer(id, 2000)
			return s.CreateTransfer(ctx, w)
		}
		if _, err := transfer("TXN-ALONE-FIRST", "used", "h-1"); err != nil {
			t.Fatal(err)
		}
		// The seven below queue while the writer is held, so they run as one group.
		const n = 7
		release := holdWriter(s)
		results, errs := make([]*store.TransferResult, n), make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if i == n/2 {
					results[i], errs[i] = transfer("TXN-ALONE-REUSED", "used", "h-2")
					return
				}
				results[i], errs[i] = transfer(fmt.Sprintf("TXN-ALONE-%d", i), fmt.Sprintf("k-%d", i), "h")
			}()
			waitQueued(s, i+1) // queued in this order, so the failing one sits in the middle
		}
		if err := release(); err != nil {
			t.Fatal(err)
		}
		wg.Wait()
		for i := range n {
			if i == n/2 {
				var de *domain.Error
				if !errors.As(errs[i], &de) || de.Reason != domain.CodeIdempotencyKeyReused {
					t.Errorf("the reused key: %v, want %s", errs[i], domain.CodeIdempotencyKeyReused)
				}
				continue
			}
			if want := fmt.Sprintf("TXN-ALONE-%d", i); errs[i] != nil || string(results[i].Response) != want {
				t.Errorf("transfer %d: %v, answer %v; want %s", i, errs[i], results[i], want)
			}
		}
		for table, want := range map[string]int{"transactions": n, "transaction_logs": n,
			"audit_logs WHERE action = 'transaction.transfer'": n} {
			var got int
			if err := s.DB().QueryRowContext(ctx, `SELECT COUNT(*) FROM `+table).Scan(&got); err != nil || got != want {
				t.Errorf("%s: %d rows (err %v), want %d: the first transfer and the group's six", table, got, err, want)
			}
		}
		var reused, unanswered int
		if err := s.DB().QueryRowContext(ctx, `SELECT COUNT(*) FROM transactions WHERE transaction_id = 'TXN-ALONE-REUSED'`).Scan(&reused); err != nil || reused != 0 {
			t.Errorf("the refused transfer was stored %d times (err %v)", reused, err)
		}
		if err := s.DB().QueryRowContext(ctx, `SELECT COUNT(*) FROM idempotency_keys WHERE response IS NULL`).Scan(&unanswered); err != nil || unanswered != 0 {
			t.Errorf("%d idempotency keys kept without their answer (err %v)", unanswered, err)
		}
	})
}

// TestQueuedStatementFailureFailsItsWrite: a write whose queued statement fails is not stored,
// even when a later write of its group sends that statement early (on PostgreSQL the statements
// then run inside the later write's savepoint, and rolling that back alone would commit the
// earlier write without them); every write's answer matches what was stored.
func TestQueuedStatementFailureFailsItsWrite(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		s := storetest.MustOpen(t, b)
		insert := func(tx *store.Tx, id string) error {
			_, err := tx.InsertTransaction(ctx, onlineTransfer(id, 100))
			return err
		}
		release := holdWriter(s)
		var errA, errB error
		var wg sync.WaitGroup
		wg.Add(2)
		go func() {
			defer wg.Done()
			errA = store.WriteGrouped(s, ctx, func(ctx context.Context, tx *store.Tx) error {
				if err := insert(tx, "TXN-Q-A"); err != nil {
					return err
				}
				if err := store.ExecLater(tx, ctx, `UPDATE transactions SET status = 'failed' WHERE transaction_id = 'TXN-Q-A'`); err != nil {
					return err
				}
				return store.ExecLater(tx, ctx, `UPDATE transactions SET status = 'lost' WHERE transaction_id = 'TXN-Q-A'`)
			})
		}()
		waitQueued(s, 1)
		go func() {
			defer wg.Done()
			errB = store.WriteGrouped(s, ctx, func(ctx context.Context, tx *store.Tx) error {
				if err := insert(tx, "TXN-Q-B"); err != nil {
					return err
				}
				return store.FlushGroup(tx, ctx)
			})
		}()
		waitQueued(s, 2)
		if err := release(); err != nil {
			t.Fatal(err)
		}
		wg.Wait()
		stored := func(id string) bool {
			var n int
			if err := s.DB().QueryRowContext(ctx, `SELECT COUNT(*) FROM transactions WHERE transaction_id = $1`, id).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n == 1
		}
		if errA == nil || stored("TXN-Q-A") {
			t.Fatalf("a write whose queued statement failed: err %v, stored %v", errA, stored("TXN-Q-A"))
		}
		if (errB == nil) != stored("TXN-Q-B") {
			t.Fatalf("the later write answered %v, stored %v", errB, stored("TXN-Q-B"))
		}
	})
}

// TestPanickedWriteLeavesNoOpenTransaction: on PostgreSQL a write's transaction is begun with a
// BEGIN on a pooled connection, which database/sql does not know is in a transaction; a write that
// panics midway must not hand that connection, still inside it, to the next writes (which would
// then commit the half-done write). pgx's stdlib discards a returned connection that is not idle.
func TestPanickedWriteLeavesNoOpenTransaction(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		if b.Name == "sqlite" {
			return // SQLite's writes run on the writer goroutine; this is PostgreSQL's pooled path
		}
		s := storetest.MustOpen(t, b)
		ctx := context.Background()
		func() {
			defer func() {
				if recover() == nil {
					t.Fatal("the write did not panic")
				}
			}()
			_ = s.Write(ctx, func(tx *store.Tx) error {
				if _, err := tx.InsertTransaction(ctx, onlineTransfer("TXN-PANIC-1", 100)); err != nil {
					return err
				}
				panic("a bug midway through a write")
			})
		}()
		for i := range 12 { // more writes than the pool has connections
			err := s.Write(ctx, func(tx *store.Tx) error {
				_, err := tx.InsertTransaction(ctx, onlineTransfer(fmt.Sprintf("TXN-AFTER-%02d", i), 100))
				return err
			})
			if err != nil {
				t.Fatalf("write %d after the panic: %v", i, err)
			}
		}
		var all, panicked int
		if err := s.DB().QueryRow(`SELECT COUNT(*), COUNT(*) FILTER (WHERE transaction_id = 'TXN-PANIC-1') FROM transactions`).Scan(&all, &panicked); err != nil {
			t.Fatal(err)
		}
		if all != 12 || panicked != 0 {
			t.Fatalf("%d transactions stored, %d of them the panicked write's; want 12 and 0", all, panicked)
		}
	})
}
