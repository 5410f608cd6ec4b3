package store

import "context"

// WriteGrouped lets the contract tests send writes through the transfers' group commit, which
// on PostgreSQL only transfers reach.
func WriteGrouped(s *Store, ctx context.Context, key string, fn func(context.Context, *Tx) error) error {
	return s.writeGrouped(ctx, key, fn)
}
