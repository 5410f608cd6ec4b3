package store

import (
	"context"
	"crypto/subtle"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

// MobileUser is a user of the mobile app (001 §3).
type MobileUser struct {
	ID, FullName, PhoneNumber, NationalID, Email, DeviceID, Platform, Status, SuspensionReason string
	LoginAttempts                                                                              int
	LockedUntil, ApprovedAt, CreatedAt                                                         time.Time
}

const mobileUserColumns = `id, full_name, phone_number, national_id, COALESCE(email, ''), COALESCE(device_id, ''),
	COALESCE(platform, ''), status, COALESCE(suspension_reason, ''), login_attempts, locked_until, approved_at, created_at`

func scanMobileUser(row interface{ Scan(...any) error }) (*MobileUser, error) {
	var m MobileUser
	err := row.Scan(&m.ID, &m.FullName, &m.PhoneNumber, &m.NationalID, &m.Email, &m.DeviceID, &m.Platform, &m.Status,
		&m.SuspensionReason, &m.LoginAttempts, scanTime(&m.LockedUntil), scanTime(&m.ApprovedAt), scanTime(&m.CreatedAt))
	return &m, err
}

// CreateMobileUser registers a pending mobile user; a phone number or national id already
// registered answers ECONFLICT.
func (s *Store) CreateMobileUser(ctx context.Context, in *domain.MobileUserInput, audit Audit) (_ *MobileUser, err error) {
	defer wrap(&err, "create mobile user")
	m := &MobileUser{ID: NewID(), FullName: in.FullName, PhoneNumber: in.PhoneNumber, NationalID: in.NationalID,
		Email: in.Email, DeviceID: in.DeviceID, Platform: in.Platform, Status: "pending"}
	err = s.Write(ctx, func(tx *Tx) error {
		m.CreatedAt = tx.now
		_, err := tx.ExecContext(ctx, `INSERT INTO mobile_users (id, full_name, phone_number, national_id, email, device_id,
			platform, status, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $8)`,
			m.ID, m.FullName, m.PhoneNumber, m.NationalID, nullString(m.Email), nullString(m.DeviceID), nullString(m.Platform), ts(tx.now))
		if isUniqueViolation(err) {
			return domain.E(domain.ECONFLICT, domain.CodeMobileUserExists)
		}
		if err != nil {
			return err
		}
		audit.Action, audit.Resource, audit.ResourceID = "mobile_user.register", "mobile_user", m.ID
		return tx.Audit(ctx, audit)
	})
	return m, err
}

// MobileUserFilter selects mobile users; an empty status does not filter.
type MobileUserFilter struct {
	Status string
}

func (f MobileUserFilter) where() listWhere {
	var w listWhere
	w.eq("status", f.Status)
	return w
}

var mobileUserList = pagedList[*MobileUser]{columns: mobileUserColumns, from: "mobile_users", created: "created_at", id: "id",
	scan:     func(r rowScanner) (*MobileUser, error) { return scanMobileUser(r) },
	cursorOf: func(m *MobileUser) *Cursor { return &Cursor{CreatedAt: m.CreatedAt, ID: m.ID} }}

// MobileUsersPage returns one page of the mobile users matching f, newest first, after the cursor.
func (s *Store) MobileUsersPage(ctx context.Context, f MobileUserFilter, after *Cursor, limit int) (_ *Page[*MobileUser], err error) {
	defer wrap(&err, "read mobile users page")
	return mobileUserList.page(ctx, s, f.where(), after, limit)
}

// CountMobileUsers counts the mobile users matching f up to countCap; capped reports that there are more.
func (s *Store) CountMobileUsers(ctx context.Context, f MobileUserFilter) (n int, capped bool, err error) {
	defer wrap(&err, "count mobile users")
	return mobileUserList.count(ctx, s, f.where())
}

func (s *Store) mobileUser(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, id string) (*MobileUser, error) {
	if !validID(id) {
		return nil, notFound(domain.CodeMobileUserNotFound)
	}
	m, err := scanMobileUser(q.QueryRowContext(ctx, `SELECT `+mobileUserColumns+` FROM mobile_users WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound(domain.CodeMobileUserNotFound)
	}
	return m, err
}

// SetMobileUserStatus moves a mobile user along the allowed transitions as a conditional update
// with its audit row; suspension and revocation require a reason.
func (s *Store) SetMobileUserStatus(ctx context.Context, id, status, reason, actor string, audit Audit) (_ *MobileUser, err error) {
	defer wrap(&err, "set mobile user status")
	from, err := domain.MobileTransition(status)
	if err != nil {
		return nil, err
	}
	var out *MobileUser
	err = s.Write(ctx, func(tx *Tx) error {
		current, err := s.mobileUser(ctx, tx, id)
		if err != nil {
			return err
		}
		set := "status = $2, updated_at = $3"
		args := []any{id, status, ts(tx.now)}
		switch status {
		case "approved":
			set += ", approved_by = $4, approved_at = $3, suspension_reason = NULL"
			args = append(args, nullString(actor))
		case "suspended", "revoked":
			set += ", suspended_by = $4, suspended_at = $3, suspension_reason = $5"
			args = append(args, nullString(actor), reason)
		}
		// from comes from domain's fixed transition table, never from the request.
		cond := " AND status IN ('" + strings.Join(from, "','") + "')"
		res, err := tx.ExecContext(ctx, `UPDATE mobile_users SET `+set+` WHERE id = $1`+cond, args...)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return domain.E(domain.ECONFLICT, domain.CodeMobileTransition, "from", current.Status, "to", status)
		}
		if status != "approved" {
			// Suspension and revocation end the user's mobile sessions and codes at once.
			if _, err := tx.ExecContext(ctx, `UPDATE mobile_sessions SET is_active = FALSE, updated_at = $2 WHERE mobile_user_id = $1`, id, ts(tx.now)); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `UPDATE access_codes SET status = 'revoked', updated_at = $2 WHERE mobile_user_id = $1 AND status = 'active'`, id, ts(tx.now)); err != nil {
				return err
			}
		}
		audit.Action, audit.Resource, audit.ResourceID = "mobile_user."+status, "mobile_user", id
		audit.Details = map[string]any{"from": current.Status, "to": status, "reason": reason}
		if err := tx.Audit(ctx, audit); err != nil {
			return err
		}
		out, err = s.mobileUser(ctx, tx, id)
		return err
	})
	return out, err
}

// AccessCode is an issued code as listed; the code itself is never stored, only its keyed hash,
// and none of its characters: Delivery (both, sms or email) tells codes apart instead.
type AccessCode struct {
	ID, MobileUserID, FullName, PhoneNumber, Status, Delivery string
	CurrentUses, MaxUses                                      int
	ExpiresAt, UsedAt, CreatedAt                              time.Time
}

// NewAccessCode is a code to issue with its delivery messages.
type NewAccessCode struct {
	MobileUserID string
	CodeHash     string
	Delivery     string
	ExpiresAt    time.Time
	GeneratedBy  string
	Deliveries   []Notification
	Audit        Audit
}

// IssueAccessCode stores a code for an approved mobile user, its deliveries in the outbox and the
// audit row, in one transaction. Anyone else answers EINVALID/ENOTFOUND.
func (s *Store) IssueAccessCode(ctx context.Context, c *NewAccessCode) (_ *AccessCode, err error) {
	defer wrap(&err, "issue access code")
	var out *AccessCode
	err = s.Write(ctx, func(tx *Tx) error {
		m, err := s.mobileUser(ctx, tx, c.MobileUserID)
		if err != nil {
			return domain.E(domain.ENOTFOUND, domain.CodeMobileUserNotFound)
		}
		if m.Status != "approved" {
			return domain.Invalid(domain.CodeAccessCodeNeedsUser,
				map[string]domain.Fault{"mobileUserId": domain.F(domain.CodeMobileUserNotApproved)})
		}
		out = &AccessCode{ID: NewID(), MobileUserID: m.ID, FullName: m.FullName, PhoneNumber: m.PhoneNumber,
			Status: "active", Delivery: c.Delivery, MaxUses: 1, ExpiresAt: c.ExpiresAt, CreatedAt: tx.now}
		if _, err := tx.ExecContext(ctx, `INSERT INTO access_codes (id, code_hash, delivery, mobile_user_id, status,
			current_uses, max_uses, expires_at, generated_by, created_at, updated_at)
			VALUES ($1, $2, $3, $4, 'active', 0, 1, $5, $6, $7, $7)`, out.ID, c.CodeHash, nullString(c.Delivery), m.ID, ts(c.ExpiresAt),
			nullString(c.GeneratedBy), ts(tx.now)); err != nil {
			return err
		}
		for i := range c.Deliveries {
			if err := tx.Enqueue(ctx, &c.Deliveries[i]); err != nil {
				return err
			}
		}
		a := c.Audit
		a.Action, a.Resource, a.ResourceID = "access_code.generate", "access_code", out.ID
		a.Details = map[string]any{"mobileUserId": m.ID, "deliveries": len(c.Deliveries), "expiresAt": c.ExpiresAt}
		return tx.Audit(ctx, a)
	})
	return out, err
}

// AccessCodeFilter selects issued codes by the status the list shows (active, used, expired,
// revoked), in which a code past its expiry is expired whatever its stored status.
type AccessCodeFilter struct {
	Status string
	Now    time.Time // the moment "past its expiry" is judged at; the store sets it from its clock
}

func (f AccessCodeFilter) where() listWhere {
	var w listWhere
	switch f.Status {
	case "":
	case "active":
		w.and("c.status = 'active' AND c.expires_at > %s", ts(f.Now))
	case "expired":
		w.and("(c.status = 'expired' OR (c.status = 'active' AND c.expires_at <= %s))", ts(f.Now))
	default:
		w.eq("c.status", f.Status)
	}
	return w
}

// accessCodeList reads codes with their user, newest first; a code past its expiry at now reads
// as expired whatever its stored status.
func accessCodeList(now time.Time) pagedList[*AccessCode] {
	return pagedList[*AccessCode]{from: "access_codes c JOIN mobile_users u ON u.id = c.mobile_user_id", created: "c.created_at", id: "c.id",
		columns: `c.id, c.mobile_user_id, u.full_name, u.phone_number, c.status, COALESCE(c.delivery, ''), c.current_uses,
			c.max_uses, c.expires_at, c.used_at, c.created_at`,
		scan: func(r rowScanner) (*AccessCode, error) {
			var c AccessCode
			err := r.Scan(&c.ID, &c.MobileUserID, &c.FullName, &c.PhoneNumber, &c.Status, &c.Delivery, &c.CurrentUses,
				&c.MaxUses, scanTime(&c.ExpiresAt), scanTime(&c.UsedAt), scanTime(&c.CreatedAt))
			if err == nil && c.Status == "active" && !c.ExpiresAt.After(now) {
				c.Status = "expired"
			}
			return &c, err
		},
		cursorOf: func(c *AccessCode) *Cursor { return &Cursor{CreatedAt: c.CreatedAt, ID: c.ID} }}
}

// AccessCodesPage returns one page of the issued codes matching f, newest first, after the cursor.
func (s *Store) AccessCodesPage(ctx context.Context, f AccessCodeFilter, after *Cursor, limit int) (_ *Page[*AccessCode], err error) {
	defer wrap(&err, "read access codes page")
	f.Now = s.Now()
	return accessCodeList(f.Now).page(ctx, s, f.where(), after, limit)
}

// CountAccessCodes counts the issued codes matching f up to countCap; capped reports that there are more.
func (s *Store) CountAccessCodes(ctx context.Context, f AccessCodeFilter) (n int, capped bool, err error) {
	defer wrap(&err, "count access codes")
	f.Now = s.Now()
	return accessCodeList(f.Now).count(ctx, s, f.where())
}

// RevokeAccessCode revokes an active, unexpired code; anything else answers ECONFLICT.
func (s *Store) RevokeAccessCode(ctx context.Context, id string, audit Audit) (err error) {
	defer wrap(&err, "revoke access code")
	if !validID(id) {
		return domain.E(domain.ENOTFOUND, domain.CodeAccessCodeNotFound)
	}
	return s.Write(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE access_codes SET status = 'revoked', updated_at = $2
			WHERE id = $1 AND status = 'active' AND expires_at > $2`, id, ts(tx.now))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			var status string
			if err := tx.QueryRowContext(ctx, `SELECT status FROM access_codes WHERE id = $1`, id).Scan(&status); errors.Is(err, sql.ErrNoRows) {
				return domain.E(domain.ENOTFOUND, domain.CodeAccessCodeNotFound)
			}
			return domain.E(domain.ECONFLICT, domain.CodeAccessCodeNotActive)
		}
		audit.Action, audit.Resource, audit.ResourceID = "access_code.revoke", "access_code", id
		return tx.Audit(ctx, audit)
	})
}

