package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// TestAMLHistoryReadsOnlyIndexes: every transfer reads its sender's history, and each of the
// read's four parts is answered from the sender or recipient index alone (migration 0039), never
// from the table's rows, which on a grown database sit on pages mostly out of the cache. SQLite
// says so in its plan ("USING COVERING INDEX"); PostgreSQL plans index-only scans once VACUUM has
// marked the pages all-visible, as autovacuum does in production.
func TestAMLHistoryReadsOnlyIndexes(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		s := storetest.MustOpen(t, b)
		ctx := context.Background()
		now := time.Now().UTC()
		if err := s.BulkLoad(ctx, historyRows("TXN-COVER", now)); err != nil {
			t.Fatal(err)
		}
		explain, want := "EXPLAIN QUERY PLAN ", regexp.MustCompile(`USING COVERING INDEX transactions_(sender|recipient)_created_idx`)
		if b.Name == "sqlite" {
			if err := s.RefreshStatistics(ctx); err != nil {
				t.Fatal(err)
			}
		} else {
			explain, want = "EXPLAIN ", regexp.MustCompile(`Index Only Scan (Backward )?using transactions_(sender|recipient)_created_idx`)
			allVisible(t, s)
		}
		q := store.AMLHistoryQuery(s)
		if b.Name != "sqlite" { // EXPLAIN takes no parameters on PostgreSQL: the values a transfer binds
			q = strings.NewReplacer("$1", "'+252650000042'",
				"$2", "'"+now.Add(-30*24*time.Hour).Format(time.RFC3339Nano)+"'",
				"$3", "'"+now.Add(-24*time.Hour).Format(time.RFC3339Nano)+"'").Replace(q)
		}
		var args []any
		if b.Name == "sqlite" {
			args = []any{"+252650000042", now.Add(-30 * 24 * time.Hour), now.Add(-24 * time.Hour)}
		}
		plan := planLines(t, s.DB(), explain+q, args...)
		var reads, covered []string
		read := regexp.MustCompile(`(SEARCH|SCAN|Scan .*on) transactions\b`)
		for _, line := range plan {
			if read.MatchString(line) {
				reads = append(reads, line)
				if want.MatchString(line) {
					covered = append(covered, line)
				}
			}
		}
		if len(reads) != 4 || len(covered) != 4 {
			t.Errorf("the history reads transactions in %d parts, %d of them from an index alone, want 4 and 4:\n%s",
				len(reads), len(covered), strings.Join(plan, "\n"))
		}
	})
}

// allVisible vacuums transactions until every page is marked all-visible, as autovacuum leaves a
// table that stopped changing. The test packages share one database, and VACUUM marks no page
// whose rows a transaction open anywhere in it might still not see, so a single VACUUM beside
// another package's open transaction left pages unmarked, and PostgreSQL then rightly chose to
// read the table (a bitmap heap scan): a failure that said nothing about the indexes.
func allVisible(t *testing.T, s *store.Store) {
	t.Helper()
	ctx := context.Background()
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(200 * time.Millisecond) {
		if _, err := s.DB().ExecContext(ctx, "VACUUM ANALYZE transactions"); err != nil {
			t.Fatal(err)
		}
		var done bool
		if err := s.DB().QueryRowContext(ctx, `SELECT relallvisible >= relpages FROM pg_class
			WHERE oid = 'transactions'::regclass`).Scan(&done); err != nil {
			t.Fatal(err)
		}
		if done {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("transactions' pages are still not all-visible after a minute of VACUUM")
		}
	}
}

// planLines is the plan's text, a line per step. SQLite's EXPLAIN QUERY PLAN has four columns,
// the step's text last; PostgreSQL's EXPLAIN has one. db is the read pool, or one connection
// for a plan that depends on it (a prepared statement's).
func planLines(t *testing.T, db interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}, query string, args ...any) []string {
	t.Helper()
	rows, err := db.QueryContext(context.Background(), query, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		switch v := vals[len(vals)-1].(type) {
		case []byte:
			out = append(out, string(v))
		default:
			out = append(out, fmt.Sprint(v))
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
