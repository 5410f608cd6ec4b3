package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

// Approval is a change to an account that waits for a second administrator (dual control).
type Approval struct {
	ID             string
	Kind           string // domain.ApprovalAccountCreate or domain.ApprovalAccountRole
	Status         string
	Role           domain.Role // the role asked for
	PreviousRole   domain.Role // the role the account had when the change was proposed
	Target         *domain.User
	ProposedBy     string
	ProposedByName string
	ProposedAt     time.Time
	DecidedBy      string
	DecidedByName  string
	DecidedAt      time.Time
	Reason         string
}

// approvalPayload is what an approval row's payload holds.
type approvalPayload struct {
	Role         domain.Role `json:"role"`
	PreviousRole domain.Role `json:"previousRole,omitempty"`
}

const approvalColumns = `id, kind, status, payload, CAST(target_user AS TEXT), CAST(proposed_by AS TEXT), proposed_at,
	COALESCE(CAST(decided_by AS TEXT), ''), decided_at, COALESCE(reason, ''),
	COALESCE((SELECT first_name || ' ' || last_name FROM users u WHERE u.id = proposed_by), ''),
	COALESCE((SELECT first_name || ' ' || last_name FROM users u WHERE u.id = decided_by), '')`

// scanApproval reads a row of approvalColumns; the target account is filled in separately.
func scanApproval(row interface{ Scan(...any) error }) (*Approval, error) {
	var a Approval
	var raw []byte
	var target string
	if err := row.Scan(&a.ID, &a.Kind, &a.Status, &raw, &target, &a.ProposedBy, scanTime(&a.ProposedAt),
		&a.DecidedBy, scanTime(&a.DecidedAt), &a.Reason, &a.ProposedByName, &a.DecidedByName); err != nil {
		return nil, err
	}
	var p approvalPayload
	if err := unmarshalJSON(raw, &p); err != nil {
		return nil, err
	}
	a.Role, a.PreviousRole, a.Target = p.Role, p.PreviousRole, &domain.User{ID: target}
	return &a, nil
}

