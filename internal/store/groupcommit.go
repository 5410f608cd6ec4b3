package store

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
)

// SQLite allows one writer at a time, and each commit costs far more than the statements before
// it. So writes are queued to a single writer goroutine, which runs whatever has queued up (up to
// maxGroup writes) in one transaction, each write inside its own savepoint: a write that fails
// rolls back to its savepoint alone, the others commit together. Under load many writes share one
// commit; alone, a write commits by itself at once.
const maxGroup = 64

type writeJob struct {
	ctx  context.Context
	fn   func(*Tx) error
	done chan error
}

type groupCommit struct {
	start sync.Once
	jobs  chan *writeJob
	quit  chan struct{}
	ended chan struct{}
	once  sync.Once
	// pause is held while a group runs; the SQLite checkpointer takes it to copy the last pages
	// of the log between two groups (checkpoint.go).
	pause sync.Mutex
}

func (g *groupCommit) stop() {
	g.once.Do(func() {
		if g.quit != nil {
			close(g.quit)
			<-g.ended
		}
	})
}

func (s *Store) groupWrite(ctx context.Context, fn func(*Tx) error) error {
	g := &s.group
	g.start.Do(func() {
		g.jobs, g.quit, g.ended = make(chan *writeJob, maxGroup), make(chan struct{}), make(chan struct{})
		go s.writer()
	})
	job := &writeJob{ctx: ctx, fn: fn, done: make(chan error, 1)}
	select {
	case g.jobs <- job:
	case <-ctx.Done():
		return ctx.Err()
	case <-g.quit:
		return fmt.Errorf("store closed")
	}
	return <-job.done // once queued a write runs to its end, so the caller learns its outcome
}

func (s *Store) writer() {
	g := &s.group
	defer close(g.ended)
	for {
		var first *writeJob
		select {
		case first = <-g.jobs:
		case <-g.quit:
			return
		}
		batch := []*writeJob{first}
	more:
		for len(batch) < maxGroup {
			select {
			case j := <-g.jobs:
				batch = append(batch, j)
			default:
				break more
			}
		}
		g.pause.Lock()
		s.runGroup(batch)
		g.pause.Unlock()
	}
}

// runGroup runs a group of writes in one transaction and tells each its outcome.
func (s *Store) runGroup(batch []*writeJob) {
	ctx := context.Background()
	results := make([]error, len(batch))
	hooks := make([][]func(), len(batch))
	fail := func(err error) {
		for _, j := range batch {
			j.done <- err
		}
	}
	sqlTx, err := s.wdb.BeginTx(ctx, nil)
	if err != nil {
		fail(fmt.Errorf("begin: %w", err))
		return
	}
	var counted aggregates // the statistics deltas of the writes that succeeded
	for i, j := range batch {
		if err := j.ctx.Err(); err != nil {
			results[i] = err
			continue
		}
		if _, err := s.groupStmt(ctx, sqlTx, sqlSavepoint); err != nil {
			_ = sqlTx.Rollback()
			fail(err)
			return
		}
		tx := &Tx{Tx: sqlTx, store: s, now: s.Now()}
		if err := j.fn(tx); err != nil {
			results[i] = err
			if _, rerr := s.groupStmt(ctx, sqlTx, sqlRollbackTo); rerr != nil {
				_ = sqlTx.Rollback()
				fail(rerr)
				return
			}
		} else {
			hooks[i] = tx.afterCommit
			counted.merge(&tx.aggregates)
		}
		if _, err := s.groupStmt(ctx, sqlTx, sqlRelease); err != nil {
			_ = sqlTx.Rollback()
			fail(err)
			return
		}
	}
	if err := counted.flush(ctx, &Tx{Tx: sqlTx, store: s}); err != nil {
		_ = sqlTx.Rollback()
		fail(err)
		return
	}
	if err := sqlTx.Commit(); err != nil {
		fail(fmt.Errorf("commit: %w", err))
		return
	}
	for i, j := range batch {
		for _, f := range hooks[i] {
			f()
		}
		j.done <- results[i]
	}
}

// The savepoint statements run for every write, so they are prepared once like the hot ones.
const (
	sqlSavepoint  = "SAVEPOINT w"
	sqlRollbackTo = "ROLLBACK TO w"
	sqlRelease    = "RELEASE w"
)

func (s *Store) groupStmt(ctx context.Context, sqlTx *sql.Tx, query string) (sql.Result, error) {
	if st, ok := s.stmts.stmts[query]; ok {
		return sqlTx.StmtContext(ctx, st).ExecContext(ctx)
	}
	return sqlTx.ExecContext(ctx, query)
}
