package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// TestPlansFollowGrowth: a portal that starts on an empty PostgreSQL database prepares its hot
// statements while the tables are empty. PostgreSQL's default plan cache then switches each one to
// a generic plan after five runs (on empty tables every plan looks cheap: a sequential scan), and
// a connection kept it while the table grew, as long as statistics did not change, which
// autovacuum may not do in time (docs/PERFORMANCE.md, "Growth in one process"). Pooled
// connections are renewed after a bounded lifetime, so every statement's plan is chosen again on
// the data as it has grown. The pool is narrowed to one connection so the test can read that
// connection's plan cache.
func TestPlansFollowGrowth(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		if b.Name != "postgres" {
			t.Log("SQLite plans its prepared statements itself (sqlAMLHistorySQLite)")
			return
		}
		defer store.SetPostgresConnLifetime(time.Second)()
		s := storetest.MustOpen(t, b)
		s.DB().SetMaxOpenConns(1)
		plansFollowGrowth(t, s)
	})
}

func plansFollowGrowth(t *testing.T, s *store.Store) {
	ctx := context.Background()
	db := s.DB()
	now := time.Now().UTC()
	history := func(sender string) {
		t.Helper()
		rows, err := db.QueryContext(ctx, store.SQLAMLHistory, sender, now.Add(-30*24*time.Hour), now.Add(-24*time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
		}
		if err := rows.Close(); err != nil {
			t.Fatal(err)
		}
	}
	plans := func() (name string, generic, custom int64) {
		t.Helper()
		err := db.QueryRowContext(ctx, `SELECT name, generic_plans, custom_plans FROM pg_prepared_statements
			WHERE statement = $1`, store.SQLAMLHistory).Scan(&name, &generic, &custom)
		if err != nil {
			t.Fatalf("the history statement is not prepared on the connection: %v", err)
		}
		return name, generic, custom
	}
	// Prepared and run on the empty table, more often than the five custom plans PostgreSQL tries:
	// the connection switches to the generic plan.
	for i := range 8 {
		history(fmt.Sprintf("+25265%07d", i))
	}
	if _, generic, _ := plans(); generic == 0 {
		t.Log("PostgreSQL kept custom plans on the empty table this time")
	}
	if err := s.BulkLoad(ctx, historyRows("TXN-GROW", now)); err != nil {
		t.Fatal(err)
	}
	time.Sleep(1100 * time.Millisecond) // past the connection's lifetime
	history("+252650000042")
	name, generic, custom := plans()
	if generic != 0 || custom != 1 {
		t.Errorf("after growth the history statement ran with %d generic and %d custom plans on its connection, want a renewed connection (0 and 1)", generic, custom)
	}
	var conn *sql.Conn
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	plan := explainExecute(t, conn, name, now)
	if strings.Contains(plan, "Seq Scan") || !strings.Contains(plan, "transactions_sender_created_idx") {
		t.Errorf("after growth the connection plans the history statement without the sender index:\n%s", plan)
	}
}

// explainExecute is the plan the connection uses for the prepared statement name with a sender
// of the loaded table.
func explainExecute(t *testing.T, conn *sql.Conn, name string, now time.Time) string {
	t.Helper()
	stamp := func(d time.Duration) string { return now.Add(-d).Format(time.RFC3339Nano) }
	return strings.Join(planLines(t, conn, fmt.Sprintf(`EXPLAIN EXECUTE %s('+252650000042', '%s', '%s')`,
		name, stamp(30*24*time.Hour), stamp(24*time.Hour))), "\n")
}

// TestStatisticsFollowGrowth: a table that grew since its statistics were gathered gets them
// again from RefreshStatistics, whether or not PostgreSQL's autovacuum runs (it is off on the
// machine the performance figures come from), and a table that did not grow is left alone.
func TestStatisticsFollowGrowth(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		s := storetest.MustOpen(t, b)
		ctx := context.Background()
		analyzed := func() int64 { // the row count the planner's statistics hold for transactions
			t.Helper()
			var n int64
			q := `SELECT COALESCE(MAX(CAST(substr(stat, 1, instr(stat, ' ') - 1) AS INTEGER)), 0) FROM sqlite_stat1 WHERE tbl = 'transactions'`
			if b.Name != "sqlite" {
				q = `SELECT CASE WHEN last_analyze IS NULL THEN 0 ELSE n_live_tup END FROM pg_stat_user_tables
					WHERE schemaname = current_schema() AND relname = 'transactions'`
			}
			if err := s.DB().QueryRowContext(ctx, q).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		if err := s.RefreshStatistics(ctx); err != nil {
			t.Fatal(err)
		}
		before := analyzed()
		const rows = 3000
		err := s.Write(ctx, func(tx *store.Tx) error {
			for i := range rows {
				if _, err := tx.InsertTransaction(ctx, onlineTransfer(fmt.Sprintf("TXN-STATS-%05d", i), 100)); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if b.Name != "sqlite" {
			awaitTransactionsCounter(t, s, "n_mod_since_analyze", rows)
		}
		if err := s.RefreshStatistics(ctx); err != nil {
			t.Fatal(err)
		}
		if got := analyzed(); got < rows/2 || before >= rows/2 { // SQLite's sampled count is an estimate
			t.Fatalf("statistics hold %d rows (%d before the growth), want at least %d", got, before, rows)
		}
		if b.Name == "sqlite" {
			return // PRAGMA optimize has its own rule
		}
		// The statistics cover the columns queries filter and sort on, not the free text and
		// JSON that no query looks into (migration 0040: half of ANALYZE's time).
		var gathered []string
		stats, err := s.DB().QueryContext(ctx, `SELECT attname FROM pg_stats
			WHERE schemaname = current_schema() AND tablename = 'transactions' AND attname IN ('sender', 'created_at', 'description', 'aml_rules')
			ORDER BY attname`)
		if err != nil {
			t.Fatal(err)
		}
		for stats.Next() {
			var c string
			if err := stats.Scan(&c); err != nil {
				t.Fatal(err)
			}
			gathered = append(gathered, c)
		}
		if err := stats.Close(); err != nil || strings.Join(gathered, ",") != "created_at,sender" {
			t.Errorf("ANALYZE gathered statistics for %v (err %v), want created_at and sender only", gathered, err)
		}
		// Rows that change without the table growing (the statistics rows every transfer updates)
		// do not make PostgreSQL gather its statistics again.
		var was int64
		transactionsCounters(t, s, "analyze_count", &was)
		if err := s.Write(ctx, func(tx *store.Tx) error {
			_, err := tx.ExecContext(ctx, `UPDATE transactions SET description = 'changed' WHERE transaction_id LIKE 'TXN-STATS-%'`)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		awaitTransactionsCounter(t, s, "n_mod_since_analyze", rows)
		if err := s.RefreshStatistics(ctx); err != nil {
			t.Fatal(err)
		}
		var now int64
		if transactionsCounters(t, s, "analyze_count", &now); now != was {
			t.Fatalf("%d rows updated, none added: analyzed %d times, want none", rows, now-was)
		}
	})
}

// historyRows are 20,000 online transfers between 2,000 senders and 3,000 recipients, one every
// 8 s back from now: ten per sender, the shape whose history read the plan tests and benchmarks time.
func historyRows(prefix string, now time.Time) []*store.NewTransaction {
	rows := make([]*store.NewTransaction, 20_000)
	for i := range rows {
		nt := onlineTransfer(fmt.Sprintf("%s-%06d", prefix, i), domain.Minor(100+i))
		nt.Sender, nt.Recipient = fmt.Sprintf("+25265%07d", i%2_000), fmt.Sprintf("+25263%07d", i%3_000)
		nt.CreatedAt = now.Add(-time.Duration(i) * 8 * time.Second)
		rows[i] = nt
	}
	return rows
}

// TestGroupReadPlansOnce: a PostgreSQL group of transfers reads its senders' histories with a
// generic plan from its first run on a connection. Its parameters are arrays, and in the default
// plan cache mode PostgreSQL planned that read again at every run (a generic plan for an array
// looks dearer than a custom one for the few senders of a group), which cost it three times the
// read itself (docs/PERFORMANCE.md, "Sixteenth session"). The mode holds for the group's
// transaction only: reads on the same connection afterwards keep the default. A mode the operator
// chose in the URL is kept by groups too. The pool is narrowed to one connection so the test can
// read that connection's plan cache.
func TestGroupReadPlansOnce(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		if b.Name != "postgres" {
			t.Log("SQLite reads a group's histories one transfer at a time, in the writer's process")
			return
		}
		for _, c := range []struct {
			name, param, mode string
			generic, custom   int64
		}{
			{"default mode", "", "auto", 4, 0},
			{"the operator's mode", "&plan_cache_mode=force_custom_plan", "force_custom_plan", 0, 4},
		} {
			t.Run(c.name, func(t *testing.T) {
				generic, custom, mode := groupReadPlans(t, storetest.MustOpenURL(t, b.URL(t)+c.param))
				if generic != c.generic || custom != c.custom || mode != c.mode {
					t.Errorf("four groups read their histories with %d generic and %d custom plans, and the connection then plans in mode %q; want %d, %d and %q",
						generic, custom, mode, c.generic, c.custom, c.mode)
				}
			})
		}
	})
}

// groupReadPlans runs a transfer alone, then three groups of three transfers, each group a new
// user's (so no idempotency key is replayed), on a pool of one connection, and returns the plans
// that connection made for the groups' history read and the plan cache mode it has afterwards.
func groupReadPlans(t *testing.T, s *store.Store) (generic, custom int64, mode string) {
	ctx := context.Background()
	write := func(u *domain.User, id, sender string) *store.TransferWrite {
		w := &store.TransferWrite{UserID: u.ID, Scoring: store.Scoring{Thresholds: domain.DefaultAMLThresholds()},
			Audit:   store.Audit{UserID: u.ID},
			Respond: func(*store.NewTransaction, domain.AMLResult) ([]byte, error) { return []byte("{}"), nil }}
		w.Tx = *onlineTransfer(id, 25_00)
		w.Tx.Sender = sender
		return w
	}
	var users []*domain.User
	for round := range 3 {
		users = append(users, mustUser(t, s, fmt.Sprintf("plans-%d@example.so", round), nil))
	}
	s.DB().SetMaxOpenConns(1)
	if _, err := s.CreateTransfer(ctx, write(users[0], "TXN-PLANS-FIRST", "+252650000100")); err != nil {
		t.Fatal(err) // starts the writers; a group of one reads ahead too
	}
	for round, u := range users {
		var writes []*store.TransferWrite
		for i := range 3 {
			writes = append(writes, write(u, fmt.Sprintf("TXN-PLANS-%d-%d", round, i), fmt.Sprintf("+25265000%04d", 10*round+i)))
		}
		for i, err := range queueInOneGroup(t, s, u.ID, writes) {
			if err != nil {
				t.Fatalf("round %d, transfer %d: %v", round, i, err)
			}
		}
	}
	var stored int
	if err := s.DB().QueryRowContext(ctx, `SELECT COUNT(*) FROM transactions WHERE transaction_id LIKE 'TXN-PLANS-%'`).Scan(&stored); err != nil || stored != 10 {
		t.Fatalf("%d transfers stored (err %v), want 10", stored, err)
	}
	if err := s.DB().QueryRowContext(ctx, `SELECT generic_plans, custom_plans FROM pg_prepared_statements
		WHERE statement LIKE 'SELECT ''sent'', sender, %'`).Scan(&generic, &custom); err != nil {
		t.Fatalf("the group's history read is not prepared on the connection: %v", err)
	}
	if err := s.DB().QueryRowContext(ctx, `SHOW plan_cache_mode`).Scan(&mode); err != nil {
		t.Fatal(err)
	}
	return generic, custom, mode
}
