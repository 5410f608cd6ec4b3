package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

// Object is an uploaded file's record; its bytes live in the object store under Key.
type Object struct {
	ID            string
	Key           string
	OwnerID       string
	Kind          string // upload, logo or profile
	ContentType   string
	SizeBytes     int64
	OriginalBytes int64
	Width, Height int
	CreatedAt     time.Time
}

// InsertObject records an uploaded object with its audit row.
func (s *Store) InsertObject(ctx context.Context, o *Object, audit Audit) (err error) {
	defer wrap(&err, "insert object")
	return s.Write(ctx, func(tx *Tx) error {
		o.CreatedAt = tx.now
		if _, err := tx.ExecContext(ctx, `INSERT INTO objects (id, object_key, owner_id, kind, content_type, size_bytes,
			original_bytes, width, height, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
			o.ID, o.Key, o.OwnerID, o.Kind, o.ContentType, o.SizeBytes, o.OriginalBytes, o.Width, o.Height, ts(o.CreatedAt)); err != nil {
			return err
		}
		audit.ResourceID = o.ID
		return tx.Audit(ctx, audit)
	})
}

// ObjectByID returns an object's record, or ENOTFOUND.
func (s *Store) ObjectByID(ctx context.Context, id string) (_ *Object, err error) {
	defer wrap(&err, "read object by id")
	var o Object
	err = s.db.QueryRowContext(ctx, `SELECT id, object_key, owner_id, kind, content_type, size_bytes, original_bytes,
		width, height, created_at FROM objects WHERE id = $1`, id).Scan(&o.ID, &o.Key, &o.OwnerID, &o.Kind,
		&o.ContentType, &o.SizeBytes, &o.OriginalBytes, &o.Width, &o.Height, scanTime(&o.CreatedAt))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound(domain.CodeFileNotFound)
	}
	return &o, err
}

// SetObjectKind turns an upload into a logo or profile image, with its audit row. Doing it twice
// is harmless.
func (s *Store) SetObjectKind(ctx context.Context, id, kind string, audit Audit) (err error) {
	defer wrap(&err, "set object kind")
	return s.Write(ctx, func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE objects SET kind = $2 WHERE id = $1`, id, kind); err != nil {
			return err
		}
		audit.ResourceID = id
		return tx.Audit(ctx, audit)
	})
}
