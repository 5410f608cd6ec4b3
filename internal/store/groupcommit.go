package store

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"
)

// Each commit costs far more than the statements before it: on SQLite, which allows one writer
// at a time, the commit writes and syncs the log; on PostgreSQL it waits for the log to reach the
// disk, and each transfer's commit also rewrote the day's statistics rows. So writes are queued
// to a writer goroutine, which runs whatever has queued up in one transaction; a write that
// fails does not take the others down with it (runGroup): they commit together. Under load
// many writes share one commit and one statistics upsert (their deltas are merged); alone, a
// write commits by itself at once.
//
// One writer runs the groups on both databases. SQLite allows one writer at a time, and every
// write goes through it. On PostgreSQL only transfers go through it (Store.Write keeps the other
// writes in transactions of their own, so no other write can lock a row a group needs and be
// locked by it in turn). PostgreSQL had four writers, so that one group's commit waited for the
// disk while the others ran; once a group's rows went out as one statement per table
// (rowsinsert.go), the size of a group became what saves PostgreSQL's work, and four writers
// split the waiting transfers into four groups a quarter the size, for fewer transfers a second
// at more of PostgreSQL's CPU each (docs/PERFORMANCE.md, "Figures behind the code's choices").
const (
	maxGroup   = 64 // SQLite
	maxPGGroup = 32 // PostgreSQL: under the 64 subtransactions a backend tracks in shared memory
)

type writeJob struct {
	ctx context.Context
	fn  func(*Tx) error
	// rerunnable says fn may run again in a new transaction after a run that did not commit
	// (runGroup): it keeps nothing of a run that failed or was rolled back.
	rerunnable bool
	// hint is the transfer fn records, if it records one: a PostgreSQL group reads the histories
	// of all its transfers' senders in one statement before running them (readGroupHistories).
	hint *historyHint
	done chan error
}

type groupCommit struct {
	start sync.Once
	queue chan *writeJob // the writes waiting for the writer
	quit  chan struct{}
	ended sync.WaitGroup
	once  sync.Once
	// pause is held while a SQLite group runs; the checkpointer takes it to copy the last pages
	// of the log between two groups (checkpoint.go).
	pause sync.Mutex
}

func (g *groupCommit) stop() {
	g.once.Do(func() {
		if g.quit != nil {
			close(g.quit)
			g.ended.Wait()
		}
	})
}

// groupWrite queues fn to the writer and waits for its outcome. rerunnable and hint: see
// writeJob.
func (s *Store) groupWrite(ctx context.Context, rerunnable bool, hint *historyHint, fn func(*Tx) error) error {
	g := &s.group
	g.start.Do(func() {
		size := maxGroup
		if s.dialect == dialectPostgres {
			size = maxPGGroup
		}
		g.queue, g.quit = make(chan *writeJob, size), make(chan struct{})
		g.ended.Add(1)
		go s.writer()
	})
	job := &writeJob{ctx: ctx, fn: fn, rerunnable: rerunnable, hint: hint, done: make(chan error, 1)}
	select {
	case g.queue <- job:
	case <-ctx.Done():
		return ctx.Err()
	case <-g.quit:
		return fmt.Errorf("store closed")
	}
	return <-job.done // once queued a write runs to its end, so the caller learns its outcome
}

// writer runs the queued writes in groups of up to the queue's capacity, each group's audit rows
// appended to one chain (auditchain.go): SQLite's only one, on PostgreSQL one of the transfers'.
func (s *Store) writer() {
	g := &s.group
	defer g.ended.Done()
	for {
		var first *writeJob
		select {
		case first = <-g.queue:
		case <-g.quit:
			return
		}
		batch := []*writeJob{first}
	more:
		for len(batch) < cap(g.queue) {
			select {
			case j := <-g.queue:
				batch = append(batch, j)
			default:
				break more
			}
		}
		if s.dialect == dialectSQLite {
			g.pause.Lock()
			s.runGroup(batch, 1)
			g.pause.Unlock()
		} else {
			s.runGroup(batch, transferChain())
		}
	}
}

