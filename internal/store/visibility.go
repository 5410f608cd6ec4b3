package store

import "context"

// historyVacuumLag is how many rows may go into transactions after its last VACUUM before
// KeepHistoryVisible vacuums it again: each VACUUM then reads the few hundred pages filled since,
// and the history rows left to fetch from the table are a few seconds' worth. Tests lower it.
var historyVacuumLag int64 = 10_000

// KeepHistoryVisible vacuums transactions on PostgreSQL once more than historyVacuumLag rows went
// in since its last VACUUM, so that the AML history every transfer reads comes from the sender
// and recipient indexes alone. Those indexes hold every column the read needs (migration 0039),
// but PostgreSQL answers from an index alone only for rows on pages its visibility map marks
// all-visible, and only VACUUM marks them; any other row it fetches from the table, a page at a
// time, on a grown database mostly from outside shared_buffers, and each page it brings in
// pushes out another, often one the writer dirtied, whose write the kernel later flushes in
// a burst that stalls commits. Autovacuum vacuums an insert-only table once a fifth of its size
// is new (autovacuum_vacuum_insert_scale_factor), which leaves most of the last day's rows, the
// ones the history counts, unmarked; and it may be off. Figures: docs/PERFORMANCE.md,
// "Twenty-second session".
//
// An insert-only table's VACUUM reads only the pages not yet marked and removes nothing, so it
// cleans no index (its index cleanup reads only each index's metapage). SKIP_LOCKED leaves the
// table to a VACUUM already running (another instance's, or autovacuum's), and TRUNCATE false
// keeps it from ever taking the lock that would stop the writer's inserts. PARALLEL 0: with no
// index to clean, PostgreSQL still starts two background workers for that cleanup of the table's
// fourteen indexes, and starting them was nine tenths of each
// VACUUM (145 against 17 ms, mostly system CPU, on a 1.47 M-row table; docs/PERFORMANCE.md,
// "Twenty-third session"). SQLite reads its covering indexes without such a map: nothing to do
// there.
func (s *Store) KeepHistoryVisible(ctx context.Context) (err error) {
	defer wrap(&err, "keep the AML history's pages all-visible")
	if s.dialect != dialectPostgres {
		return nil
	}
	var due bool
	if err := s.db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM pg_stat_user_tables
		WHERE schemaname = current_schema() AND relname = 'transactions' AND n_ins_since_vacuum > $1)`,
		historyVacuumLag).Scan(&due); err != nil || !due {
		return err
	}
	_, err = s.db.ExecContext(ctx, `VACUUM (SKIP_LOCKED, TRUNCATE false, PARALLEL 0) transactions`)
	return err
}
