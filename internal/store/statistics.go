package store

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// RefreshStatistics gathers the planner's statistics again for the tables that have grown much
// since they were last gathered. Both planners choose indexes from statistics: a portal that
// started on an empty database and kept them from then would plan searches for an empty table when
// it holds a million rows (docs/PERFORMANCE.md, "Growth in one process"). PostgreSQL's autovacuum
// gathers them when it runs, but it can be off, so the portal does not rely on it.
//
// On PostgreSQL a table qualifies when its rows now differ by more than 1,000 plus a tenth from
// the count its last ANALYZE (or VACUUM) left in pg_class, or when it was never analyzed and has
// changed. Growth, not changes: the statistics rows every transfer updates (analytics_daily,
// transaction_stats, the audit chain's head) change by the thousand a second without growing,
// and counting their changes, as autovacuum does, analyzed analytics_daily every five seconds at
// 1,400 transfers a second, a fifth of a second of one core each time, beside the transfers
// (docs/PERFORMANCE.md, "Transfers end to end"). On SQLite PRAGMA optimize decides, sampling
// 1,000 rows per index, between two groups of writes.
func (s *Store) RefreshStatistics(ctx context.Context) (err error) {
	defer wrap(&err, "refresh statistics")
	if s.dialect == dialectSQLite {
		s.group.pause.Lock()
		defer s.group.pause.Unlock()
		_, err := s.wdb.ExecContext(ctx, `PRAGMA analysis_limit = 1000; PRAGMA optimize = 0x10002`)
		return err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT s.relname FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
		WHERE s.schemaname = current_schema() AND s.n_mod_since_analyze > 0
			AND (c.reltuples < 0 OR abs(s.n_live_tup - c.reltuples) > 1000 + c.reltuples / 10)`)
	if err != nil {
		return err
	}
	tables, err := scanIDs(rows)
	if err != nil {
		return err
	}
	for _, t := range tables {
		if _, err := s.db.ExecContext(ctx, `ANALYZE `+pgx.Identifier{t}.Sanitize()); err != nil {
			return fmt.Errorf("analyze %s: %w", t, err)
		}
	}
	return nil
}
