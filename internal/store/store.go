// Package store keeps Kormeer's records in SQLite (the embedded default) or PostgreSQL
// (production) through one implementation in portable SQL. The dialects differ only in DDL
// types, connection set-up and error codes, which live in dialect.go.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/kormeer/kormeer/internal/domain"
)

// Store is a handle on the database. It is safe for concurrent use.
type Store struct {
	dialect dialect
	// db serves reads. On SQLite it is a pool of read-only connections; on PostgreSQL it is the
	// only pool and also serves writes.
	db *sql.DB
	// wdb serves write transactions. On SQLite it holds exactly one connection, so writers queue
	// in Go instead of failing with SQLITE_BUSY, and every transaction begins IMMEDIATE.
	wdb *sql.DB
	now func() time.Time
	// alertSink receives every committed alert (see alerts_notify.go).
	alertSink   func(domain.AlertEvent)
	url         string
	listening   chan struct{}
	listenOnce1 sync.Once
	stmts       stmtCache
	group       groupCommit
	// checkpoints moves SQLite's write-ahead log into the database file (nil on PostgreSQL).
	checkpoints *checkpointer
	// cache keeps the reads every request makes until the next Write (readcache.go).
	cache readCache
	// groupBegin begins a PostgreSQL group of transfers (groupBeginFor).
	groupBegin []string
}

// Open connects to the database named by url: a postgres:// or postgresql:// URL selects
// PostgreSQL, anything else is a SQLite file path (optionally prefixed with sqlite: or file:).
// The SQLite file and its directory are created when missing. Open does not migrate.
func Open(ctx context.Context, url string) (*Store, error) {
	s := &Store{now: time.Now, url: url, listening: make(chan struct{})}
	var err error
	if isPostgresURL(url) {
		s.dialect = dialectPostgres
		s.db, err = openPostgres(ctx, url)
		s.wdb = s.db
		if err == nil {
			if s.groupBegin, err = groupBeginFor(ctx, s.db); err != nil {
				s.db.Close()
			}
		}
	} else {
		s.dialect = dialectSQLite
		var ckpt *sql.DB
		s.db, s.wdb, ckpt, err = openSQLite(ctx, url)
		if err == nil {
			if s.checkpoints, err = startCheckpointer(ckpt, sqlitePath(url), &s.group.pause); err != nil {
				s.db.Close()
				s.wdb.Close()
				ckpt.Close()
			}
		}
	}
	if err != nil {
		return nil, err
	}
	return s, nil
}

// IsPostgres reports whether the store runs on PostgreSQL.
func (s *Store) IsPostgres() bool { return s.dialect == dialectPostgres }

// DB exposes the read pool for health checks and pool metrics.
func (s *Store) DB() *sql.DB { return s.db }

// SetClock replaces the clock, so tests can move time (session expiry, rate-limit windows).
func (s *Store) SetClock(now func() time.Time) { s.now = now }

// Now is the store's clock, truncated to the millisecond precision both databases keep.
func (s *Store) Now() time.Time { return s.now().UTC().Truncate(time.Millisecond) }

// Close stops the writer and the checkpointer and closes every connection.
func (s *Store) Close() error {
	s.group.stop()
	for _, st := range s.stmts.stmts {
		st.Close()
	}
	s.stmts.reads.Range(func(_, st any) bool { st.(*sql.Stmt).Close(); return true })
	err := s.db.Close()
	if s.wdb != s.db {
		err = errors.Join(err, s.wdb.Close())
	}
	if s.checkpoints != nil {
		err = errors.Join(err, s.checkpoints.stop())
	}
	return err
}

// Tx is a write transaction. Storage methods open one and hand it to small helpers, so a state
// change and its audit row commit together or not at all.
type Tx struct {
	queries
	// sqlTx is the transaction on SQLite. On PostgreSQL it is nil: the transaction is begun with a
	// BEGIN statement on conn (pipeline.go), so that its COMMIT can go out in one round trip with
	// the statements queued for the end.
	sqlTx *sql.Tx
	store *Store
	// now is the transaction's single clock reading, so every row it writes carries one time.
	now time.Time
	// afterCommit runs once the transaction has committed, never if it rolls back.
	afterCommit []func()
	// aggregates are the statistics deltas written just before the commit (aggregates.go).
	aggregates aggregates
	// conn and pending: on PostgreSQL, the transaction's connection and the statements queued
	// to go out together before the commit (pipeline.go).
	conn    *sql.Conn
	pending []pendingStmt
	// group is the transaction of the group this write runs in, if any (groupcommit.go): the
	// statements its earlier writes queued are there until the commit (see flushGroup).
	group *Tx
	// audits are the transaction's audit rows, chained and written at the commit (auditchain.go),
	// to chain (0: chain 1).
	audits []auditRow
	chain  int
	// flushFailed is set on a group's transaction when its queued statements, sent early by
	// flushGroup, failed: the writes that queued them are done, so the group cannot commit.
	flushFailed error
	// savepoints is set on a group's transaction when each of its writes runs in a savepoint of
	// its own (runGroup).
	savepoints bool
	// histories, on a PostgreSQL group's transaction, are its transfers' senders' AML histories,
	// read in one statement for the time now before its writes ran (readGroupHistories).
	histories *amlHistories
}

