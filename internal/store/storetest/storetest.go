// Package storetest opens fresh, migrated databases for tests: a temporary SQLite file always, and
// a PostgreSQL schema of its own when KORMEER_TEST_POSTGRES_URL is set, so one suite runs
// unchanged against both.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/kormeer/kormeer/internal/store"
)

// PostgresEnv names the variable holding the PostgreSQL URL the tests may use.
const PostgresEnv = "KORMEER_TEST_POSTGRES_URL"

// Backend is a database the suites run against.
type Backend struct {
	Name string
	// URL returns the URL of a fresh, empty database (a new file or a new schema).
	URL func(tb testing.TB) string
}

// Backends returns SQLite, plus PostgreSQL when PostgresEnv is set.
func Backends() []Backend {
	b := []Backend{{Name: "sqlite", URL: sqliteURL}}
	if os.Getenv(PostgresEnv) != "" {
		b = append(b, Backend{Name: "postgres", URL: postgresURL})
	}
	return b
}

// Run runs fn once per backend as a subtest.
func Run(t *testing.T, fn func(t *testing.T, b Backend)) {
	for _, b := range Backends() {
		t.Run(b.Name, func(t *testing.T) { fn(t, b) })
	}
}

// MustOpen opens and migrates a fresh database of backend b, closed when the test ends.
func MustOpen(tb testing.TB, b Backend) *store.Store {
	tb.Helper()
	return MustOpenURL(tb, b.URL(tb))
}

// MustOpenURL opens and migrates the database at url, closed when the test ends; two calls with
// one URL are two instances sharing a database.
func MustOpenURL(tb testing.TB, url string) *store.Store {
	tb.Helper()
	s, err := store.Open(context.Background(), url)
	if err != nil {
		tb.Fatalf("open %s: %v", url, err)
	}
	tb.Cleanup(func() { s.Close() })
	if _, err := s.Migrate(context.Background()); err != nil {
		tb.Fatalf("migrate %s: %v", url, err)
	}
	return s
}

func sqliteURL(tb testing.TB) string {
	return filepath.Join(tb.TempDir(), "kormeer.db")
}

// postgresURL creates a schema of the test's own and returns a URL whose search_path selects it,
// so tests run in parallel without seeing each other's rows.
func postgresURL(tb testing.TB) string {
	tb.Helper()
	base := os.Getenv(PostgresEnv)
	var buf [6]byte
	rand.Read(buf[:])
	schema := "kt_" + hex.EncodeToString(buf[:])
	admin, err := sql.Open("pgx", base)
	if err != nil {
		tb.Fatalf("open postgres: %v", err)
	}
	defer admin.Close()
	if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
		tb.Fatalf("create schema: %v", err)
	}
	tb.Cleanup(func() {
		db, err := sql.Open("pgx", base)
		if err != nil {
			return
		}
		defer db.Close()
		db.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
	})
	u, err := url.Parse(base)
	if err != nil {
		tb.Fatalf("parse %s: %v", PostgresEnv, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
