package store_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// TestSQLiteStatisticsOneIndexAtATime: RefreshStatistics gathers the statistics of a grown SQLite
// table one index at a time, each between two groups of writes, never the whole table in one
// statement, and writes run between two: ANALYZE holds every write off while it runs, and PRAGMA
// optimize's analysis of the transfers' tables, once they held half a million rows, held every
// transfer for over half a second. A table that did not grow is left alone.
func TestSQLiteStatisticsOneIndexAtATime(t *testing.T) {
	s := storetest.MustOpen(t, storetest.Backends()[0]) // SQLite: PostgreSQL's ANALYZE blocks no write
	ctx := context.Background()
	if err := s.RefreshStatistics(ctx); err != nil {
		t.Fatal(err)
	}
	err := s.Write(ctx, func(tx *store.Tx) error {
		for i := range 3000 {
			if _, err := tx.InsertTransaction(ctx, onlineTransfer(fmt.Sprintf("TXN-ANALYZE-%05d", i), 100)); err != nil {
				return err
			}
		}
		// A table whose only index is partial is analyzed whole: a partial index's analysis
		// does not record the table's row count, and PRAGMA optimize would list it for ever.
		if _, err := tx.ExecContext(ctx, `CREATE TABLE scratch_partial (n INTEGER);
			CREATE INDEX scratch_partial_idx ON scratch_partial (n) WHERE n > 2990;
			INSERT INTO scratch_partial WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < 3000) SELECT n FROM k`); err != nil {
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	rows, err := s.DB().QueryContext(ctx, `SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'transactions'`)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		want = append(want, fmt.Sprintf(`ANALYZE "main".%q`, name))
	}
	if err := rows.Err(); err != nil || len(want) < 2 {
		t.Fatalf("indexes of transactions: %v (err %v)", want, err)
	}
	analyses, err := store.PlannedAnalyses(s, ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(analyses, `ANALYZE "main"."scratch_partial"`) || slices.Contains(analyses, `ANALYZE "main"."scratch_partial_idx"`) {
		t.Errorf("the table with a partial index only is not analyzed whole: %q", analyses)
	}
	for _, q := range append(want, `ANALYZE "main"."transactions"`) {
		if planned := slices.Contains(analyses, q); planned != (q != `ANALYZE "main"."transactions"`) {
			t.Errorf("%s planned: %v; the plan is %q", q, planned, analyses)
		}
	}
	if slices.Contains(analyses, `ANALYZE "main"."users"`) || slices.Contains(analyses, `ANALYZE "main"."users_page_idx"`) {
		t.Errorf("users did not grow, yet the plan analyzes it: %q", analyses)
	}
	// Between two analyses the writer is free: a write queued there commits.
	calls := 0
	err = store.AnalyzeSQLite(s, ctx, func(time.Duration) error {
		calls++
		done := make(chan error, 1)
		go func() {
			done <- s.Write(ctx, func(tx *store.Tx) error {
				_, err := tx.InsertTransaction(ctx, onlineTransfer(fmt.Sprintf("TXN-BETWEEN-%03d", calls), 100))
				return err
			})
		}()
		select {
		case err := <-done:
			return err
		case <-time.After(5 * time.Second):
			return fmt.Errorf("a write queued between two analyses did not commit within 5 s")
		}
	})
	if err != nil || calls != len(analyses) {
		t.Fatalf("%d writes between %d analyses (err %v)", calls, len(analyses), err)
	}
	// (An empty table stays listed: its analysis records no row count. It costs nothing.)
	grown := append(want, `ANALYZE "main"."scratch_partial"`)
	if analyses, err := store.PlannedAnalyses(s, ctx); err != nil || slices.ContainsFunc(grown, func(q string) bool { return slices.Contains(analyses, q) }) {
		t.Fatalf("after the refresh the plan is still %q (err %v): the statistics were not gathered", analyses, err)
	}
}