// ProposeAccount creates u as a disabled citizen that must change its password, and a proposal
// that it become role, with their audit rows. Until another administrator approves, the account
// can do nothing: no privileged account exists without two administrators.
func (s *Store) ProposeAccount(ctx context.Context, u *domain.User, role domain.Role, audit Audit) (_ *Approval, err error) {
	defer wrap(&err, "propose account")
	var id string
	err = s.Write(ctx, func(tx *Tx) error {
		u.Role, u.IsActive, u.MustChangePassword = domain.RoleCitizen, false, true
		if err := tx.insertUser(ctx, u); err != nil {
			return err
		}
		create := audit
		create.Action, create.Resource, create.ResourceID = "user.create", "user", u.ID
		create.Details = map[string]any{"email": u.Email, "role": role, "pendingApproval": true}
		if err := tx.Audit(ctx, create); err != nil {
			return err
		}
		var err error
		id, err = tx.propose(ctx, domain.ApprovalAccountCreate, u.ID, approvalPayload{Role: role}, audit)
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.Approval(ctx, id)
}

// ProposeRoleChange proposes that account id get role, and applies the rest of the change (other
// fields, never the role) at once, all in one transaction.
func (s *Store) ProposeRoleChange(ctx context.Context, id string, role domain.Role, rest AccountChange, audit Audit) (_ *Approval, err error) {
	defer wrap(&err, "propose role change")
	if !validID(id) {
		return nil, notFound(domain.CodeUserNotFound)
	}
	var approvalID string
	err = s.Write(ctx, func(tx *Tx) error {
		u, err := tx.userByID(ctx, id)
		if err != nil {
			return err
		}
		if u.Role == role {
			return domain.E(domain.ECONFLICT, domain.CodeRoleAlreadyHeld, "role", string(role))
		}
		if rest.Role = nil; !rest.empty() {
			if _, err := tx.changeAccount(ctx, id, rest, audit); err != nil {
				return err
			}
		}
		approvalID, err = tx.propose(ctx, domain.ApprovalAccountRole, id, approvalPayload{Role: role, PreviousRole: u.Role}, audit)
		return err
	})
	if err != nil {
		return nil, err
	}
	return s.Approval(ctx, approvalID)
}

func (tx *Tx) propose(ctx context.Context, kind, target string, p approvalPayload, audit Audit) (string, error) {
	raw, err := marshalJSON(p)
	if err != nil {
		return "", err
	}
	id := NewID()
	_, err = tx.ExecContext(ctx, `INSERT INTO approvals (id, kind, target_user, payload, status, proposed_by, proposed_at)
		VALUES ($1, $2, $3, $4, 'pending', $5, $6)`, id, kind, target, raw, audit.UserID, ts(tx.now))
	if isUniqueViolation(err) {
		return "", domain.E(domain.ECONFLICT, domain.CodeApprovalWaiting)
	}
	if err != nil {
		return "", err
	}
	audit.Action, audit.Resource, audit.ResourceID = "approval.propose", "approval", id
	audit.Details = map[string]any{"kind": kind, "target": target, "role": p.Role}
	return id, tx.Audit(ctx, audit)
}

// DecideApproval approves or rejects a pending proposal; the proposer withdrawing their own
// proposal cancels it. Approval is checked by domain.CheckApprover against the approver's account
// as it is in this transaction, and the status moves by a conditional update, so of two
// administrators deciding at once one wins and the other gets ECONFLICT.
func (s *Store) DecideApproval(ctx context.Context, id string, approve bool, by, reason string, audit Audit) (_ *Approval, err error) {
	defer wrap(&err, "decide approval")
	if !validID(id) {
		return nil, notFound(domain.CodeApprovalNotFound)
	}
	err = s.Write(ctx, func(tx *Tx) error {
		a, err := scanApproval(tx.QueryRowContext(ctx, `SELECT `+approvalColumns+` FROM approvals WHERE id = $1`, id))
		if errors.Is(err, sql.ErrNoRows) {
			return notFound(domain.CodeApprovalNotFound)
		}
		if err != nil {
			return err
		}
		if a.Status != domain.ApprovalPending {
			return domain.E(domain.ECONFLICT, domain.CodeApprovalDecided, "status", a.Status)
		}
		to := domain.ApprovalRejected
		switch {
		case approve:
			target, err := tx.userByID(ctx, a.Target.ID)
			if err != nil {
				return err
			}
			if err := tx.checkApprover(ctx, by, domain.Proposal{ProposedBy: a.ProposedBy, Target: target.ID,
				TargetCreatedBy: target.CreatedBy}); err != nil {
				return err
			}
			to = domain.ApprovalApproved
		case by == a.ProposedBy:
			to = domain.ApprovalCancelled
		}
		res, err := tx.ExecContext(ctx, `UPDATE approvals SET status = $2, decided_by = $3, decided_at = $4, reason = $5
			WHERE id = $1 AND status = 'pending'`, id, to, by, ts(tx.now), nullString(reason))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return domain.E(domain.ECONFLICT, domain.CodeApprovalRaced)
		}
		if to == domain.ApprovalApproved {
			set := `role = $2, granted_by = $3, granted_at = $4, updated_at = $4`
			if a.Kind == domain.ApprovalAccountCreate {
				set += `, is_active = TRUE`
			}
			if _, err := tx.ExecContext(ctx, `UPDATE users SET `+set+` WHERE id = $1`, a.Target.ID, string(a.Role),
				a.ProposedBy, ts(tx.now)); err != nil {
				return err
			}
		}
		audit.Action, audit.Resource, audit.ResourceID = decisionActions[to], "approval", id
		audit.Details = map[string]any{"kind": a.Kind, "target": a.Target.ID, "role": a.Role, "reason": reason}
		return tx.Audit(ctx, audit)
	})
	if err != nil {
		return nil, err
	}
	return s.Approval(ctx, id)
}

// decisionActions names the audit action of each decision.
var decisionActions = map[string]string{domain.ApprovalApproved: "approval.approve",
	domain.ApprovalRejected: "approval.reject", domain.ApprovalCancelled: "approval.cancel"}

// checkApprover reads the deciding account in the transaction and applies dual control's rule.
func (tx *Tx) checkApprover(ctx context.Context, by string, p domain.Proposal) error {
	u, err := tx.userByID(ctx, by)
	if domain.ErrorCode(err) == domain.ENOTFOUND {
		return domain.E(domain.EFORBIDDEN, domain.CodeApproverNotAdmin)
	}
	if err != nil {
		return err
	}
	return domain.CheckApprover(approverOf(u), p, tx.now)
}

func approverOf(u *domain.User) domain.Approver {
	return domain.Approver{ID: u.ID, Role: u.Role, Active: u.IsActive, Guest: u.IsGuest, CreatedBy: u.CreatedBy,
		CreatedAt: u.CreatedAt, GrantedBy: u.GrantedBy, GrantedAt: u.GrantedAt}
}

// Approval returns one proposal with its target account, or ENOTFOUND.
func (s *Store) Approval(ctx context.Context, id string) (_ *Approval, err error) {
	defer wrap(&err, "read approval")
	if !validID(id) {
		return nil, notFound(domain.CodeApprovalNotFound)
	}
	a, err := scanApproval(s.db.QueryRowContext(ctx, `SELECT `+approvalColumns+` FROM approvals WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound(domain.CodeApprovalNotFound)
	}
	if err != nil {
		return nil, err
	}
	if a.Target, err = s.UserByID(ctx, a.Target.ID); err != nil {
		return nil, err
	}
	return a, nil
}

// Approvals lists proposals newest first, one page at a time, optionally of one status only.
func (s *Store) Approvals(ctx context.Context, status string, cursor *Cursor, limit int) (_ []*Approval, _ *Cursor, err error) {
	defer wrap(&err, "read approvals")
	where, args := []string{"($1 = '' OR status = $1)"}, []any{status, limit + 1}
	if cursor != nil {
		args = append(args, ts(cursor.CreatedAt), cursor.ID)
		where = append(where, "(proposed_at < $3 OR (proposed_at = $3 AND id < $4))")
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+approvalColumns+` FROM approvals WHERE `+strings.Join(where, " AND ")+`
		ORDER BY proposed_at DESC, id DESC LIMIT $2`, args...)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	out := []*Approval{}
	for rows.Next() {
		a, err := scanApproval(rows)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, err
	}
	var next *Cursor
	if len(out) > limit {
		out = out[:limit]
		last := out[limit-1]
		next = &Cursor{CreatedAt: last.ProposedAt, ID: last.ID}
	}
	for _, a := range out {
		if a.Target, err = s.UserByID(ctx, a.Target.ID); err != nil {
			return nil, nil, err
		}
	}
	return out, next, nil
}

// PendingRoles maps each account with a proposal waiting for approval to the role proposed, so
// user management can say which accounts wait for a second administrator.
func (s *Store) PendingRoles(ctx context.Context) (_ map[string]domain.Role, err error) {
	defer wrap(&err, "read pending roles")
	rows, err := s.db.QueryContext(ctx, `SELECT CAST(target_user AS TEXT), payload FROM approvals WHERE status = 'pending'`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]domain.Role{}
	for rows.Next() {
		var target string
		var raw []byte
		if err := rows.Scan(&target, &raw); err != nil {
			return nil, err
		}
		var p approvalPayload
		if err := unmarshalJSON(raw, &p); err != nil {
			return nil, err
		}
		out[target] = p.Role
	}
	return out, rows.Err()
}

// EligibleApprovers counts the administrators who could approve a proposal of proposer today, so
// a proposer who is the only one is told how to get a second (the server's operator).
func (s *Store) EligibleApprovers(ctx context.Context, proposer string) (_ int, err error) {
	defer wrap(&err, "read eligible approvers")
	rows, err := s.db.QueryContext(ctx, `SELECT `+userColumns+` FROM users WHERE role = 'cbsl_admin' AND is_active AND id <> $1`, proposer)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	n, now := 0, s.Now()
	for rows.Next() {
		u, err := scanUser(rows)
		if err != nil {
			return 0, err
		}
		if domain.CheckApprover(approverOf(u), domain.Proposal{ProposedBy: proposer}, now) == nil {
			n++
		}
	}
	return n, rows.Err()
}