// runGroup runs a group of writes in one transaction and tells each its outcome. A savepoint
// around each write lets one fail alone, but it costs: on SQLite 7 % of the writer's time (the
// statements that open and release it, and the copy of every page a write changes into the
// statement journal; docs/PERFORMANCE.md, "Twelfth session"), on PostgreSQL a round trip and a
// subtransaction per transfer ("Thirteenth session"). So a group of one write, or of writes that
// may run again (transfers; the only writes PostgreSQL groups), runs first without savepoints; if
// a write fails, the transaction is rolled back and the group runs again with them. A transfer
// fails there only when it replays an idempotency key with another body, finds its key in flight
// on another instance, or the database fails, so the second run is rare.
func (s *Store) runGroup(batch []*writeJob, chain int) {
	if (len(batch) == 1 || allRerunnable(batch)) && s.runWrites(batch, false, chain) {
		return
	}
	s.runWrites(batch, true, chain)
}

func allRerunnable(batch []*writeJob) bool {
	for _, j := range batch {
		if !j.rerunnable {
			return false
		}
	}
	return true
}

// runWrites runs batch in one transaction, each write in a savepoint of its own if savepoints is
// set, and tells each write its outcome; the batch's audit rows go to chain. Without savepoints,
// a failing write of a group of several rolls the transaction back, and runWrites reports false
// having told no write anything.
func (s *Store) runWrites(batch []*writeJob, savepoints bool, chain int) bool {
	ctx := context.Background()
	results := make([]error, len(batch))
	hooks := make([][]func(), len(batch))
	fail := func(err error) {
		for _, j := range batch {
			j.done <- err
		}
	}
	group, err := s.beginGroup(ctx)
	if err != nil {
		fail(err)
		return true
	}
	defer group.end()
	group.savepoints = savepoints
	group.chain = chain
	abort := func(err error) bool {
		_ = group.Rollback()
		fail(err)
		return true
	}
	// A statement PostgreSQL refused in a run without savepoints (a transfer's insert queued for
	// the commit, pipeline.go) rolled the transaction back with nothing committed: the group runs
	// again with savepoints, where the write at fault fails alone. Any other failure (the
	// connection lost, the COMMIT's outcome unknown) is every write's.
	retry := func(err error) bool {
		if savepoints || len(batch) == 1 || !isStatementError(err) {
			return abort(err)
		}
		_ = group.Rollback()
		return false
	}
	if !savepoints {
		if err := group.readGroupHistories(ctx, batch); err != nil {
			return abort(err)
		}
	}
	if err := group.begin(ctx); err != nil {
		return abort(err)
	}
	for i, j := range batch {
		if err := j.ctx.Err(); err != nil {
			results[i] = err
			continue
		}
		if savepoints {
			if err := group.savepoint(ctx); err != nil {
				return abort(err)
			}
		}
		tx := &Tx{queries: group.queries, sqlTx: group.sqlTx, conn: group.conn, store: s, now: s.Now(), group: group.Tx}
		if group.histories != nil {
			tx.now = group.now // the time the group read its histories for (readGroupHistories)
		}
		err := j.fn(tx)
		if group.flushFailed != nil {
			return retry(group.flushFailed)
		}
		switch {
		case err != nil && !savepoints:
			if len(batch) == 1 {
				return abort(err)
			}
			_ = group.Rollback()
			return false
		case err != nil:
			results[i] = err
			if _, err := group.exec(ctx, sqlRollbackTo); err != nil {
				return abort(err)
			}
		default:
			hooks[i] = tx.afterCommit
			group.aggregates.merge(&tx.aggregates)
			group.pending = append(group.pending, tx.pending...)
			group.audits = append(group.audits, tx.audits...)
		}
		if savepoints {
			if err := group.release(ctx); err != nil {
				return abort(err)
			}
		}
	}
	if err := group.commit(ctx); err != nil {
		return retry(fmt.Errorf("commit: %w", err))
	}
	for i, j := range batch {
		for _, f := range hooks[i] {
			f()
		}
		j.done <- results[i]
	}
	return true
}

