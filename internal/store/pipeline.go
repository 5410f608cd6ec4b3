package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// On PostgreSQL every statement is a round trip, and a transfer's statements cost more in round
// trips (system calls and process wake-ups on both sides) than in work (docs/PERFORMANCE.md,
// "Transfers end to end").
// The rows nobody reads back before the commit (the transaction's log row, the audit row, the
// statistics, and in a group the transaction itself when nothing refers to it: queuesInsert) are
// therefore queued and sent together, as one pipeline, with the commit.

// pendingStmt is a statement queued by execLater.
type pendingStmt struct {
	query string
	args  []any
	rows  *rowsInsert // set by insertLater: the row may go out with others (coalesce)
}

// execLater runs a statement whose outcome nothing needs before the commit. In a PostgreSQL write
// transaction it is queued and sent with the others just before the commit (see sendPending), and
// its error, if any, fails the commit; elsewhere (SQLite, where a statement costs no round trip)
// it runs at once.
func (tx *Tx) execLater(ctx context.Context, query string, args ...any) error {
	if tx.conn == nil {
		_, err := tx.exec(ctx, query, args...)
		return err
	}
	tx.pending = append(tx.pending, pendingStmt{query: query, args: args})
	return nil
}

// execNow runs a statement at once: execLater's counterpart where a caller chooses between them.
func (tx *Tx) execNow(ctx context.Context, query string, args ...any) error {
	_, err := tx.ExecContext(ctx, query, args...)
	return err
}

// sendPending sends the queued statements in one round trip on the transaction's connection.
func (tx *Tx) sendPending(ctx context.Context) error {
	return tx.sendBatch(ctx, "")
}

// sendPendingAndCommit sends the queued statements and the COMMIT in one round trip. If a
// statement fails, PostgreSQL skips the rest of the pipeline, COMMIT included, and the caller's
// Rollback ends the failed transaction.
func (tx *Tx) sendPendingAndCommit(ctx context.Context) error {
	return tx.sendBatch(ctx, "", "COMMIT")
}

// sendBatch sends before (if not empty), the queued statements, then after, in one round trip.
func (tx *Tx) sendBatch(ctx context.Context, before string, after ...string) error {
	if len(tx.pending) == 0 && before == "" && len(after) == 0 {
		return nil
	}
	return tx.withPgx(func(c *pgx.Conn) error {
		pending, err := coalesce(tx.pending)
		if err != nil {
			return err
		}
		b := &pgx.Batch{}
		if before != "" {
			b.Queue(before)
		}
		for _, p := range pending {
			b.Queue(p.query, p.args...)
		}
		for _, q := range after {
			b.Queue(q)
		}
		tx.pending = nil
		return c.SendBatch(ctx, b).Close()
	})
}

// withPgx runs fn with pgx's own connection under the transaction's, for what database/sql
// cannot send: a batch of statements in one round trip.
func (tx *Tx) withPgx(fn func(*pgx.Conn) error) error {
	return tx.conn.Raw(func(dc any) error {
		c, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("pipeline: unexpected driver connection %T", dc)
		}
		return fn(c.Conn())
	})
}

// flushGroup sends what the earlier writes of tx's group queued, for a write that must read it:
// a transfer replaying the stored answer of an idempotency key that an earlier transfer of the
// same group used. The statements go out between the release of this write's savepoint and a new
// one: sent inside it, they would roll back with this write if it then failed (a key replayed
// with another body), and the earlier writes would commit without their log rows and stored
// answers (TestFailingTransferFailsAlone). The write has changed nothing before it flushes (its key's insert inserted nothing),
// so releasing its savepoint early keeps nothing of it that a rollback should undo.
//
// A group run without savepoints (runGroup) sends them as they are: a write that fails after
// them rolls the whole group back, and it runs again.
func (tx *Tx) flushGroup(ctx context.Context) error {
	if tx.group == nil || tx.group.conn == nil || len(tx.group.pending) == 0 {
		return nil
	}
	send := func() error { return tx.group.sendBatch(ctx, sqlRelease, sqlSavepoint) }
	if !tx.group.savepoints {
		send = func() error { return tx.group.sendPending(ctx) }
	}
	if err := send(); err != nil {
		// The writes that queued the statements are done and cannot learn of it: the whole
		// group fails.
		tx.group.flushFailed = err
		return err
	}
	return nil
}

const sqlBegin = "BEGIN"

// sqlPlanGeneric follows the BEGIN of a group of transfers (runWrites) and, for that transaction
// only, has PostgreSQL plan its prepared statements once per connection (plan_cache_mode). The group's
// read of its senders' histories (readGroupHistories) takes arrays, and PostgreSQL prices a
// generic plan for an array parameter as if it held ten values: dearer than a custom plan for
// the two or three senders a group holds, so in its default mode it planned that read again at
// every run, a millisecond of its CPU each time (three times the read itself; about a tenth of
// its CPU at 875 transfers a second, docs/PERFORMANCE.md, "Sixteenth session"). The generic plan
// is the custom one (index scans on the sender and recipient indexes). The group's other
// statements, the one-by-one history read included, already ran generic plans; reads outside
// groups keep the default mode, where a custom plan can matter. The read's plan is now made once
// on a connection, so it can be as stale as theirs: a plan made on small tables lasts until an
// ANALYZE (RefreshStatistics) invalidates it or the connection ends (postgresConnLifetime).
// The two statements go out with the group's first read (groupTx.readFirst).
const sqlPlanGeneric = "SET LOCAL plan_cache_mode = force_generic_plan"

// groupBeginFor is what a group of transfers begins with: BEGIN and sqlPlanGeneric, unless the
// operator chose a plan cache mode of their own (in the URL, or for the database or its role),
// which groups then keep like every other transaction (see postgresConnLifetime).
func groupBeginFor(ctx context.Context, db *sql.DB) ([]string, error) {
	var mode string
	if err := db.QueryRowContext(ctx, `SELECT current_setting('plan_cache_mode')`).Scan(&mode); err != nil {
		return nil, fmt.Errorf("read plan_cache_mode: %w", err)
	}
	if mode != "auto" {
		return []string{sqlBegin}, nil
	}
	return []string{sqlBegin, sqlPlanGeneric}, nil
}

// beginPipelined starts a PostgreSQL write transaction on a connection of its own, so the queued
// statements can go out on the same session. It is begun with a BEGIN statement rather than as an
// sql.Tx, whose Commit would be a round trip of its own after the one that carries the COMMIT.
func (s *Store) beginPipelined(ctx context.Context) (*Tx, error) {
	tx, err := s.pipelinedTx(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := tx.conn.ExecContext(ctx, sqlBegin); err != nil {
		tx.conn.Close()
		return nil, fmt.Errorf("begin: %w", err)
	}
	return tx, nil
}

// pipelinedTx is a PostgreSQL transaction on a connection of its own, not yet begun.
func (s *Store) pipelinedTx(ctx context.Context) (*Tx, error) {
	conn, err := s.wdb.Conn(ctx)
	if err != nil {
		return nil, fmt.Errorf("connect: %w", err)
	}
	return &Tx{queries: conn, conn: conn, store: s, now: s.Now()}, nil
}
