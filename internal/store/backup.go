package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// ErrBackupPostgres says that `kormeer backup` copies SQLite portals only: PostgreSQL has its own
// tools for a consistent copy of a running database (docs/DEPLOYMENT.md, Backup and restore).
var ErrBackupPostgres = errors.New("kormeer backup copies a SQLite portal; back PostgreSQL up with pg_dump (docs/DEPLOYMENT.md, Backup and restore)")

// Backup writes a consistent copy of a running SQLite portal to out: the database as of one
// moment (VACUUM INTO reads it in one transaction while the portal keeps writing), uploads
// included, since their bytes are in the database. The copy is written beside out under a
// temporary name, synced and renamed, so out is either the whole copy or absent; an existing out
// is never replaced.
func (s *Store) Backup(ctx context.Context, out string) (err error) {
	defer wrap(&err, "backup")
	if s.dialect != dialectSQLite {
		return ErrBackupPostgres
	}
	abs, err := filepath.Abs(out)
	if err != nil {
		return fmt.Errorf("backup to %s: %w", out, err)
	}
	if _, err := os.Lstat(abs); err == nil {
		return fmt.Errorf("backup to %s: the file exists; choose a new name (a backup never replaces a file)", out)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("backup to %s: %w", out, err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(abs), "."+filepath.Base(abs)+".partial-*")
	if err != nil {
		return fmt.Errorf("backup to %s: cannot write there: %w", out, unwrapPath(err))
	}
	tmpName := tmp.Name()
	tmp.Close()
	os.Remove(tmpName) // VACUUM INTO creates its file and refuses one that exists
	done := false
	defer func() {
		if !done {
			os.Remove(tmpName)
		}
	}()
	// A connection of its own: the readers are query_only, which VACUUM INTO is refused on, and
	// the writer must not be held for as long as the copy takes.
	db, err := sql.Open("sqlite", sqliteFileURL(sqlitePath(s.url))+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return fmt.Errorf("backup to %s: %w", out, err)
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, `VACUUM INTO $1`, tmpName); err != nil {
		return fmt.Errorf("backup to %s: %w", out, err)
	}
	if err := syncFile(tmpName); err != nil {
		return fmt.Errorf("backup to %s: %w", out, err)
	}
	if err := os.Rename(tmpName, abs); err != nil {
		return fmt.Errorf("backup to %s: %w", out, err)
	}
	done = true
	return syncFile(filepath.Dir(abs)) // the rename itself survives a crash
}

// syncFile flushes a file or directory to the disk.
func syncFile(name string) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}

// unwrapPath drops the temporary file's name from an error about the directory: the operator
// named the backup, not the temporary file.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) && strings.Contains(pe.Path, ".partial-") {
		return pe.Err
	}
	return err
}
