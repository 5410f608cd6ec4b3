package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

// UserFilter selects accounts for user management; zero fields do not filter.
type UserFilter struct {
	Q      string // part of the email, username or name, any case
	Role   domain.Role
	Active *bool
}

func (f UserFilter) where() listWhere {
	var w listWhere
	if q := strings.ToLower(strings.TrimSpace(f.Q)); q != "" {
		like := "%" + q + "%"
		w.and(`(LOWER(email) LIKE %s OR LOWER(COALESCE(username, '')) LIKE %s OR LOWER(first_name || ' ' || last_name) LIKE %s)`,
			like, like, like)
	}
	w.eq("role", string(f.Role))
	switch {
	case f.Active == nil:
	case *f.Active:
		w.and("is_active")
	default:
		w.and("NOT is_active")
	}
	return w
}

var userList = pagedList[*domain.User]{columns: userColumns, from: "users", created: "created_at", id: "id",
	scan:     func(r rowScanner) (*domain.User, error) { return scanUser(r) },
	cursorOf: func(u *domain.User) *Cursor { return &Cursor{CreatedAt: u.CreatedAt, ID: u.ID} }}

// UsersPage returns one page of the accounts matching f, newest first, after the cursor.
func (s *Store) UsersPage(ctx context.Context, f UserFilter, after *Cursor, limit int) (_ *Page[*domain.User], err error) {
	defer wrap(&err, "read users page")
	return userList.page(ctx, s, f.where(), after, limit)
}

// CountUsers counts the accounts matching f up to countCap; capped reports that there are more.
func (s *Store) CountUsers(ctx context.Context, f UserFilter) (n int, capped bool, err error) {
	defer wrap(&err, "count users")
	return userList.count(ctx, s, f.where())
}

// AccountChange is an administrator's change to an account; nil fields are left alone.
type AccountChange struct {
	Role        *domain.Role
	Institution *string
	IsActive    *bool
	GuestUnits  *int
	// PasswordHash resets the password; the user must change it at the next sign-in.
	PasswordHash string
}

// ChangeAccount applies an administrator's change with its audit row. Disabling an account or
// resetting its password ends its browser sessions and voids its tokens at once (the token
// version moves on).
func (s *Store) ChangeAccount(ctx context.Context, id string, c AccountChange, audit Audit) (_ *domain.User, err error) {
	defer wrap(&err, "change account")
	if !validID(id) {
		return nil, notFound(domain.CodeUserNotFound)
	}
	var out *domain.User
	err = s.Write(ctx, func(tx *Tx) (err error) {
		out, err = tx.changeAccount(ctx, id, c, audit)
		return err
	})
	return out, err
}

// empty reports whether c changes nothing.
func (c AccountChange) empty() bool {
	return c.Role == nil && c.Institution == nil && c.IsActive == nil && c.GuestUnits == nil && c.PasswordHash == ""
}

func (tx *Tx) changeAccount(ctx context.Context, id string, c AccountChange, audit Audit) (*domain.User, error) {
	set, args := []string{"updated_at = $2"}, []any{id, ts(tx.now)}
	add := func(col string, v any) {
		args = append(args, v)
		set = append(set, fmt.Sprintf("%s = $%d", col, len(args)))
	}
	details := map[string]any{}
	endSessions := false
	if c.Role != nil {
		add("role", string(*c.Role))
		details["role"] = *c.Role
	}
	if c.Institution != nil {
		add("institution", nullString(*c.Institution))
		details["institution"] = *c.Institution
	}
	if c.IsActive != nil {
		add("is_active", *c.IsActive)
		details["isActive"] = *c.IsActive
		endSessions = !*c.IsActive
	}
	if c.GuestUnits != nil {
		add("guest_units_remaining", *c.GuestUnits)
		details["guestUnitsRemaining"] = *c.GuestUnits
	}
	if c.PasswordHash != "" {
		add("password_hash", c.PasswordHash)
		set = append(set, "must_change_password = TRUE")
		details["passwordReset"] = true
		endSessions = true
	}
	if endSessions {
		set = append(set, "token_version = token_version + 1")
		if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = $1`, id); err != nil {
			return nil, err
		}
	}
	res, err := tx.ExecContext(ctx, `UPDATE users SET `+strings.Join(set, ", ")+` WHERE id = $1`, args...)
	if err != nil {
		return nil, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil, notFound(domain.CodeUserNotFound)
	}
	audit.Action, audit.Resource, audit.ResourceID, audit.Details = "user.update", "user", id, details
	if err := tx.Audit(ctx, audit); err != nil {
		return nil, err
	}
	return tx.userByID(ctx, id)
}

// userByID reads an account inside the transaction, or ENOTFOUND.
func (tx *Tx) userByID(ctx context.Context, id string) (*domain.User, error) {
	u, err := scanUser(tx.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound(domain.CodeUserNotFound)
	}
	return u, err
}

// ProfileChange is a user's change to their own profile; nil fields are left alone.
type ProfileChange struct {
	FirstName, LastName, ProfileImageURL, Language *string
}

// UpdateProfile changes the caller's own name, image or language, with its audit row.
func (s *Store) UpdateProfile(ctx context.Context, id string, c ProfileChange, audit Audit) (_ *domain.User, err error) {
	defer wrap(&err, "update profile")
	var out *domain.User
	err = s.Write(ctx, func(tx *Tx) error {
		set, args := []string{"updated_at = $2"}, []any{id, ts(tx.now)}
		for col, v := range map[string]*string{"first_name": c.FirstName, "last_name": c.LastName, "language": c.Language} {
			if v != nil {
				args = append(args, *v)
				set = append(set, fmt.Sprintf("%s = $%d", col, len(args)))
			}
		}
		if c.ProfileImageURL != nil {
			args = append(args, nullString(*c.ProfileImageURL))
			set = append(set, fmt.Sprintf("profile_image_url = $%d", len(args)))
		}
		if _, err := tx.ExecContext(ctx, `UPDATE users SET `+strings.Join(set, ", ")+` WHERE id = $1`, args...); err != nil {
			return err
		}
		audit.Action, audit.Resource, audit.ResourceID = "user.profile", "user", id
		if err := tx.Audit(ctx, audit); err != nil {
			return err
		}
		var err error
		out, err = scanUser(tx.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = $1`, id))
		return err
	})
	return out, err
}

