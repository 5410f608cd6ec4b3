package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

// SessionData is what the sess column holds: enough to list and explain a session to its owner.
type SessionData struct {
	UserID    string    `json:"userId"`
	CreatedAt time.Time `json:"createdAt"`
	IPAddress string    `json:"ipAddress,omitempty"`
	UserAgent string    `json:"userAgent,omitempty"`
}

// CreateSession stores a new browser session and the audit row of the sign-in in one transaction.
// It also clears the account's failed sign-ins, so the count only tracks guessing since the last
// success.
func (s *Store) CreateSession(ctx context.Context, sid string, data SessionData, expire time.Time, audit Audit) (err error) {
	defer wrap(&err, "create session")
	return s.Write(ctx, func(tx *Tx) error { return tx.createSession(ctx, sid, data, expire, audit) })
}

// createSession is CreateSession inside a transaction that may do more (a second-factor sign-in).
func (tx *Tx) createSession(ctx context.Context, sid string, data SessionData, expire time.Time, audit Audit) error {
	data.CreatedAt = tx.now
	sess, err := marshalJSON(data)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO sessions (sid, sess, expire, user_id) VALUES ($1, $2, $3, $4)`,
		sid, sess, ts(expire), data.UserID); err != nil {
		return err
	}
	if audit.Details != nil {
		if email, _ := audit.Details["email"].(string); email != "" {
			if _, err := tx.ExecContext(ctx, `DELETE FROM login_failures WHERE email = $1`, email); err != nil {
				return err
			}
		}
	}
	return tx.Audit(ctx, audit)
}

// SessionUser returns the active account of an unexpired session, or EUNAUTHORIZED. The session
// and its account are read in one query because every signed-in request does this.
func (s *Store) SessionUser(ctx context.Context, sid string) (_ *domain.User, err error) {
	defer wrap(&err, "read session user")
	return cachedUser(ctx, s, "session\x00"+sid, func(ctx context.Context) (*domain.User, error) {
		return scanUser(s.readRow(ctx, `SELECT `+userColumns+` FROM users
			WHERE id = (SELECT user_id FROM sessions WHERE sid = $1 AND expire > $2) AND is_active`, sid, ts(s.Now())))
	})
}

// DeleteSession ends a session and writes the audit row of the sign-out; the API tokens that the
// same sign-in issued are revoked with it (each with its audit row). Deleting a session that no
// longer exists is not an error: signing out twice leaves the same state.
func (s *Store) DeleteSession(ctx context.Context, sid string, audit Audit) (err error) {
	defer wrap(&err, "delete session")
	return s.Write(ctx, func(tx *Tx) error {
		var userID string
		err := tx.QueryRowContext(ctx, `DELETE FROM sessions WHERE sid = $1 RETURNING user_id`, sid).Scan(&userID)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		if audit.UserID == "" {
			audit.UserID = userID
		}
		if err := tx.Audit(ctx, audit); err != nil {
			return err
		}
		return tx.revokeSessionTokens(ctx, userID, sid[:min(len(sid), 8)], "signed out", audit)
	})
}

// DeleteExpiredSessions removes sessions past their expiry and returns how many.
func (s *Store) DeleteExpiredSessions(ctx context.Context) (_ int64, err error) {
	defer wrap(&err, "delete expired sessions")
	var n int64
	err = s.Write(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE expire <= $1`, ts(tx.now))
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return n, err
}
