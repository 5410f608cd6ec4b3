package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"

	"github.com/kormeer/kormeer/internal/domain"
)

const userColumns = `id, email, COALESCE(username, ''), first_name, last_name, COALESCE(profile_image_url, ''),
	password_hash, role, COALESCE(institution, ''), is_active, is_guest, guest_units_remaining, token_version,
	must_change_password, language, created_at, updated_at, COALESCE(CAST(created_by AS TEXT), ''),
	COALESCE(CAST(granted_by AS TEXT), ''), granted_at,
	EXISTS (SELECT 1 FROM user_totp WHERE user_totp.user_id = users.id AND user_totp.enabled_at IS NOT NULL)`

func scanUser(row interface{ Scan(...any) error }) (*domain.User, error) {
	var u domain.User
	err := row.Scan(&u.ID, &u.Email, &u.Username, &u.FirstName, &u.LastName, &u.ProfileImageURL,
		&u.PasswordHash, &u.Role, &u.Institution, &u.IsActive, &u.IsGuest, &u.GuestUnitsRemaining,
		&u.TokenVersion, &u.MustChangePassword, &u.Language, scanTime(&u.CreatedAt), scanTime(&u.UpdatedAt),
		&u.CreatedBy, &u.GrantedBy, scanTime(&u.GrantedAt), &u.TOTPEnabled)
	if err != nil {
		return nil, err
	}
	return &u, nil
}

// CreateUser inserts u (assigning its id and times) and the audit row in one transaction. An
// existing email or username answers ECONFLICT.
func (s *Store) CreateUser(ctx context.Context, u *domain.User, audit Audit) (err error) {
	defer wrap(&err, "create user")
	return s.Write(ctx, func(tx *Tx) error {
		if err := tx.insertUser(ctx, u); err != nil {
			return err
		}
		audit.ResourceID = u.ID
		if audit.UserID == "" {
			audit.UserID = u.ID
		}
		return tx.Audit(ctx, audit)
	})
}

func (tx *Tx) insertUser(ctx context.Context, u *domain.User) error {
	u.ID = NewID()
	u.Email = domain.NormalizeEmail(u.Email)
	u.CreatedAt, u.UpdatedAt = tx.now, tx.now
	if u.Role == "" {
		u.Role = domain.RoleCitizen
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO users (id, email, username, first_name, last_name,
		profile_image_url, password_hash, role, institution, is_active, is_guest, guest_units_remaining,
		created_at, updated_at, created_by, must_change_password)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
		u.ID, u.Email, nullString(u.Username), u.FirstName, u.LastName, nullString(u.ProfileImageURL),
		u.PasswordHash, string(u.Role), nullString(u.Institution), u.IsActive, u.IsGuest,
		u.GuestUnitsRemaining, ts(u.CreatedAt), ts(u.UpdatedAt), nullString(u.CreatedBy), u.MustChangePassword)
	if isUniqueViolation(err) {
		return domain.E(domain.ECONFLICT, domain.CodeAccountExists)
	}
	if err != nil {
		return fmt.Errorf("insert user: %w", err)
	}
	return nil
}

// EnsureUser creates u unless an account with its email exists, and never changes an existing
// account. It reports whether it created one. Several instances starting together create one.
func (s *Store) EnsureUser(ctx context.Context, u *domain.User, audit Audit) (created bool, err error) {
	defer wrap(&err, "ensure user")
	err = s.Write(ctx, func(tx *Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM users WHERE email = $1`,
			domain.NormalizeEmail(u.Email)).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return nil
		}
		if err := tx.insertUser(ctx, u); err != nil {
			return err
		}
		created = true
		audit.UserID, audit.ResourceID = u.ID, u.ID
		return tx.Audit(ctx, audit)
	})
	if domain.ErrorCode(err) == domain.ECONFLICT {
		return false, nil // another instance created it between our read and insert
	}
	return created, err
}

// UserByID returns the account with id, or ENOTFOUND.
func (s *Store) UserByID(ctx context.Context, id string) (_ *domain.User, err error) {
	defer wrap(&err, "read user by id")
	if !validID(id) {
		return nil, notFound(domain.CodeUserNotFound) // PostgreSQL would refuse a malformed uuid with an error
	}
	return s.userWhere(ctx, `id = $1`, id)
}

// UserByLogin returns the account whose email (case-insensitive) or username is login.
func (s *Store) UserByLogin(ctx context.Context, login string) (_ *domain.User, err error) {
	defer wrap(&err, "read user by login")
	return s.userWhere(ctx, `email = $1 OR username = $2`, domain.NormalizeEmail(login), login)
}

func (s *Store) userWhere(ctx context.Context, where string, args ...any) (*domain.User, error) {
	u, err := scanUser(s.readRow(ctx, `SELECT `+userColumns+` FROM users WHERE `+where+` LIMIT 1`, args...))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound(domain.CodeUserNotFound)
	}
	return u, err
}

// ConsumeGuestUnit takes one read unit from a guest account atomically and returns how many
// remain. A guest with none left gets EFORBIDDEN; concurrent reads never take more than there is.
func (s *Store) ConsumeGuestUnit(ctx context.Context, userID string) (remaining int, err error) {
	defer wrap(&err, "consume guest unit")
	err = s.Write(ctx, func(tx *Tx) error {
		err := tx.QueryRowContext(ctx, `UPDATE users SET guest_units_remaining = guest_units_remaining - 1,
			updated_at = $2 WHERE id = $1 AND is_guest AND guest_units_remaining > 0
			RETURNING guest_units_remaining`, userID, ts(tx.now)).Scan(&remaining)
		if errors.Is(err, sql.ErrNoRows) {
			return domain.E(domain.EFORBIDDEN, domain.CodeGuestUnitsUsedUp, "units", strconv.Itoa(domain.DefaultGuestUnits))
		}
		return err
	})
	return remaining, err
}
