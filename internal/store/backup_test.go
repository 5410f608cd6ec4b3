package store_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kormeer/kormeer/internal/store"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// A backup is the whole database or nothing: it refuses PostgreSQL, an existing file and a
// directory it cannot write, and leaves no partial file behind.
func TestBackupRefusals(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		s := storetest.MustOpen(t, b)
		dir := t.TempDir()
		out := filepath.Join(dir, "copy.db")
		if b.Name == "postgres" {
			if err := s.Backup(ctx, out); !errors.Is(err, store.ErrBackupPostgres) {
				t.Fatalf("PostgreSQL backup: %v", err)
			}
			return
		}
		if err := s.Blobs().Put(ctx, "logos/x.png", []byte("logo")); err != nil {
			t.Fatal(err)
		}
		if err := s.Backup(ctx, out); err != nil {
			t.Fatal(err)
		}
		copied, err := store.Open(ctx, out)
		if err != nil {
			t.Fatal(err)
		}
		defer copied.Close()
		f, err := copied.Blobs().Open(ctx, "logos/x.png")
		if err != nil {
			t.Fatalf("the upload is not in the backup: %v", err)
		}
		f.Close()
		if err := s.Backup(ctx, out); err == nil || !strings.Contains(err.Error(), "exists") {
			t.Fatalf("backup over an existing file: %v", err)
		}
		locked := filepath.Join(dir, "locked")
		if err := os.Mkdir(locked, 0o500); err != nil {
			t.Fatal(err)
		}
		if os.Getuid() != 0 { // root writes anywhere
			if err := s.Backup(ctx, filepath.Join(locked, "copy.db")); err == nil || !strings.Contains(err.Error(), "cannot write there") {
				t.Fatalf("backup into a read-only directory: %v", err)
			}
		}
		if err := s.Backup(ctx, filepath.Join(dir, "missing", "copy.db")); err == nil || !strings.Contains(err.Error(), "cannot write there") {
			t.Fatalf("backup into a missing directory: %v", err)
		}
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if strings.Contains(e.Name(), ".partial-") {
				t.Errorf("partial file left: %s", e.Name())
			}
		}
	})
}
