// Package objects keeps uploaded files (institution logos, profile images). Bytes go to a Store:
// the database (store.Blobs), so that every instance serves every image and a backup of the
// database holds them. Uploads are images only, checked by content, re-encoded and stored under
// names the server chooses.
package objects

import (
	"context"
	"errors"
	"io"
)

// Store holds object bytes by key ("uploads/<id>.png").
type Store interface {
	Put(ctx context.Context, key string, data []byte) error
	Open(ctx context.Context, key string) (io.ReadSeekCloser, error)
}

// ErrNotFound is returned for a key that holds nothing.
var ErrNotFound = errors.New("objects: not found")