// Redemption is a mobile app's attempt to redeem a code. CodeHashes are the code's hashes under
// every accepted version of the access-code key, so a code issued before a rotation redeems.
type Redemption struct {
	CodeHashes                               []string
	Phone, DeviceID, Platform, IP, UserAgent string
	SessionTokenHash                         string
	Audit                                    Audit
}

// errRedeem is the one answer to every failed redemption, so the caller learns nothing about
// which part was wrong.
var errRedeem = domain.E(domain.EUNAUTHORIZED, domain.CodeAccessCodeInvalid)

// ErrRedeemLocked answers a redemption for a phone number with domain.MaxRedeemFailures failures
// within domain.RedeemLockout, registered or not.
var ErrRedeemLocked = domain.RedeemLocked()

// redeemKey is how failed redemptions of a phone number are counted in login_failures, beside
// failed sign-ins (counted by email, which cannot start with "mobile:").
func redeemKey(phone string) string { return "mobile:" + phone }

// noMobileUser stands in for the id of an unknown phone number's user, so that an unknown number
// runs the same queries as a registered one (the column is a uuid on PostgreSQL).
const noMobileUser = "00000000-0000-0000-0000-000000000000"

// RedeemAccessCode checks a code for the phone's user, uses it once (a conditional update, so two
// concurrent redemptions of a single-use code open one session), and records a mobile session.
// Failures are counted per phone number whether or not the number is registered, and
// domain.MaxRedeemFailures of them within domain.RedeemLockout lock the number out
// (ErrRedeemLocked): an unknown number runs the same queries, gets the same answers and locks
// out exactly like a registered one, so redemption does not tell which numbers are registered.
func (s *Store) RedeemAccessCode(ctx context.Context, r Redemption) (sessionID string, expires time.Time, err error) {
	defer wrap(&err, "redeem access code")
	var failed bool
	err = s.Write(ctx, func(tx *Tx) error {
		var recent int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM login_failures WHERE email = $1 AND created_at > $2`,
			redeemKey(r.Phone), ts(tx.now.Add(-domain.RedeemLockout))).Scan(&recent); err != nil {
			return err
		}
		if recent >= domain.MaxRedeemFailures {
			return ErrRedeemLocked
		}
		userID, status := noMobileUser, ""
		err := tx.QueryRowContext(ctx, `SELECT id, status FROM mobile_users WHERE phone_number = $1`, r.Phone).Scan(&userID, &status)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		rows, err := tx.QueryContext(ctx, `SELECT id, code_hash FROM access_codes WHERE mobile_user_id = $1
			AND status = 'active' AND expires_at > $2 AND current_uses < max_uses`, userID, ts(tx.now))
		if err != nil {
			return err
		}
		codeID := ""
		for rows.Next() {
			var id, hash string
			if err := rows.Scan(&id, &hash); err != nil {
				rows.Close()
				return err
			}
			for _, h := range r.CodeHashes {
				if subtle.ConstantTimeCompare([]byte(hash), []byte(h)) == 1 {
					codeID = id
				}
			}
		}
		rows.Close()
		if codeID == "" || status != "approved" {
			failed = true
			return nil // the failure is counted below, in its own transaction
		}
		res, err := tx.ExecContext(ctx, `UPDATE access_codes SET current_uses = current_uses + 1, used_at = $2,
			used_from_ip = $3, used_from_device = $4, updated_at = $2,
			status = CASE WHEN current_uses + 1 >= max_uses THEN 'used' ELSE status END
			WHERE id = $1 AND status = 'active' AND current_uses < max_uses`, codeID, ts(tx.now), nullString(r.IP), nullString(r.DeviceID))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			// A concurrent redemption used it first. This counts as a failure like any used code,
			// so the outcome does not depend on whether the other redemption committed before
			// this one read the codes or after (on PostgreSQL both happen).
			failed = true
			return nil
		}
		sessionID, expires = NewID(), tx.now.Add(domain.MobileSessionTTL)
		if _, err := tx.ExecContext(ctx, `INSERT INTO mobile_sessions (id, mobile_user_id, session_token_hash, device_id, platform,
			ip_address, user_agent, is_active, expires_at, last_activity_at, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, TRUE, $8, $9, $9, $9)`, sessionID, userID, r.SessionTokenHash,
			nullString(r.DeviceID), nullString(r.Platform), nullString(r.IP), nullString(r.UserAgent), ts(expires), ts(tx.now)); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE mobile_users SET login_attempts = 0, locked_until = NULL, last_login_at = $2,
			device_id = COALESCE($3, device_id), updated_at = $2 WHERE id = $1`, userID, ts(tx.now), nullString(r.DeviceID)); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM login_failures WHERE email = $1`, redeemKey(r.Phone)); err != nil {
			return err
		}
		a := r.Audit
		a.Action, a.Resource, a.ResourceID = "access_code.redeem", "access_code", codeID
		a.Details = map[string]any{"mobileUserId": userID, "deviceId": r.DeviceID}
		return tx.Audit(ctx, a)
	})
	if err == nil && failed {
		err = s.countRedeemFailure(ctx, r)
		if err == nil {
			err = errRedeem
		}
	}
	return sessionID, expires, err
}

// countRedeemFailure records a failed redemption for the phone number and the client address
// (which the sign-in limit per address counts too), with its audit row. The same statements run
// for a registered and an unknown number; the user's counters, which administrators see, only
// change for a registered one.
func (s *Store) countRedeemFailure(ctx context.Context, r Redemption) error {
	return s.Write(ctx, func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO login_failures (id, email, ip_address, created_at)
			VALUES ($1, $2, $3, $4)`, NewID(), redeemKey(r.Phone), r.IP, ts(tx.now)); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE mobile_users SET login_attempts = login_attempts + 1,
			locked_until = CASE WHEN login_attempts + 1 >= $2 THEN $3 ELSE locked_until END, updated_at = $4
			WHERE phone_number = $1`, r.Phone, domain.MaxRedeemFailures, ts(tx.now.Add(domain.RedeemLockout)), ts(tx.now)); err != nil {
			return err
		}
		a := r.Audit
		a.Action, a.Resource = "access_code.redeem_failed", "mobile_user"
		a.Details = map[string]any{"phone": r.Phone}
		return tx.Audit(ctx, a)
	})
}

// MobileUserByID returns one mobile user, or ENOTFOUND.
func (s *Store) MobileUserByID(ctx context.Context, id string) (_ *MobileUser, err error) {
	defer wrap(&err, "read mobile user by id")
	return s.mobileUser(ctx, s.db, id)
}
