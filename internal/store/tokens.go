package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

// TokenRetention is how long a token's row stays after it expires, so that its owner still sees
// recent tokens (and their revocation) in Settings before the sweep removes it.
const TokenRetention = 24 * time.Hour

// TokenRecord is an issued API token as its owner sees it. The token itself is never stored:
// only its id (the JWT's jti), which alone grants nothing.
type TokenRecord struct {
	ID           string
	UserID       string
	SessionRef   string // the browser session the same sign-in started, if any
	TokenVersion int
	IPAddress    string
	UserAgent    string
	IssuedAt     time.Time
	ExpiresAt    time.Time
	RevokedAt    time.Time // zero while not revoked
	// Voided: the account's token version moved on (password changed, account disabled), which
	// stops the token as surely as a revocation.
	Voided bool
}

// RecordToken stores a newly issued token with the audit row of its issue, in one transaction.
// A token is accepted only while its row exists unrevoked (TokenUser).
func (s *Store) RecordToken(ctx context.Context, t TokenRecord, audit Audit) (err error) {
	defer wrap(&err, "record token")
	return s.Write(ctx, func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO api_tokens (id, user_id, session_ref, token_version, ip_address,
			user_agent, issued_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
			t.ID, t.UserID, nullString(t.SessionRef), t.TokenVersion, nullString(t.IPAddress),
			nullString(truncate(t.UserAgent, 512)), ts(t.IssuedAt), ts(t.ExpiresAt)); err != nil {
			return err
		}
		audit.Action, audit.Resource, audit.ResourceID = "auth.token_issue", "api_token", t.ID
		if audit.UserID == "" {
			audit.UserID = t.UserID
		}
		return tx.Audit(ctx, audit)
	})
}

// TokenUser returns the account of a Bearer token whose row is unrevoked and unexpired, or
// EUNAUTHORIZED. The token's row and its account are read in one query (a prepared statement on
// SQLite), because every Bearer request does this: it costs no more round trips than reading the
// account alone did. The caller still checks that the account is active and the token version.
func (s *Store) TokenUser(ctx context.Context, tokenID, userID string) (_ *domain.User, err error) {
	defer wrap(&err, "read token user")
	if !validID(tokenID) || !validID(userID) {
		return nil, domain.E(domain.EUNAUTHORIZED, domain.CodeSignInRequired)
	}
	return cachedUser(ctx, s, "token\x00"+tokenID+"\x00"+userID, func(ctx context.Context) (*domain.User, error) {
		return scanUser(s.readRow(ctx, `SELECT `+userColumns+` FROM users
			WHERE id = (SELECT user_id FROM api_tokens WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > $3)`,
			tokenID, userID, ts(s.Now())))
	})
}

// UserTokens lists an account's tokens that have not been swept (active, revoked or expired
// within TokenRetention), newest first, at most 100.
func (s *Store) UserTokens(ctx context.Context, userID string) (_ []TokenRecord, err error) {
	defer wrap(&err, "read user tokens")
	rows, err := s.db.QueryContext(ctx, `SELECT t.id, COALESCE(t.session_ref, ''), t.token_version,
		COALESCE(t.ip_address, ''), COALESCE(t.user_agent, ''), t.issued_at, t.expires_at, t.revoked_at, u.token_version
		FROM api_tokens t JOIN users u ON u.id = t.user_id
		WHERE t.user_id = $1 AND t.expires_at > $2 ORDER BY t.issued_at DESC, t.id DESC LIMIT 100`,
		userID, ts(s.Now().Add(-TokenRetention)))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []TokenRecord{}
	for rows.Next() {
		t := TokenRecord{UserID: userID}
		var current int
		if err := rows.Scan(&t.ID, &t.SessionRef, &t.TokenVersion, &t.IPAddress, &t.UserAgent, scanTime(&t.IssuedAt),
			scanTime(&t.ExpiresAt), scanTime(&t.RevokedAt), &current); err != nil {
			return nil, err
		}
		t.Voided = t.TokenVersion != current
		out = append(out, t)
	}
	return out, rows.Err()
}

// RevokeToken revokes one of the account's tokens, with its audit row giving the reason. Another
// account's token and an unknown id answer ENOTFOUND alike; revoking a revoked token again
// changes nothing.
func (s *Store) RevokeToken(ctx context.Context, userID, tokenID, reason string, audit Audit) (err error) {
	defer wrap(&err, "revoke token")
	if !validID(tokenID) {
		return notFound(domain.CodeTokenNotFound)
	}
	return s.Write(ctx, func(tx *Tx) error {
		var owner string
		var revoked time.Time
		err := tx.QueryRowContext(ctx, `SELECT user_id, revoked_at FROM api_tokens WHERE id = $1`, tokenID).
			Scan(&owner, scanTime(&revoked))
		if errors.Is(err, sql.ErrNoRows) || (err == nil && owner != userID) {
			return notFound(domain.CodeTokenNotFound)
		}
		if err != nil || !revoked.IsZero() {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE api_tokens SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL`,
			tokenID, ts(tx.now)); err != nil {
			return err
		}
		audit.Action, audit.Resource, audit.ResourceID = "auth.token_revoke", "api_token", tokenID
		audit.Details = map[string]any{"reason": reason}
		return tx.Audit(ctx, audit)
	})
}

// revokeSessionTokens revokes, inside tx, the unexpired tokens issued by the sign-in that started
// the account's session named by ref, with an audit row for each: ending a session ends the
// sign-in, whichever credential it handed out.
func (tx *Tx) revokeSessionTokens(ctx context.Context, userID, ref, reason string, audit Audit) error {
	ids, err := scanIDs(tx.QueryContext(ctx, `UPDATE api_tokens SET revoked_at = $3
		WHERE user_id = $1 AND session_ref = $2 AND revoked_at IS NULL AND expires_at > $3 RETURNING id`,
		userID, ref, ts(tx.now)))
	if err != nil {
		return err
	}
	for _, id := range ids {
		a := audit
		a.UserID, a.Action, a.Resource, a.ResourceID = userID, "auth.token_revoke", "api_token", id
		a.Details = map[string]any{"reason": reason, "session": ref}
		if err := tx.Audit(ctx, a); err != nil {
			return err
		}
	}
	return nil
}

// DeleteExpiredTokens removes token rows that expired more than TokenRetention ago and returns
// how many.
func (s *Store) DeleteExpiredTokens(ctx context.Context) (_ int64, err error) {
	defer wrap(&err, "delete expired tokens")
	var n int64
	err = s.Write(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM api_tokens WHERE expires_at <= $1`, ts(tx.now.Add(-TokenRetention)))
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return n, err
}
