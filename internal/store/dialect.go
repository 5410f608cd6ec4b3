package store

import (
	"cmp"
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// dialect is the small seam between SQLite and PostgreSQL: everything else is shared SQL with
// $N placeholders, which modernc's SQLite binds by number exactly like PostgreSQL.
type dialect int

const (
	dialectSQLite dialect = iota
	dialectPostgres
)

func (d dialect) String() string {
	if d == dialectPostgres {
		return "postgres"
	}
	return "sqlite"
}

// ddlTokens are substituted into migrations (see migrations/0001_init.sql).
func (d dialect) ddlTokens() *strings.Replacer {
	if d == dialectPostgres {
		return strings.NewReplacer("{{uuid}}", "UUID", "{{ts}}", "TIMESTAMPTZ", "{{json}}", "JSONB", "{{now}}", "now()",
			"{{day:created_at}}", "to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')", "{{bytewise}}", d.bytewise())
	}
	return strings.NewReplacer("{{uuid}}", "TEXT", "{{ts}}", "TEXT", "{{json}}", "TEXT",
		"{{now}}", "(strftime('%Y-%m-%dT%H:%M:%fZ','now'))", "{{day:created_at}}", "substr(created_at, 1, 10)",
		"{{bytewise}}", d.bytewise())
}

// placeholder is the n-th parameter of a generated statement whose parameters appear in order.
// Hand-written SQL uses $n on both databases, but the SQLite driver looks every named or
// numbered parameter up in a list, which makes statements with thousands of them quadratic;
// anonymous ? parameters skip the list.
func (d dialect) placeholder(n int) string {
	if d == dialectPostgres {
		return "$" + strconv.Itoa(n)
	}
	return "?"
}

// bytewise is the collation that compares text byte by byte, for prefix ranges that an index
// can serve.
func (d dialect) bytewise() string {
	if d == dialectPostgres {
		return `COLLATE "C"`
	}
	return "COLLATE BINARY"
}

// isDeadlock reports whether err is PostgreSQL breaking a deadlock by failing this transaction.
func isDeadlock(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "40P01"
}

// isStatementError reports whether err is PostgreSQL refusing a statement of a transaction
// (severity ERROR): the transaction is aborted and nothing of it commits. A FATAL or PANIC error
// ends the session, possibly after a COMMIT had taken effect, so it is not one.
func isStatementError(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && cmp.Or(pgErr.SeverityUnlocalized, pgErr.Severity) == "ERROR"
}

// isUniqueViolation reports whether err is a unique or primary-key violation on either database.
func isUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "23505"
	}
	var sqErr *sqlite.Error
	if errors.As(err, &sqErr) {
		return sqErr.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || sqErr.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	return false
}

func isPostgresURL(u string) bool {
	return strings.HasPrefix(u, "postgres://") || strings.HasPrefix(u, "postgresql://")
}

// postgresConnLifetime bounds how long a pooled PostgreSQL connection, and with it every plan it
// has cached, lives. pgx prepares and caches every statement per connection, and PostgreSQL
// switches a prepared statement to a generic plan after five runs when that plan looks no worse
// than the custom ones. A portal started on an empty database makes that choice on empty
// tables, where a sequential scan looks cheapest, and a connection kept that plan while the
// tables grew, its throughput falling where a restarted process's did not (docs/PERFORMANCE.md,
// "Growth in one process"). A renewed connection chooses again on the data
// of the day, for every statement. Planning every run instead (plan_cache_mode=force_custom_plan)
// cost a third of the throughput on a loaded database; an operator can still ask for it in the
// URL. Tests shorten the lifetime.
var postgresConnLifetime = 30 * time.Second

// openPostgres opens the pool (see postgresConnLifetime for why connections are renewed).
func openPostgres(ctx context.Context, url string) (*sql.DB, error) {
	db, err := sql.Open("pgx", url)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	db.SetMaxOpenConns(25)
	db.SetMaxIdleConns(25)
	db.SetConnMaxIdleTime(5 * time.Minute)
	db.SetConnMaxLifetime(postgresConnLifetime)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("connect to postgres: %w", err)
	}
	return db, nil
}

