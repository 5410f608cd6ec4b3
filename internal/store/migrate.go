package store

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
)

// migrationFS holds the numbered, append-only migrations. A released migration is never edited:
// a change is a new file, so every database reaches the same schema by the same steps. A file
// named NNNN_name.sql runs on both databases; NNNN_name.sqlite.sql or NNNN_name.postgres.sql
// only on that one, for the rare step that only one of them needs.
//
//go:embed migrations/*.sql
var migrationFS embed.FS

type migration struct {
	version int
	name    string
	sql     string
}

func loadMigrations(d dialect) ([]migration, error) {
	names, err := fs.Glob(migrationFS, "migrations/*.sql")
	if err != nil {
		return nil, err
	}
	var out []migration
	for _, n := range names {
		base := strings.TrimPrefix(n, "migrations/")
		if only := strings.Split(base, "."); len(only) == 3 && only[1] != d.String() {
			continue // another database's step
		}
		v, err := strconv.Atoi(strings.SplitN(base, "_", 2)[0])
		if err != nil {
			return nil, fmt.Errorf("migration %s: name must start with a number", base)
		}
		b, err := migrationFS.ReadFile(n)
		if err != nil {
			return nil, err
		}
		out = append(out, migration{version: v, name: base, sql: string(b)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].version < out[j].version })
	return out, nil
}

// Migrate applies every migration not yet applied, each in its own transaction. On PostgreSQL an
// advisory lock makes instances that start together migrate one after another.
func (s *Store) Migrate(ctx context.Context) (applied []string, err error) {
	defer wrap(&err, "migrate")
	migs, err := loadMigrations(s.dialect)
	if err != nil {
		return nil, err
	}
	conn, err := s.wdb.Conn(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	if s.dialect == dialectPostgres {
		if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(72201)`); err != nil {
			return nil, fmt.Errorf("lock for migration: %w", err)
		}
		defer conn.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock(72201)`)
	}
	if _, err := conn.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`); err != nil {
		return nil, fmt.Errorf("create schema_migrations: %w", err)
	}
	done := map[int]bool{}
	rows, err := conn.QueryContext(ctx, `SELECT version FROM schema_migrations`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			rows.Close()
			return nil, err
		}
		done[v] = true
	}
	rows.Close()
	tokens := s.dialect.ddlTokens()
	for _, m := range migs {
		if done[m.version] {
			continue
		}
		tx, err := conn.BeginTx(ctx, nil)
		if err != nil {
			return applied, err
		}
		if _, err := tx.ExecContext(ctx, tokens.Replace(m.sql)); err != nil {
			tx.Rollback()
			return applied, fmt.Errorf("migration %s on %s: %w", m.name, s.dialect, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)`,
			m.version, m.name, dbTime(s.Now())); err != nil {
			tx.Rollback()
			return applied, err
		}
		if err := tx.Commit(); err != nil {
			return applied, err
		}
		applied = append(applied, m.name)
	}
	if s.dialect == dialectSQLite {
		// SQLite's planner chooses between indexes from statistics that only ANALYZE gathers
		// (PostgreSQL's autovacuum keeps its own); optimize refreshes them where they are stale,
		// and the analysis limit bounds the work on large tables.
		if _, err := conn.ExecContext(ctx, `PRAGMA analysis_limit = 1000; PRAGMA optimize = 0x10002`); err != nil {
			return applied, fmt.Errorf("optimize: %w", err)
		}
	}
	return applied, nil
}

// MigrationState is one migration as `kormeer migrate status` lists it.
type MigrationState struct {
	Version int
	Name    string
	// AppliedAt is when it was applied; empty while it is pending.
	AppliedAt string
	// Known is false for a migration the database records but this binary does not hold: a newer
	// version of Kormeer applied it (several instances during an upgrade).
	Known bool
}

// MigrationStatus lists this binary's migrations and the database's record of them, in version
// order, without applying anything. A database never migrated lists every migration as pending.
func (s *Store) MigrationStatus(ctx context.Context) (_ []MigrationState, err error) {
	defer wrap(&err, "read migration status")
	migs, err := loadMigrations(s.dialect)
	if err != nil {
		return nil, err
	}
	applied := map[int]MigrationState{}
	exists, err := s.tableExists(ctx, "schema_migrations")
	if err != nil {
		return nil, err
	}
	if exists {
		rows, err := s.db.QueryContext(ctx, `SELECT version, name, applied_at FROM schema_migrations`)
		if err != nil {
			return nil, fmt.Errorf("read schema_migrations: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var m MigrationState
			if err := rows.Scan(&m.Version, &m.Name, &m.AppliedAt); err != nil {
				return nil, err
			}
			applied[m.Version] = m
		}
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	var out []MigrationState
	for _, m := range migs {
		st := MigrationState{Version: m.version, Name: m.name, Known: true}
		if a, ok := applied[m.version]; ok {
			st.AppliedAt = a.AppliedAt
			delete(applied, m.version)
		}
		out = append(out, st)
	}
	for _, a := range applied {
		out = append(out, a)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	return out, nil
}

// PendingMigrations counts this binary's migrations the database has not applied (readiness).
func (s *Store) PendingMigrations(ctx context.Context) (_ int, err error) {
	defer wrap(&err, "read pending migrations")
	st, err := s.MigrationStatus(ctx)
	n := 0
	for _, m := range st {
		if m.Known && m.AppliedAt == "" {
			n++
		}
	}
	return n, err
}

// tableExists reports whether the database (PostgreSQL: the current schema) has the table.
func (s *Store) tableExists(ctx context.Context, name string) (bool, error) {
	q := `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = $1`
	if s.dialect == dialectPostgres {
		q = `SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = $1`
	}
	var n int
	err := s.db.QueryRowContext(ctx, q, name).Scan(&n)
	return n > 0, err
}
