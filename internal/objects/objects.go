// Package objects keeps uploaded files (institution logos, profile images). Bytes go to a Store
// every instance reads: the database by default (store.Blobs), so that a backup of the database
// holds them, or an S3-compatible bucket (S3Store) for large deployments. Uploads are images
// only, checked by content, re-encoded and stored under names the server chooses.
package objects

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Store holds object bytes by key ("uploads/<id>.png").
type Store interface {
	Put(ctx context.Context, key string, data []byte) error
	Open(ctx context.Context, key string) (io.ReadSeekCloser, error)
}

// ErrNotFound is returned for a key that holds nothing.
var ErrNotFound = errors.New("objects: not found")

// ImportDir copies the files an earlier version kept under dir (KORMEER_DATA_DIR/objects) into
// dst, keeping the objects dst holds already, and returns how many it copied. The portal runs it
// at every start, so a file is never lost whichever version wrote it; the files stay where they
// are until the operator removes them (docs/DEPLOYMENT.md). A missing dir copies nothing.
func ImportDir(ctx context.Context, dir string, dst Store) (int, error) {
	n := 0
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) && path == dir {
			return filepath.SkipDir
		}
		if err != nil || d.IsDir() || strings.HasPrefix(d.Name(), ".") {
			return err // dot files are temporary files of unfinished writes
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		key := filepath.ToSlash(rel)
		if f, err := dst.Open(ctx, key); err == nil {
			f.Close()
			return nil
		} else if !errors.Is(err, ErrNotFound) {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if err := dst.Put(ctx, key, data); err != nil {
			return err
		}
		n++
		return nil
	})
	return n, err
}
