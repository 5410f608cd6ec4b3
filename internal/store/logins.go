package store

import (
	"context"
	"time"
)

// RecordLoginFailure counts a failed sign-in for the email (known or not, so that the answer does
// not reveal which accounts exist) and the client address, with its audit row.
func (s *Store) RecordLoginFailure(ctx context.Context, email, ip string, audit Audit) (err error) {
	defer wrap(&err, "record login failure")
	return s.Write(ctx, func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO login_failures (id, email, ip_address, created_at)
			VALUES ($1, $2, $3, $4)`, NewID(), email, ip, ts(tx.now)); err != nil {
			return err
		}
		return tx.Audit(ctx, audit)
	})
}

// LoginFailures returns how many sign-ins failed since the given time for the email and for the
// client address.
func (s *Store) LoginFailures(ctx context.Context, email, ip string, since time.Time) (byEmail, byIP int, err error) {
	defer wrap(&err, "read login failures")
	err = s.db.QueryRowContext(ctx, `SELECT
		(SELECT COUNT(*) FROM login_failures WHERE email = $1 AND created_at > $3),
		(SELECT COUNT(*) FROM login_failures WHERE ip_address = $2 AND created_at > $3)`,
		email, ip, ts(since)).Scan(&byEmail, &byIP)
	return byEmail, byIP, err
}

// DeleteLoginFailuresBefore forgets failures older than the counting window.
func (s *Store) DeleteLoginFailuresBefore(ctx context.Context, before time.Time) (err error) {
	defer wrap(&err, "delete login failures before")
	return s.Write(ctx, func(tx *Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM login_failures WHERE created_at < $1`, ts(before))
		return err
	})
}
