package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

// TOTPState is an account's second factor as stored. Secret is sealed (auth.SecondFactor);
// the store never sees it in the clear.
type TOTPState struct {
	Secret   string
	Enabled  bool
	LastStep int64
	// RecoveryLeft is how many recovery codes are still unused.
	RecoveryLeft int
}

// TOTP returns the account's second factor, enabled or waiting for confirmation, or ENOTFOUND.
func (s *Store) TOTP(ctx context.Context, userID string) (_ *TOTPState, err error) {
	defer wrap(&err, "read totp")
	var st TOTPState
	var enabled time.Time
	err = s.db.QueryRowContext(ctx, `SELECT secret, enabled_at, last_step,
		(SELECT COUNT(*) FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL)
		FROM user_totp WHERE user_id = $1`, userID).Scan(&st.Secret, scanTime(&enabled), &st.LastStep, &st.RecoveryLeft)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound(domain.CodeTOTPNotFound)
	}
	st.Enabled = !enabled.IsZero()
	return &st, err
}

// StartTOTP keeps a new sealed secret waiting for its first code, replacing one that was waiting.
// An account whose second factor is on gets ECONFLICT: it must be turned off first, so a stolen
// session cannot swap the authenticator quietly.
func (s *Store) StartTOTP(ctx context.Context, userID, sealed string, audit Audit) (err error) {
	defer wrap(&err, "start totp")
	return s.Write(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO user_totp (user_id, secret, created_at) VALUES ($1, $2, $3)
			ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, created_at = excluded.created_at, last_step = 0
			WHERE user_totp.enabled_at IS NULL`, userID, sealed, ts(tx.now))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errTOTPAlreadyOn
		}
		audit.Action, audit.Resource, audit.ResourceID = "auth.totp_enroll_started", "user", userID
		return tx.Audit(ctx, audit)
	})
}

var errTOTPAlreadyOn = domain.E(domain.ECONFLICT, domain.CodeTOTPAlreadyOn)

// EnableTOTP turns on the enrolment whose sealed secret is sealed (the one the confirming code was
// checked against, so a restart of the enrolment in between cannot slip another secret in), records
// the code's step as used, stores the recovery codes' hashes (replacing any older ones), ends the
// account's other sessions and voids its tokens: whatever was signed in with the password alone
// must sign in again with the code.
func (s *Store) EnableTOTP(ctx context.Context, userID, sealed string, step int64, codeHashes []string, keepSID string, audit Audit) (err error) {
	defer wrap(&err, "enable totp")
	return s.Write(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE user_totp SET enabled_at = $2, last_step = $3
			WHERE user_id = $1 AND secret = $4 AND enabled_at IS NULL`, userID, ts(tx.now), step, sealed)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return domain.E(domain.ECONFLICT, domain.CodeTOTPSetupStale)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM recovery_codes WHERE user_id = $1`, userID); err != nil {
			return err
		}
		for _, h := range codeHashes {
			if _, err := tx.ExecContext(ctx, `INSERT INTO recovery_codes (user_id, code_hash) VALUES ($1, $2)`, userID, h); err != nil {
				return err
			}
		}
		if err := tx.signOutElsewhere(ctx, userID, keepSID); err != nil {
			return err
		}
		audit.Action, audit.Resource, audit.ResourceID = "auth.totp_enabled", "user", userID
		return tx.Audit(ctx, audit)
	})
}

// DisableTOTP removes the account's second factor (enabled or waiting) and its recovery codes.
// ENOTFOUND when there is none.
func (s *Store) DisableTOTP(ctx context.Context, userID string, audit Audit) (err error) {
	defer wrap(&err, "disable totp")
	return s.Write(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM user_totp WHERE user_id = $1`, userID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return notFound(domain.CodeTOTPNotFound)
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM recovery_codes WHERE user_id = $1`, userID); err != nil {
			return err
		}
		audit.Action, audit.Resource, audit.ResourceID = "auth.totp_disabled", "user", userID
		return tx.Audit(ctx, audit)
	})
}

// LoginChallenge is a sign-in whose password was right, waiting for the second factor. ID is the
// hash of what the client holds.
type LoginChallenge struct {
	ID     string
	UserID string
	// Login is the login as typed (normalized): wrong codes count as failed sign-ins of it, as
	// wrong passwords do.
	Login     string
	GuestOnly bool
	Failures  int
	Expires   time.Time
}

// CreateLoginChallenge stores a challenge with the audit row of the accepted password.
func (s *Store) CreateLoginChallenge(ctx context.Context, c LoginChallenge, audit Audit) (err error) {
	defer wrap(&err, "create login challenge")
	return s.Write(ctx, func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO login_challenges (id, user_id, login, guest_only, expires_at)
			VALUES ($1, $2, $3, $4, $5)`, c.ID, c.UserID, c.Login, c.GuestOnly, ts(c.Expires)); err != nil {
			return err
		}
		return tx.Audit(ctx, audit)
	})
}

