package store

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// RefreshStatistics gathers the planner's statistics again for the tables that have changed much
// since they were last gathered. Both planners choose indexes from statistics: a portal that
// started on an empty database and kept them from then would plan searches for an empty table when
// it holds a million rows (docs/PERFORMANCE.md, "Growth in one process"). PostgreSQL's autovacuum
// gathers them when it runs, but it can be off, so the portal does not rely on it. On PostgreSQL a
// table qualifies when more than 1,000 rows plus a tenth of it changed since its last ANALYZE
// (autovacuum's own rule); on SQLite PRAGMA optimize decides, sampling 1,000 rows per index,
// between two groups of writes.
func (s *Store) RefreshStatistics(ctx context.Context) (err error) {
	defer wrap(&err, "refresh statistics")
	if s.dialect == dialectSQLite {
		s.group.pause.Lock()
		defer s.group.pause.Unlock()
		_, err := s.wdb.ExecContext(ctx, `PRAGMA analysis_limit = 1000; PRAGMA optimize = 0x10002`)
		return err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT relname FROM pg_stat_user_tables
		WHERE schemaname = current_schema() AND n_mod_since_analyze > 1000 + n_live_tup / 10`)
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
