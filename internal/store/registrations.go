package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

// Registration is a self-registration waiting for its e-mail address to be confirmed.
type Registration struct {
	Email, FirstName, LastName, PasswordHash string
	// TokenHash is the SHA-256 of the confirmation link's token; the token itself is never kept.
	TokenHash string
	ExpiresAt time.Time
}

// Purposes of the registration e-mails, and how many of them one address receives in an hour.
const (
	PurposeConfirmEmail   = "registration_confirm"
	PurposeExistingEmail  = "registration_existing"
	maxRegistrationEmails = 3
)

// RequestRegistration records a self-registration and the e-mail that confirms it; when the
// address has an account already, it only sends that account's owner the other e-mail
// (existing), so the caller cannot tell the two apart. An address gets at most three such
// e-mails an hour; further requests change nothing. The audit row names what happened.
func (s *Store) RequestRegistration(ctx context.Context, reg Registration, confirm, existing Notification, audit Audit) (err error) {
	defer wrap(&err, "request registration")
	reg.Email = domain.NormalizeEmail(reg.Email)
	return s.Write(ctx, func(tx *Tx) error {
		var sent, accounts int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM notifications WHERE recipient = $1 AND purpose IN ($2, $3)
			AND created_at > $4`, reg.Email, PurposeConfirmEmail, PurposeExistingEmail, ts(tx.now.Add(-time.Hour))).Scan(&sent); err != nil {
			return err
		}
		if sent >= maxRegistrationEmails {
			return nil
		}
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM users WHERE email = $1`, reg.Email).Scan(&accounts); err != nil {
			return err
		}
		audit.Resource, audit.Details = "user", map[string]any{"email": reg.Email}
		if accounts > 0 {
			existing.Recipient, existing.Purpose, existing.Channel = reg.Email, PurposeExistingEmail, "email"
			if err := tx.Enqueue(ctx, &existing); err != nil {
				return err
			}
			audit.Action = "user.register_existing"
			return tx.Audit(ctx, audit)
		}
		id := NewID()
		if _, err := tx.ExecContext(ctx, `INSERT INTO registrations (id, email, first_name, last_name, password_hash, token_hash,
			expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, id, reg.Email, reg.FirstName, reg.LastName,
			reg.PasswordHash, reg.TokenHash, ts(reg.ExpiresAt), ts(tx.now)); err != nil {
			return err
		}
		confirm.Recipient, confirm.Purpose, confirm.Channel = reg.Email, PurposeConfirmEmail, "email"
		if err := tx.Enqueue(ctx, &confirm); err != nil {
			return err
		}
		audit.Action, audit.ResourceID = "user.register_requested", id
		return tx.Audit(ctx, audit)
	})
}

// ConfirmRegistration turns the registration whose token hashes to tokenHash into a citizen
// account, with its audit row, and forgets every registration of that address. An unknown or
// expired token answers ENOTFOUND; an address that has meanwhile got an account, ECONFLICT.
func (s *Store) ConfirmRegistration(ctx context.Context, tokenHash string, audit Audit) (_ *domain.User, err error) {
	defer wrap(&err, "confirm registration")
	var u *domain.User
	err = s.Write(ctx, func(tx *Tx) error {
		var id string
		reg := Registration{}
		err := tx.QueryRowContext(ctx, `SELECT id, email, first_name, last_name, password_hash FROM registrations
			WHERE token_hash = $1 AND expires_at > $2`, tokenHash, ts(tx.now)).Scan(&id, &reg.Email, &reg.FirstName,
			&reg.LastName, &reg.PasswordHash)
		if errors.Is(err, sql.ErrNoRows) {
			return domain.E(domain.ENOTFOUND, domain.CodeConfirmationLinkInvalid)
		}
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM registrations WHERE email = $1`, reg.Email); err != nil {
			return err
		}
		u = &domain.User{Email: reg.Email, FirstName: reg.FirstName, LastName: reg.LastName, PasswordHash: reg.PasswordHash,
			Role: domain.RoleCitizen, IsActive: true}
		if err := tx.insertUser(ctx, u); err != nil {
			if domain.ErrorCode(err) == domain.ECONFLICT {
				return domain.E(domain.ECONFLICT, domain.CodeAddressHasAccount)
			}
			return err
		}
		audit.Action, audit.Resource, audit.ResourceID, audit.UserID = "user.register", "user", u.ID, u.ID
		audit.Details = map[string]any{"email": u.Email, "role": u.Role, "confirmed": true}
		return tx.Audit(ctx, audit)
	})
	if err != nil {
		return nil, err
	}
	return u, nil
}

// DeleteExpiredRegistrations forgets registrations whose link has expired.
func (s *Store) DeleteExpiredRegistrations(ctx context.Context) (err error) {
	defer wrap(&err, "delete expired registrations")
	return s.Write(ctx, func(tx *Tx) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM registrations WHERE expires_at <= $1`, ts(tx.now))
		return err
	})
}
