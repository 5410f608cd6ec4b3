package store

import (
	"context"
	"path/filepath"
	"testing"
)

// TestSQLiteCommitsAreDurable: an answered transfer must survive a power cut. In WAL mode
// SQLite's synchronous=NORMAL syncs the log only at checkpoints, so the last commits before a
// power cut can vanish although their requests were answered; FULL (2) syncs the log at every
// commit (once per group, see groupcommit.go). The pragma is per connection: the writer's is the
// one that counts, and the checkpointer's must not be weaker.
func TestSQLiteCommitsAreDurable(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "k.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	var mode, journal string
	if err := s.Write(ctx, func(tx *Tx) error {
		if err := tx.QueryRowContext(ctx, `PRAGMA synchronous`).Scan(&mode); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&journal)
	}); err != nil {
		t.Fatal(err)
	}
	if mode != "2" || journal != "wal" {
		t.Fatalf("writer: synchronous=%s journal_mode=%s, want 2 (FULL) and wal", mode, journal)
	}
	if err := s.checkpoints.db.QueryRowContext(ctx, `PRAGMA synchronous`).Scan(&mode); err != nil {
		t.Fatal(err)
	}
	if mode != "2" {
		t.Fatalf("checkpointer: synchronous=%s, want 2 (FULL)", mode)
	}
}
