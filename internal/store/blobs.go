package store

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"io"

	"github.com/kormeer/kormeer/internal/objects"
)

// Blobs keeps uploaded files' bytes in the database (object_blobs), so that with several
// instances behind a load balancer every instance serves every image, and a backup of the
// database holds them. It is the objects.Store of `kormeer serve`.
type Blobs struct{ s *Store }

// Blobs returns the database's object store.
func (s *Store) Blobs() Blobs { return Blobs{s} }

// Put stores data under key, replacing what was there. The upload's audit row is written with
// its record (InsertObject); bytes without a record are never served.
func (b Blobs) Put(ctx context.Context, key string, data []byte) error {
	return b.s.Write(ctx, func(tx *Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO object_blobs (object_key, data, created_at) VALUES ($1, $2, $3)
			ON CONFLICT (object_key) DO UPDATE SET data = excluded.data`, key, data, ts(tx.now))
		return err
	})
}

// Open returns the bytes stored under key.
func (b Blobs) Open(ctx context.Context, key string) (io.ReadSeekCloser, error) {
	var data []byte
	err := b.s.db.QueryRowContext(ctx, `SELECT data FROM object_blobs WHERE object_key = $1`, key).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, objects.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return nopCloser{bytes.NewReader(data)}, nil
}

type nopCloser struct{ *bytes.Reader }

func (nopCloser) Close() error { return nil }