// groupTx is the transaction of a group: the writes' statements, then the merged statistics and,
// on PostgreSQL, the statements they queued (pipeline.go), sent together before the commit. A
// queued statement that fails fails the whole group: they are the writes' own log, audit and
// statistics rows, which fail only when the database does.
type groupTx struct {
	*Tx
	savepointOpen bool
	// unbegun, on PostgreSQL, are the statements that begin the transaction (Store.groupBegin)
	// until they are sent: with the group's first read (readFirst), or by begin.
	unbegun []string
}

// beginGroup starts a group's transaction. On PostgreSQL it takes a connection and leaves the
// BEGIN to go out with the group's first read (readFirst) or, if there is none, to begin.
func (s *Store) beginGroup(ctx context.Context) (*groupTx, error) {
	if s.dialect == dialectPostgres {
		tx, err := s.pipelinedTx(ctx)
		if err != nil {
			return nil, err
		}
		return &groupTx{Tx: tx, unbegun: s.groupBegin}, nil
	}
	sqlTx, err := s.wdb.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("begin: %w", err)
	}
	return &groupTx{Tx: &Tx{queries: sqlTx, sqlTx: sqlTx, store: s}}, nil
}

// begin sends the statements that begin a PostgreSQL group's transaction, unless its first read
// carried them (readFirst).
func (g *groupTx) begin(ctx context.Context) error {
	if len(g.unbegun) == 0 {
		return nil
	}
	_, err := g.conn.ExecContext(ctx, strings.Join(g.unbegun, "; ")) // one simple query
	g.unbegun = nil
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	return nil
}

// readFirst runs query, the first statement of a PostgreSQL group, and hands its rows to scan. The
// statements that begin the transaction go out with it in one round trip (a batch on pgx's own
// connection, whose rows scan reads as it reads *sql.Rows).
func (g *groupTx) readFirst(ctx context.Context, query string, args []any, scan func(rowsReader) error) error {
	begin := g.unbegun
	g.unbegun = nil
	return g.withPgx(func(c *pgx.Conn) (err error) {
		b := &pgx.Batch{}
		for _, q := range begin {
			b.Queue(q)
		}
		b.Queue(query, args...)
		br := c.SendBatch(ctx, b)
		defer func() {
			if cerr := br.Close(); err == nil {
				err = cerr
			}
		}()
		for range begin {
			if _, err := br.Exec(); err != nil {
				return fmt.Errorf("begin: %w", err)
			}
		}
		rows, err := br.Query()
		if err != nil {
			return err
		}
		defer rows.Close()
		return scan(rows)
	})
}

// savepoint opens the next write's savepoint. On PostgreSQL, where each statement is a round
// trip, it releases the previous write's savepoint in the same one (a statement without
// parameters goes out as a simple query, which may hold two); the commit releases the last.
func (g *groupTx) savepoint(ctx context.Context) error {
	if g.store.dialect == dialectSQLite || !g.savepointOpen {
		g.savepointOpen = true
		_, err := g.exec(ctx, sqlSavepoint)
		return err
	}
	_, err := g.ExecContext(ctx, sqlRelease+"; "+sqlSavepoint)
	return err
}

// release ends a write's savepoint on SQLite (on PostgreSQL the next savepoint does).
func (g *groupTx) release(ctx context.Context) error {
	if g.store.dialect != dialectSQLite {
		return nil
	}
	_, err := g.exec(ctx, sqlRelease)
	return err
}

// end returns a PostgreSQL group's connection to the pool.
func (g *groupTx) end() {
	if g.conn != nil {
		g.conn.Close()
	}
}

// The savepoint statements run for every write, so on SQLite they are prepared once like the
// hot ones.
const (
	sqlSavepoint  = "SAVEPOINT w"
	sqlRollbackTo = "ROLLBACK TO w"
	sqlRelease    = "RELEASE w"
)
