package store

import (
	"context"
)

// ServerKey returns the secret stored under name, storing generate()'s value first if there is
// none. Every instance on the same database therefore uses the same key, and a key generated on
// first start survives restarts.
func (s *Store) ServerKey(ctx context.Context, name string, generate func() (string, error)) (string, error) {
	fresh, err := generate()
	if err != nil {
		return "", err
	}
	var value string
	err = s.Write(ctx, func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO server_keys (name, value, created_at) VALUES ($1, $2, $3)
			ON CONFLICT (name) DO NOTHING`, name, fresh, ts(tx.now)); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `SELECT value FROM server_keys WHERE name = $1`, name).Scan(&value)
	})
	return value, err
}
