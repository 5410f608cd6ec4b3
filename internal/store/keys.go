package store

import (
	"context"
	"time"

	"github.com/kormeer/kormeer/internal/secrets"
)

// The server's keys (internal/secrets) are stored here when they are not given from outside:
// sealed by the master key when one is configured, in clear otherwise. *Store implements
// secrets.Storage; values are never written to the log or the audit trail.

// ServerKeys returns every stored key version, by name then version.
func (s *Store) ServerKeys(ctx context.Context) (_ []secrets.Stored, err error) {
	defer wrap(&err, "read server keys")
	rows, err := s.db.QueryContext(ctx, `SELECT name, seq, value, active_from, retire_at FROM server_key_versions ORDER BY name, seq`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []secrets.Stored
	for rows.Next() {
		var k secrets.Stored
		if err := rows.Scan(&k.Name, &k.Seq, &k.Value, scanTime(&k.ActiveFrom), scanTime(&k.RetireAt)); err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	return out, rows.Err()
}

// AddServerKey stores a key version unless its name already has that version (two instances
// generating a first key together, or two rotations racing: one wins); retireOthersAt, when
// set, is when the versions it replaces stop verifying.
func (s *Store) AddServerKey(ctx context.Context, k secrets.Stored, retireOthersAt time.Time) (added bool, err error) {
	defer wrap(&err, "add server key")
	err = s.Write(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO server_key_versions (name, seq, value, active_from, created_at)
			VALUES ($1, $2, $3, $4, $5) ON CONFLICT (name, seq) DO NOTHING`, k.Name, k.Seq, k.Value, ts(k.ActiveFrom), ts(tx.now))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		added = true
		action := "server_key.generate"
		details := map[string]any{"key": k.Name, "version": k.Seq, "sealed": k.Sealed(), "activeFrom": k.ActiveFrom}
		if !retireOthersAt.IsZero() {
			action, details["previousRetireAt"] = "server_key.rotate", retireOthersAt
			if _, err := tx.ExecContext(ctx, `UPDATE server_key_versions SET retire_at = $3
				WHERE name = $1 AND seq < $2 AND retire_at IS NULL`, k.Name, k.Seq, ts(retireOthersAt)); err != nil {
				return err
			}
		}
		return tx.Audit(ctx, Audit{Action: action, Resource: "server_key", Details: details})
	})
	return added, err
}

// ReplaceServerKeyValue stores a version in a new form (sealed) if another instance has not
// already done so.
func (s *Store) ReplaceServerKeyValue(ctx context.Context, name string, seq int, old, new string) (err error) {
	defer wrap(&err, "replace server key value")
	return s.Write(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE server_key_versions SET value = $4 WHERE name = $1 AND seq = $2 AND value = $3`,
			name, seq, old, new)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		return tx.Audit(ctx, Audit{Action: "server_key.seal", Resource: "server_key",
			Details: map[string]any{"key": name, "version": seq}})
	})
}

// RetireServerKeys makes the versions of name that no newer version replaces stop verifying at
// at (the key is now given from outside).
func (s *Store) RetireServerKeys(ctx context.Context, name string, at time.Time) (err error) {
	defer wrap(&err, "retire server keys")
	return s.Write(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE server_key_versions SET retire_at = $2 WHERE name = $1 AND retire_at IS NULL`, name, ts(at))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		return tx.Audit(ctx, Audit{Action: "server_key.retire", Resource: "server_key",
			Details: map[string]any{"key": name, "retireAt": at}})
	})
}

// DeleteRetiredServerKeys deletes the versions whose grace period ended before before.
func (s *Store) DeleteRetiredServerKeys(ctx context.Context, before time.Time) (err error) {
	defer wrap(&err, "delete retired server keys")
	return s.Write(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM server_key_versions WHERE retire_at IS NOT NULL AND retire_at <= $1`, ts(before))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		return tx.Audit(ctx, Audit{Action: "server_key.delete", Resource: "server_key",
			Details: map[string]any{"retiredBefore": before}})
	})
}

var _ secrets.Storage = (*Store)(nil)
