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
			if err := s.DB().QueryRowContext(ctx, `SELECT vacuum_count, n_ins_since_vacuum FROM pg_stat_user_tables
				WHERE schemaname = current_schema() AND relname = 'transactions'`).Scan(&vacuums, &inserted); err != nil {
				t.Fatal(err)
			}
			return vacuums, inserted
		}
		var loaded int64 // since the last VACUUM
		load := func(prefix string, n int) {
			t.Helper()
			loaded += int64(n)
			if err := s.BulkLoad(ctx, historyRows(prefix, time.Now().UTC())[:n]); err != nil {
				t.Fatal(err)
			}
			// The cumulative statistics reach pg_stat_user_tables shortly after the commit.
			for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
				if _, inserted := counts(); inserted >= loaded {
					return
				}
				if time.Now().After(deadline) {
					t.Fatalf("PostgreSQL did not count %d inserted rows after 20 s", loaded)
				}
			}
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