// queries runs a transaction's statements: the *sql.Tx on SQLite, the connection on PostgreSQL.
type queries interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// Rollback ends the transaction without its changes. After a failed statement or commit it is
// what returns a PostgreSQL connection to the pool clean; the statement goes out even when the
// request's context has ended.
func (tx *Tx) Rollback() error {
	if tx.sqlTx != nil {
		return tx.sqlTx.Rollback()
	}
	_, err := tx.conn.ExecContext(context.Background(), "ROLLBACK")
	return err
}

// Write runs fn in a write transaction, committing if fn returns nil and rolling back otherwise.
// On SQLite, writes from concurrent requests are grouped into one transaction (see groupcommit.go);
// each still commits or rolls back as a whole, with its audit row. On PostgreSQL only transfers
// are grouped (writeGrouped); every other write has a transaction of its own.
func (s *Store) Write(ctx context.Context, fn func(*Tx) error) (err error) {
	defer wrap(&err, "write")
	if err := s.prepareHot(ctx); err != nil {
		return fmt.Errorf("prepare: %w", err)
	}
	if s.dialect == dialectSQLite {
		return s.groupWrite(ctx, false, nil, func(tx *Tx) error {
			if err := fn(tx); err != nil {
				return err
			}
			tx.afterCommit = append(tx.afterCommit, s.cache.invalidate)
			return nil
		})
	}
	tx, err := s.beginPipelined(ctx)
	if err != nil {
		return err
	}
	defer tx.conn.Close()
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	// The other instances' cached reads go stale with this commit (readcache.go).
	_ = tx.execLater(ctx, sqlNotifyWrite)
	if err := tx.commit(ctx); err != nil {
		_ = tx.Rollback()
		return fmt.Errorf("commit: %w", err)
	}
	s.cache.invalidate()
	for _, f := range tx.afterCommit {
		f()
	}
	return nil
}

// writeGrouped is Write for the writes that come by the thousand a second (transfers): grouped
// on both databases (groupcommit.go). fn gets a context that its request's end does not cancel:
// its statements run on a connection the whole group shares, and on PostgreSQL a statement
// cancelled midway takes that connection, and the group, down.
// A write is skipped only if its request ends before the group reaches it.
//
// fn must be rerunnable (writeJob): it may run again in a new transaction after a run in a group
// that did not commit. hint, if not nil, is the transfer fn records (writeJob).
func (s *Store) writeGrouped(ctx context.Context, hint *historyHint, fn func(context.Context, *Tx) error) error {
	if err := s.prepareHot(ctx); err != nil {
		return fmt.Errorf("prepare: %w", err)
	}
	detached := context.WithoutCancel(ctx)
	return s.groupWrite(ctx, true, hint, func(tx *Tx) error { return fn(detached, tx) })
}

// NewID returns a new record id. Version 7 UUIDs are time-ordered, which keeps primary-key
// indexes compact under heavy inserts.
func NewID() string { return uuid.Must(uuid.NewV7()).String() }

// Audit is one audit_logs row: who did what to which record, from where.
type Audit struct {
	UserID     string
	Action     string
	Resource   string
	ResourceID string
	Details    map[string]any
	IPAddress  string
	UserAgent  string
}

// Audit records an audit row in the transaction. The row is written, chained to the audit
// trail, just before the transaction commits (auditchain.go), and only if it commits.
func (tx *Tx) Audit(ctx context.Context, a Audit) (err error) {
	defer wrap(&err, "audit")
	details, err := marshalJSON(a.Details)
	if err != nil {
		return fmt.Errorf("audit row: %w", err)
	}
	a.UserAgent = truncate(a.UserAgent, 512)
	tx.audits = append(tx.audits, auditRow{Audit: a, id: NewID(), at: tx.now, details: details})
	return nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "")
}

// notFound is returned by single-row reads so handlers answer 404 with a clear message.
func notFound(code string) error { return domain.E(domain.ENOTFOUND, code) }

// RecordAccess writes an audit row for a read that matters (a bulk export), in its own
// transaction: the read changes nothing, but who took what must be on record.
func (s *Store) RecordAccess(ctx context.Context, a Audit) (err error) {
	defer wrap(&err, "record access")
	return s.Write(ctx, func(tx *Tx) error { return tx.Audit(ctx, a) })
}
