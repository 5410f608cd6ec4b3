package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// TestHistoryKeptVisible: once more rows than the lag went into transactions since its last
// VACUUM, KeepHistoryVisible vacuums the table, whether or not PostgreSQL's autovacuum runs (it is
// off on the machine the performance figures come from), and a table that took fewer rows is left
// alone. Without it the AML history read fetched every row it counts from the table
// (TestAMLHistoryReadsOnlyIndexes shows the index-only plan once the pages are marked).
func TestHistoryKeptVisible(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		s := storetest.MustOpen(t, b)
		ctx := context.Background()
		if b.Name == "sqlite" { // covering indexes need no visibility map there
			if err := s.KeepHistoryVisible(ctx); err != nil {
				t.Fatal(err)
			}
			return
		}
		defer store.SetHistoryVacuumLag(5_000)()
		counts := func() (vacuums, inserted int64) {
			t.Helper()
			transactionsCounters(t, s, "vacuum_count, n_ins_since_vacuum", &vacuums, &inserted)
			return vacuums, inserted
		}
		var loaded int64 // since the last VACUUM
		load := func(prefix string, n int) {
			t.Helper()
			loaded += int64(n)
			if err := s.BulkLoad(ctx, historyRows(prefix, time.Now().UTC())[:n]); err != nil {
				t.Fatal(err)
			}
			awaitTransactionsCounter(t, s, "n_ins_since_vacuum", loaded)
		}

		load("TXN-VIS-A", 4_000) // under the lag: left alone
		was, _ := counts()
		if err := s.KeepHistoryVisible(ctx); err != nil {
			t.Fatal(err)
		}
		if n, _ := counts(); n != was {
			t.Fatalf("transactions vacuumed %d times after 4,000 inserts, want none (lag 5,000)", n-was)
		}

		load("TXN-VIS-B", 6_000) // 10,000 since the last VACUUM: past the lag
		if err := s.KeepHistoryVisible(ctx); err != nil {
			t.Fatal(err)
		}
		if n, inserted := counts(); n != was+1 || inserted != 0 {
			t.Fatalf("after 10,000 inserts transactions was vacuumed %d times with %d inserts left counted, want once and 0", n-was, inserted)
		}
	})
}

// transactionsCounters reads columns of PostgreSQL's cumulative statistics of transactions
// (pg_stat_user_tables) into dest.
func transactionsCounters(t *testing.T, s *store.Store, columns string, dest ...any) {
	t.Helper()
	if err := s.DB().QueryRowContext(context.Background(), `SELECT `+columns+` FROM pg_stat_user_tables
		WHERE schemaname = current_schema() AND relname = 'transactions'`).Scan(dest...); err != nil {
		t.Fatal(err)
	}
}

// awaitTransactionsCounter waits until the counter column of transactions' cumulative
// statistics reaches want: PostgreSQL publishes them shortly after a commit, not with it.
func awaitTransactionsCounter(t *testing.T, s *store.Store, column string, want int64) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		var n int64
		if transactionsCounters(t, s, column, &n); n >= want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("PostgreSQL counted %s = %d after 20 s, want at least %d", column, n, want)
		}
	}
}