// sqlitePath is the file a SQLite URL names (optionally prefixed with sqlite: or file:, with
// query parameters).
func sqlitePath(dsn string) string {
	path := strings.TrimPrefix(strings.TrimPrefix(dsn, "sqlite:"), "file:")
	if i := strings.IndexByte(path, '?'); i >= 0 {
		path = path[:i]
	}
	return path
}

// sqliteFileURL is the driver's file: URL of a path, escaped.
func sqliteFileURL(path string) string { return "file:" + (&url.URL{Path: path}).EscapedPath() }

// openSQLite opens one writer connection, a pool of readers and the checkpointer's connection on
// the same file. WAL lets readers run beside the writer; busy_timeout covers other processes (a
// second kormeer on the same file). synchronous=FULL syncs the log at every commit, before the
// request is answered: with NORMAL, WAL mode syncs only at checkpoints, and a power cut could
// lose transfers already acknowledged. Group commit (groupcommit.go) pays that sync once per
// group, not per transfer (docs/PERFORMANCE.md measures the cost).
func openSQLite(ctx context.Context, dsn string) (reader, writer, checkpoints *sql.DB, err error) {
	path := sqlitePath(dsn)
	if path == "" || strings.Contains(path, ":memory:") {
		return nil, nil, nil, errors.New("sqlite: a file path is required (readers and the writer share it)")
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return nil, nil, nil, fmt.Errorf("create database directory: %w", err)
	}
	base := sqliteFileURL(path) + "?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)" +
		"&_pragma=synchronous(FULL)&_time_format=sqlite"
	// A 64 MiB page cache for the writer (SQLite's default is 2 MiB) keeps the upper levels of the
	// indexes a transfer inserts into at random places (sender, recipient, amount; the
	// references grow at one end, domain/ids.go). More is slower: SQLite walks its whole page cache at every commit
	// (pcache1TruncateUnsafe), and the pages it would keep are in the operating system's cache
	// anyway (docs/PERFORMANCE.md, "Figures behind the code's choices"). Temporary storage in
	// memory keeps the savepoint journal of group commit (groupcommit.go) off the disk, where
	// writing it costs system calls on every transfer. The
	// checkpointer (checkpoint.go) copies the log and restarts it; the writer's own checkpoint,
	// at 50,000 pages (about 200 MiB), is the safety net for when it falls behind.
	writer, err = sql.Open("sqlite", base+"&_txlock=immediate&_pragma=cache_size(-65536)&_pragma=temp_store(MEMORY)"+
		"&_pragma=wal_autocheckpoint(50000)")
	if err != nil {
		return nil, nil, nil, fmt.Errorf("open sqlite: %w", err)
	}
	writer.SetMaxOpenConns(1)
	writer.SetConnMaxIdleTime(0)
	// The writer must connect first: it creates the file and switches it to WAL.
	if err := writer.PingContext(ctx); err != nil {
		writer.Close()
		return nil, nil, nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	reader, err = sql.Open("sqlite", base+"&_pragma=query_only(1)&_pragma=cache_size(-16384)")
	if err != nil {
		writer.Close()
		return nil, nil, nil, fmt.Errorf("open sqlite: %w", err)
	}
	reader.SetMaxOpenConns(8)
	reader.SetMaxIdleConns(8)
	checkpoints, err = sql.Open("sqlite", base)
	if err != nil {
		writer.Close()
		reader.Close()
		return nil, nil, nil, fmt.Errorf("open sqlite: %w", err)
	}
	checkpoints.SetMaxOpenConns(1)
	checkpoints.SetConnMaxIdleTime(0)
	return reader, writer, checkpoints, nil
}

// SetWriteCache sets the SQLite writer's page cache for a bulk load, whose random inserts into a
// dozen indexes of millions of rows slow to a crawl once the indexes outgrow the serving cache
// (docs/PERFORMANCE.md, "Figures behind the code's choices"). PostgreSQL sizes its
// own buffers; there this does nothing.
func (s *Store) SetWriteCache(ctx context.Context, mib int) (err error) {
	defer wrap(&err, "set write cache")
	if s.dialect != dialectSQLite || mib <= 0 {
		return nil
	}
	_, err = s.wdb.ExecContext(ctx, fmt.Sprintf("PRAGMA cache_size = -%d", mib*1024))
	return err
}

// timeLayout is how SQLite keeps timestamps: fixed-width UTC with milliseconds, so text order is
// time order and the {{now}} default writes the same shape. PostgreSQL parses it into timestamptz.
const timeLayout = "2006-01-02T15:04:05.000Z"

// dbTime binds a time as timeLayout text on both databases.
type dbTime time.Time

func (t dbTime) Value() (driver.Value, error) { return time.Time(t).UTC().Format(timeLayout), nil }

// TimestamptzValue hands PostgreSQL's driver the time itself, which it sends in binary; through
// Value it formatted the text above and parsed it back, a tenth of the portal's CPU per transfer
// (docs/PERFORMANCE.md). It keeps the milliseconds the text kept.
func (t dbTime) TimestamptzValue() (pgtype.Timestamptz, error) {
	return pgtype.Timestamptz{Time: time.Time(t).Truncate(time.Millisecond), Valid: true}, nil
}

// optText is an optional text argument, NULL when empty (nullString). SQLite's driver reads it
// through Value. PostgreSQL's driver encodes it straight into text and uuid parameters
// (TextValue, UUIDValue); given an sql.NullString for a uuid parameter it first tried the text as
// binary, built an error, then parsed the text and encoded it again, about 4 % of the portal's
// CPU per transfer (docs/PERFORMANCE.md, "Thirteenth session"). Other types still go through
// Value.
type optText struct{ s string }

func nullString(s string) optText { return optText{s} }

func (o optText) Value() (driver.Value, error) {
	if o.s == "" {
		return nil, nil
	}
	return o.s, nil
}

func (o optText) TextValue() (pgtype.Text, error) {
	return pgtype.Text{String: o.s, Valid: o.s != ""}, nil
}

func (o optText) UUIDValue() (pgtype.UUID, error) {
	var u pgtype.UUID
	if o.s == "" {
		return u, nil
	}
	err := u.Scan(o.s)
	return u, err
}

// ts binds a time; a zero time binds as NULL.
func ts(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return dbTime(t)
}

// timeScanner reads a timestamp from either database into a time.Time (zero for NULL).
type timeScanner struct{ t *time.Time }

func scanTime(t *time.Time) timeScanner { return timeScanner{t} }

func (s timeScanner) Scan(v any) error {
	switch x := v.(type) {
	case nil:
		*s.t = time.Time{}
	case time.Time:
		*s.t = x.UTC()
	case string:
		return s.parse(x)
	case []byte:
		return s.parse(string(x))
	default:
		return fmt.Errorf("cannot scan %T into a time", v)
	}
	return nil
}

func (s timeScanner) parse(v string) error {
	for _, layout := range []string{timeLayout, time.RFC3339Nano, "2006-01-02 15:04:05.999999999-07:00"} {
		if t, err := time.Parse(layout, v); err == nil {
			*s.t = t.UTC()
			return nil
		}
	}
	return fmt.Errorf("cannot parse time %q", v)
}

func marshalJSON(v any) (string, error) {
	if v == nil {
		return "{}", nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return "", fmt.Errorf("encode json: %w", err)
	}
	return string(b), nil
}

func unmarshalJSON(b []byte, v any) error {
	if len(b) == 0 {
		return nil
	}
	return json.Unmarshal(b, v)
}

// text reads a column as text whatever its type (UUID, JSONB, integers), for code that must not
// fail on a value of the wrong type (audit verification).
func (d dialect) text(col string) string {
	if d == dialectPostgres {
		return col + "::text"
	}
	return "CAST(" + col + " AS TEXT)"
}

// scanIDs reads a one-column result of ids and closes rows. It takes a query's two results as
// they come: scanIDs(db.QueryContext(...)).
func scanIDs(rows *sql.Rows, err error) ([]string, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}
