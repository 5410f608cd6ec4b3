package store

import (
	"context"
	"database/sql"
	"sync"
)

// Hot statements (every transfer runs the same few) are prepared once and reused: on SQLite
// parsing and planning a statement costs more than running it. They are prepared on the writer
// before its first transaction (preparing inside one would wait forever for the writer's single
// connection); database/sql then rebinds them to each transaction for free. PostgreSQL's driver
// caches statements by itself, so there the cache stays empty.
type stmtCache struct {
	once  sync.Once
	stmts map[string]*sql.Stmt
	err   error
	// reads holds the read pool's prepared statements by query text (see readRow).
	reads sync.Map
}

// hotStatements are the statements of a transfer, in the exact text their callers use.
var hotStatements = []string{sqlInsertAudit, sqlAuditHead, sqlUpdateAuditHead, sqlAMLHistorySQLite, sqlInsertTransaction,
	sqlUpsertStats, sqlUpsertAnalytics, sqlInsertTxLog, sqlSavepoint, sqlRollbackTo, sqlRelease}

// prepareHot prepares the hot statements once, outside any transaction.
func (s *Store) prepareHot(ctx context.Context) error {
	if s.dialect != dialectSQLite {
		return nil
	}
	s.stmts.once.Do(func() {
		s.stmts.stmts = map[string]*sql.Stmt{}
		for _, q := range hotStatements {
			st, err := s.wdb.PrepareContext(ctx, q)
			if err != nil {
				s.stmts.err = err
				return
			}
			s.stmts.stmts[q] = st
		}
	})
	return s.stmts.err
}

func (tx *Tx) cached(ctx context.Context, query string) *sql.Stmt {
	if st, ok := tx.store.stmts.stmts[query]; ok && tx.sqlTx != nil {
		return tx.sqlTx.StmtContext(ctx, st)
	}
	return nil
}

// exec runs a statement in the transaction, prepared once if it is a hot one.
func (tx *Tx) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if st := tx.cached(ctx, query); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return tx.ExecContext(ctx, query, args...)
}

// query runs a query in the transaction, prepared once if it is a hot one.
func (tx *Tx) query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if st := tx.cached(ctx, query); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return tx.QueryContext(ctx, query, args...)
}

// queryRow runs a single-row query in the transaction, prepared once if it is a hot one.
func (tx *Tx) queryRow(ctx context.Context, query string, args ...any) *sql.Row {
	if st := tx.cached(ctx, query); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return tx.QueryRowContext(ctx, query, args...)
}

// readRow runs a single-row query on the read pool. On SQLite the statement is prepared once per
// query text and reused on every reader connection: the reads every request makes (the caller's
// account, its session, its institution) cost more to parse than to run. Callers pass only
// fixed query texts, so the cache stays a handful of statements.
func (s *Store) readRow(ctx context.Context, query string, args ...any) *sql.Row {
	if s.dialect != dialectSQLite {
		return s.db.QueryRowContext(ctx, query, args...)
	}
	if st, ok := s.stmts.reads.Load(query); ok {
		return st.(*sql.Stmt).QueryRowContext(ctx, args...)
	}
	st, err := s.db.PrepareContext(ctx, query)
	if err != nil {
		return s.db.QueryRowContext(ctx, query, args...) // reports the same error through Scan
	}
	if prev, loaded := s.stmts.reads.LoadOrStore(query, st); loaded {
		st.Close()
		st = prev.(*sql.Stmt)
	}
	return st.QueryRowContext(ctx, args...)
}
