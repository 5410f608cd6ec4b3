package store_test

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/kormeer/kormeer/internal/objects"
	"github.com/kormeer/kormeer/internal/store/storetest"
)

// Uploads kept on disk by an earlier version are copied into the database once, without
// replacing what the database holds; bytes read back are the bytes stored.
func TestBlobsAndImportOfFilesOnDisk(t *testing.T) {
	storetest.Run(t, func(t *testing.T, b storetest.Backend) {
		ctx := context.Background()
		s := storetest.MustOpen(t, b)
		blobs := s.Blobs()
		if err := blobs.Put(ctx, "logos/kept.png", []byte("in the database")); err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		for name, data := range map[string]string{"logos/kept.png": "on disk, older", "uploads/a.png": "A", "profiles/b.jpg": "B",
			"uploads/.upload-123": "a temporary file never finished"} {
			p := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if n, err := objects.ImportDir(ctx, dir, blobs); err != nil || n != 2 {
			t.Fatalf("first import: %d %v, want 2", n, err)
		}
		if n, err := objects.ImportDir(ctx, dir, blobs); err != nil || n != 0 {
			t.Fatalf("second import: %d %v, want 0", n, err)
		}
		if n, err := objects.ImportDir(ctx, filepath.Join(dir, "absent"), blobs); err != nil || n != 0 {
			t.Fatalf("no directory: %d %v", n, err)
		}
		for key, want := range map[string]string{"logos/kept.png": "in the database", "uploads/a.png": "A", "profiles/b.jpg": "B"} {
			f, err := blobs.Open(ctx, key)
			if err != nil {
				t.Fatalf("%s: %v", key, err)
			}
			got, _ := io.ReadAll(f)
			f.Close()
			if string(got) != want {
				t.Errorf("%s = %q, want %q", key, got, want)
			}
		}
		if _, err := blobs.Open(ctx, "uploads/.upload-123"); !errors.Is(err, objects.ErrNotFound) {
			t.Errorf("a temporary file was imported: %v", err)
		}
	})
}
