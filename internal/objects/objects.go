// Package objects keeps uploaded files (institution logos, profile images). Bytes go to a Store:
// the embedded default is a directory under the data directory; an S3-compatible store can
// replace it behind the same interface. Uploads are images only, checked by content, re-encoded
// and stored under names the server chooses.
package objects

import (
	"context"
	"errors"
	"fmt"
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

// DirStore keeps objects as files under a directory.
type DirStore struct{ dir string }

// NewDirStore returns a store under dir, creating it when missing.
func NewDirStore(dir string) (*DirStore, error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("objects: %w", err)
	}
	return &DirStore{dir: dir}, nil
}

// path maps a key to a file, refusing keys that could leave the directory. Keys are always
// made by the server, so this is a second line of defence.
func (s *DirStore) path(key string) (string, error) {
	if key == "" || strings.Contains(key, "..") || strings.HasPrefix(key, "/") || !fs.ValidPath(key) {
		return "", fmt.Errorf("objects: invalid key %q", key)
	}
	return filepath.Join(s.dir, filepath.FromSlash(key)), nil
}

// Put writes data under key atomically (temporary file, then rename).
func (s *DirStore) Put(_ context.Context, key string, data []byte) error {
	p, err := s.path(key)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o750); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(p), ".upload-*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), p)
}

// Open returns the object's bytes.
func (s *DirStore) Open(_ context.Context, key string) (io.ReadSeekCloser, error) {
	p, err := s.path(key)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNotFound
	}
	return f, err
}
