package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

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
// (docs/PERFORMANCE.md, "Transfers end to end"). On SQLite PRAGMA optimize's rule decides
// (plannedAnalyses), and each index is analyzed between two groups of writes.
func (s *Store) RefreshStatistics(ctx context.Context) (err error) {
	defer wrap(&err, "refresh statistics")
	if s.dialect == dialectSQLite {
		return s.refreshSQLiteStatistics(ctx)
	}
	tables, err := scanIDs(s.db.QueryContext(ctx, `SELECT s.relname FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
		WHERE s.schemaname = current_schema() AND s.n_mod_since_analyze > 0
			AND (c.reltuples < 0 OR abs(s.n_live_tup - c.reltuples) > 1000 + c.reltuples / 10)`))
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

// refreshSQLiteStatistics runs plannedAnalyses' statements, each in a pause of the writer of its
// own. ANALYZE writes, so it must hold the writer off while it runs; PRAGMA optimize, which
// analyzed every grown table in one statement, held the writer 0.65–0.75 s at a million
// transfers (the slowest transfer waited up to 1.4 s), where one index takes about 50 ms
// (docs/PERFORMANCE.md, "Twenty-ninth session"). After each pause it leaves the writer alone
// for analysisSpacing times as long, to run what queued meanwhile before the next one: taken
// back to back, the transfers table's fourteen pauses would let one group run between two and
// hold the writer most of a second as before.
func (s *Store) refreshSQLiteStatistics(ctx context.Context) error {
	return s.analyzeSQLite(ctx, func(held time.Duration) error {
		select {
		case <-time.After(analysisSpacing * held):
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	})
}

// analysisSpacing: SQLite's statistics refresh holds the writer at most a fifth of the time.
const analysisSpacing = 4

// analyzeSQLite runs the planned analyses (plannedAnalyses), each in a pause of the writer of its
// own, and after each calls after, outside the pause, with how long it held the writer. An
// analysis that fails (an index dropped since the plan) does not stop the others.
func (s *Store) analyzeSQLite(ctx context.Context, after func(held time.Duration) error) error {
	analyses, err := s.plannedAnalyses(ctx)
	if err != nil {
		return err
	}
	var failed error
	for _, q := range analyses {
		var held time.Duration
		if err := s.betweenGroups(func() error {
			began := time.Now()
			_, err := s.wdb.ExecContext(ctx, `PRAGMA analysis_limit = 1000; `+q)
			held = time.Since(began)
			return err
		}); err != nil {
			failed = errors.Join(failed, fmt.Errorf("%s: %w", q, err))
		}
		if err := after(held); err != nil {
			return errors.Join(failed, err)
		}
	}
	return failed
}

// betweenGroups runs fn on SQLite's writer connection between two groups of writes.
func (s *Store) betweenGroups(fn func() error) error {
	s.group.pause.Lock()
	defer s.group.pause.Unlock()
	return fn()
}

// plannedAnalyses are the ANALYZE statements that bring SQLite's statistics up to date: one for
// each index of every table PRAGMA optimize would analyze (its size has changed much since its
// last analysis, or it was never analyzed), or one for the table itself if it has no index but
// partial ones: analyzing an index records the table's row count, and optimize looks at that,
// but a partial index's count is its own rows'. PRAGMA optimize asks for a write transaction
// even to only list them, so it runs on the writer, between two groups.
func (s *Store) plannedAnalyses(ctx context.Context) (analyses []string, err error) {
	err = s.betweenGroups(func() error {
		listed, err := scanIDs(s.wdb.QueryContext(ctx, `PRAGMA optimize = 0x10003`)) // 0x1: list, do not run
		if err != nil {
			return err
		}
		for _, line := range listed {
			table, ok := strings.CutPrefix(line, `ANALYZE "main".`)
			if !ok || len(table) < 2 {
				return fmt.Errorf("unexpected line from PRAGMA optimize: %q", line)
			}
			table = strings.ReplaceAll(table[1:len(table)-1], `""`, `"`)
			// pragma_index_list names a WITHOUT ROWID table's primary key too.
			indexes, err := scanIDs(s.wdb.QueryContext(ctx, `SELECT name FROM pragma_index_list(?)
				WHERE EXISTS (SELECT 1 FROM pragma_index_list(?) WHERE partial = 0) ORDER BY name`, table, table))
			if err != nil {
				return err
			}
			if len(indexes) == 0 {
				indexes = []string{table}
			}
			for _, name := range indexes {
				analyses = append(analyses, `ANALYZE `+pgx.Identifier{"main", name}.Sanitize())
			}
		}
		return nil
	})
	return analyses, err
}