// errChallengeGone is the answer for a challenge that expired, was used or took too many wrong codes.
var errChallengeGone = domain.E(domain.EUNAUTHORIZED, domain.CodeSignInExpired)

// FindLoginChallenge returns an unexpired challenge, or EUNAUTHORIZED.
func (s *Store) FindLoginChallenge(ctx context.Context, id string) (_ *LoginChallenge, err error) {
	defer wrap(&err, "find login challenge")
	c := LoginChallenge{ID: id}
	err = s.db.QueryRowContext(ctx, `SELECT user_id, login, guest_only, failures, expires_at FROM login_challenges
		WHERE id = $1 AND expires_at > $2`, id, ts(s.Now())).Scan(&c.UserID, &c.Login, &c.GuestOnly, &c.Failures, scanTime(&c.Expires))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errChallengeGone
	}
	return &c, err
}

// FailLoginChallenge counts a wrong code against the challenge (which ends at maxFailures) and, as a
// failed sign-in, against the account and the client address, with its audit row. It returns how
// many tries the challenge has left.
func (s *Store) FailLoginChallenge(ctx context.Context, id, login, ip string, maxFailures int, audit Audit) (left int, err error) {
	defer wrap(&err, "fail login challenge")
	err = s.Write(ctx, func(tx *Tx) error {
		var failures int
		err := tx.QueryRowContext(ctx, `UPDATE login_challenges SET failures = failures + 1 WHERE id = $1
			RETURNING failures`, id).Scan(&failures)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if left = max(maxFailures-failures, 0); left == 0 {
			if _, err := tx.ExecContext(ctx, `DELETE FROM login_challenges WHERE id = $1`, id); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO login_failures (id, email, ip_address, created_at)
			VALUES ($1, $2, $3, $4)`, NewID(), login, ip, ts(tx.now)); err != nil {
			return err
		}
		return tx.Audit(ctx, audit)
	})
	return left, err
}

// SecondFactorProof is what completed a sign-in: a TOTP code's time step, or a recovery code's hash.
type SecondFactorProof struct {
	Step         int64
	RecoveryHash string
}

// errCodeRefused answers a code that was right once but is used now (replayed, or raced).
var errCodeRefused = domain.E(domain.EUNAUTHORIZED, domain.CodeTOTPCodeInvalid)

// IsCodeRefused reports whether err is CompleteLoginChallenge refusing the proof (the challenge
// itself was fine): the caller counts it as a wrong code.
func IsCodeRefused(err error) bool { return errors.Is(err, errCodeRefused) }

// CompleteLoginChallenge ends the challenge, uses the proof up (the TOTP step must be later than
// the last accepted one; the recovery code must be unused) and starts the session, in one
// transaction: of two requests racing with one challenge or one code, one wins. The audit rows
// (the sign-in, and a recovery code's use) commit with it.
func (s *Store) CompleteLoginChallenge(ctx context.Context, c *LoginChallenge, p SecondFactorProof, sid string,
	data SessionData, expire time.Time, audits ...Audit) (err error) {
	defer wrap(&err, "complete login challenge")
	return s.Write(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM login_challenges WHERE id = $1 AND user_id = $2 AND expires_at > $3`,
			c.ID, c.UserID, ts(tx.now))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errChallengeGone
		}
		if p.RecoveryHash != "" {
			res, err = tx.ExecContext(ctx, `UPDATE recovery_codes SET used_at = $3 WHERE user_id = $1 AND code_hash = $2
				AND used_at IS NULL`, c.UserID, p.RecoveryHash, ts(tx.now))
		} else {
			res, err = tx.ExecContext(ctx, `UPDATE user_totp SET last_step = $2 WHERE user_id = $1
				AND enabled_at IS NOT NULL AND last_step < $2`, c.UserID, p.Step)
		}
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errCodeRefused
		}
		for _, a := range audits[1:] {
			if err := tx.Audit(ctx, a); err != nil {
				return err
			}
		}
		return tx.createSession(ctx, sid, data, expire, audits[0])
	})
}

// DeleteExpiredLoginChallenges forgets challenges nobody completed.
func (s *Store) DeleteExpiredLoginChallenges(ctx context.Context) (err error) {
	defer wrap(&err, "delete expired login challenges")
	return s.Write(ctx, func(tx *Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM login_challenges WHERE expires_at <= $1`, ts(tx.now))
		return err
	})
}