// ChangePassword sets the caller's new password, ends every other session and voids tokens
// issued before, with its audit row.
func (s *Store) ChangePassword(ctx context.Context, id, hash, keepSID string, audit Audit) (err error) {
	defer wrap(&err, "change password")
	return s.Write(ctx, func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE users SET password_hash = $2, must_change_password = FALSE,
			updated_at = $3 WHERE id = $1`, id, hash, ts(tx.now)); err != nil {
			return err
		}
		if err := tx.signOutElsewhere(ctx, id, keepSID); err != nil {
			return err
		}
		audit.Action, audit.Resource, audit.ResourceID = "user.password_change", "user", id
		return tx.Audit(ctx, audit)
	})
}

// signOutElsewhere ends every session of the account but keepSID and voids its tokens: what a
// change of credentials (a new password, a second factor turned on) does to what got in before.
func (tx *Tx) signOutElsewhere(ctx context.Context, userID, keepSID string) error {
	if _, err := tx.ExecContext(ctx, `UPDATE users SET token_version = token_version + 1, updated_at = $2 WHERE id = $1`,
		userID, ts(tx.now)); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = $1 AND sid <> $2`, userID, keepSID)
	return err
}

// SessionInfo is one of an account's active sessions, named by a prefix of its id.
type SessionInfo struct {
	Ref       string
	IPAddress string
	UserAgent string
	CreatedAt time.Time
	Expire    time.Time
}

// UserSessions lists an account's unexpired sessions, newest first.
func (s *Store) UserSessions(ctx context.Context, userID string) (_ []SessionInfo, err error) {
	defer wrap(&err, "read user sessions")
	rows, err := s.db.QueryContext(ctx, `SELECT sid, sess, expire FROM sessions WHERE user_id = $1 AND expire > $2
		ORDER BY expire DESC`, userID, ts(s.Now()))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []SessionInfo{}
	for rows.Next() {
		var sid string
		var raw []byte
		var si SessionInfo
		if err := rows.Scan(&sid, &raw, scanTime(&si.Expire)); err != nil {
			return nil, err
		}
		var d SessionData
		if err := unmarshalJSON(raw, &d); err != nil {
			return nil, err
		}
		si.Ref, si.IPAddress, si.UserAgent, si.CreatedAt = sid[:8], d.IPAddress, d.UserAgent, d.CreatedAt
		out = append(out, si)
	}
	return out, rows.Err()
}

// EndSessionByRef signs the account out of the session whose id starts with ref, revoking the
// tokens of that sign-in.
func (s *Store) EndSessionByRef(ctx context.Context, userID, ref string, audit Audit) (err error) {
	defer wrap(&err, "end session by ref")
	if len(ref) != 8 {
		return notFound(domain.CodeSessionNotFound)
	}
	return s.Write(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = $1 AND substr(sid, 1, 8) = $2`, userID, ref)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return notFound(domain.CodeSessionNotFound)
		}
		audit.Action, audit.Resource, audit.ResourceID = "auth.session_end", "session", ref
		if err := tx.Audit(ctx, audit); err != nil {
			return err
		}
		return tx.revokeSessionTokens(ctx, userID, ref, "session ended", audit)
	})
}
