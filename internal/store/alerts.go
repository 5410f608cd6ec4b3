package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

// AlertView is an alert as the alerts lists show it: an AML alert (Kind "aml") or a system
// alert (Kind "system").
type AlertView struct {
	ID            string
	Kind          string
	Title         string
	Description   string
	Severity      string
	Status        string // AML alerts only
	AlertType     string
	TriggerRule   string
	Amount        domain.Minor
	Currency      string
	InstitutionID string
	TransactionID string
	IsRead        bool
	AssignedTo    string
	ResolvedBy    string
	Resolution    string
	ResolvedAt    time.Time
	CreatedAt     time.Time
}

// AlertScope is whose alerts a reader sees.
type AlertScope struct {
	UserID        string
	Role          domain.Role
	InstitutionID string // for PSP and MNO staff
}

// Alerts lists the alerts the reader may see, newest first: AML alerts of every institution for
// regulators and of their own for staff, and the system alerts addressed to the reader, to the
// reader's role, or (for regulators) to nobody in particular.
func (s *Store) Alerts(ctx context.Context, sc AlertScope, status string, limit int) ([]*AlertView, error) {
	return s.alerts(ctx, sc, status, "", limit)
}

// Alert returns one alert the reader may see, or ENOTFOUND.
func (s *Store) Alert(ctx context.Context, sc AlertScope, id string) (*AlertView, error) {
	if !validID(id) {
		return nil, notFound("Alert")
	}
	list, err := s.alerts(ctx, sc, "", id, 1)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, notFound("Alert")
	}
	return list[0], nil
}

func (s *Store) alerts(ctx context.Context, sc AlertScope, status, id string, limit int) ([]*AlertView, error) {
	amlWhere := "1 = 0"
	args := []any{sc.UserID, string(sc.Role), limit}
	switch {
	case sc.Role.IsRegulator():
		amlWhere = "1 = 1"
	case sc.Role.IsInstitutionStaff() && validID(sc.InstitutionID):
		args = append(args, sc.InstitutionID)
		amlWhere = fmt.Sprintf("a.institution_id = $%d", len(args))
	}
	if status != "" {
		args = append(args, status)
		amlWhere += fmt.Sprintf(" AND a.status = $%d", len(args))
	}
	untargeted := "0 = 1"
	if sc.Role.IsRegulator() {
		untargeted = "(target_user_id IS NULL AND target_role IS NULL)"
	}
	systemWhere := "(CAST(target_user_id AS TEXT) = $1 OR target_role = $2 OR " + untargeted + ")"
	if status != "" && status != "open" {
		systemWhere = "1 = 0" // system alerts have no case status; they count as open
	}
	if id != "" {
		args = append(args, id)
		amlWhere += fmt.Sprintf(" AND a.id = $%d", len(args))
		systemWhere += fmt.Sprintf(" AND id = $%d", len(args))
	}
	rows, err := s.db.QueryContext(ctx, `SELECT * FROM (
		SELECT CAST(a.id AS TEXT), 'aml', a.title, a.description, a.severity, a.status, a.alert_type, a.trigger_rule,
			COALESCE(a.amount_minor, 0), COALESCE(a.currency, ''), COALESCE(CAST(a.institution_id AS TEXT), ''),
			COALESCE(CAST(a.transaction_id AS TEXT), ''), a.is_read, COALESCE(CAST(a.assigned_to AS TEXT), ''),
			COALESCE(CAST(a.resolved_by AS TEXT), ''), COALESCE(a.resolution, ''), a.resolved_at, a.created_at
		FROM aml_alerts a WHERE `+amlWhere+`
		UNION ALL
		SELECT CAST(id AS TEXT), 'system', title, message, CASE alert_type WHEN 'critical' THEN 'critical' WHEN 'warning' THEN 'medium' ELSE 'low' END,
			'open', alert_type, '', 0, '', '', '', is_read, '', '', '', NULL, created_at
		FROM system_alerts WHERE `+systemWhere+`
	) AS alerts ORDER BY 18 DESC LIMIT $3`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*AlertView{}
	for rows.Next() {
		var a AlertView
		if err := rows.Scan(&a.ID, &a.Kind, &a.Title, &a.Description, &a.Severity, &a.Status, &a.AlertType, &a.TriggerRule,
			&a.Amount, &a.Currency, &a.InstitutionID, &a.TransactionID, &a.IsRead, &a.AssignedTo, &a.ResolvedBy,
			&a.Resolution, scanTime(&a.ResolvedAt), scanTime(&a.CreatedAt)); err != nil {
			return nil, err
		}
		out = append(out, &a)
	}
	return out, rows.Err()
}

// AlertEvent is one step of an AML alert's case history.
type AlertEvent struct {
	Action, UserID, FromStatus, ToStatus, Note string
	CreatedAt                                  time.Time
}

// AlertEvents returns an alert's case history, oldest first.
func (s *Store) AlertEvents(ctx context.Context, alertID string) ([]AlertEvent, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT action, COALESCE(CAST(user_id AS TEXT), ''), COALESCE(from_status, ''),
		COALESCE(to_status, ''), COALESCE(note, ''), created_at FROM alert_events WHERE alert_id = $1 ORDER BY created_at, id`, alertID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []AlertEvent{}
	for rows.Next() {
		var e AlertEvent
		if err := rows.Scan(&e.Action, &e.UserID, &e.FromStatus, &e.ToStatus, &e.Note, scanTime(&e.CreatedAt)); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// CaseAction is a step in an AML alert's case workflow.
type CaseAction struct {
	AlertID string
	Action  string // assign, investigate, note, resolve, close
	Outcome string // for close: resolved or false_positive
	Note    string
	UserID  string
	Audit   Audit
}

// caseTransitions: the statuses each action applies to and the status it leads to ("" keeps it).
var caseTransitions = map[string]struct {
	from []string
	to   string
}{
	"assign":      {[]string{"open", "investigating"}, ""},
	"investigate": {[]string{"open"}, "investigating"},
	"note":        {[]string{"open", "investigating", "resolved", "false_positive"}, ""},
	"resolve":     {[]string{"open"}, "resolved"},
	"close":       {[]string{"open", "investigating"}, ""},
}

// ActOnAlert applies a case action as a conditional update with its history and audit rows.
// An action that does not fit the alert's status answers ECONFLICT.
func (s *Store) ActOnAlert(ctx context.Context, c CaseAction) error {
	if !validID(c.AlertID) {
		return notFound("Alert")
	}
	tr, ok := caseTransitions[c.Action]
	if !ok {
		return domain.FieldError("Action must be assign, investigate, note, resolve or close.", map[string]string{"action": "Unknown action"})
	}
	to := tr.to
	if c.Action == "close" {
		if c.Outcome != "resolved" && c.Outcome != "false_positive" {
			return domain.FieldError("Close an alert as resolved or false_positive.", map[string]string{"outcome": "Must be resolved or false_positive"})
		}
		to = c.Outcome
	}
	return s.Write(ctx, func(tx *Tx) error {
		var current string
		err := tx.QueryRowContext(ctx, `SELECT status FROM aml_alerts WHERE id = $1`, c.AlertID).Scan(&current)
		if errors.Is(err, sql.ErrNoRows) {
			return notFound("Alert")
		}
		if err != nil {
			return err
		}
		set, args := "updated_at = $2", []any{c.AlertID, ts(tx.now)}
		where := "id = $1"
		if c.Action != "note" {
			args = append(args, tr.from[0], tr.from[len(tr.from)-1])
			where += " AND status IN ($3, $4)"
		}
		if c.Action == "assign" || c.Action == "investigate" {
			args = append(args, c.UserID)
			set += fmt.Sprintf(", assigned_to = $%d", len(args))
		}
		if to != "" {
			args = append(args, to)
			set += fmt.Sprintf(", status = $%d", len(args))
		}
		if to == "resolved" || to == "false_positive" {
			args = append(args, c.UserID, nullString(c.Note))
			set += fmt.Sprintf(", resolved_by = $%d, resolution = $%d, resolved_at = $2", len(args)-1, len(args))
		}
		res, err := tx.ExecContext(ctx, `UPDATE aml_alerts SET `+set+` WHERE `+where, args...)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return domain.Errorf(domain.ECONFLICT, "This alert is %s; it cannot be %s.", current, map[string]string{
				"assign": "assigned", "investigate": "put under investigation", "resolve": "resolved", "close": "closed"}[c.Action])
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO alert_events (id, alert_id, user_id, action, from_status, to_status, note, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, NewID(), c.AlertID, c.UserID, c.Action, current,
			nullString(firstNonEmpty(to, current)), nullString(c.Note), ts(tx.now)); err != nil {
			return err
		}
		a := c.Audit
		a.Action, a.Resource, a.ResourceID = "alert."+c.Action, "aml_alert", c.AlertID
		a.Details = map[string]any{"from": current, "to": firstNonEmpty(to, current), "note": c.Note}
		return tx.Audit(ctx, a)
	})
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// AlertKind returns "aml" or "system" for an alert the reader may see, or ENOTFOUND, so that
// nobody learns of alerts outside their scope.
func (s *Store) AlertKind(ctx context.Context, sc AlertScope, id string) (string, error) {
	if !validID(id) {
		return "", notFound("Alert")
	}
	var inst, targetUser, targetRole sql.NullString
	err := s.db.QueryRowContext(ctx, `SELECT CAST(institution_id AS TEXT) FROM aml_alerts WHERE id = $1`, id).Scan(&inst)
	switch {
	case err == nil:
		if sc.Role.IsRegulator() || (sc.Role.IsInstitutionStaff() && inst.Valid && inst.String == sc.InstitutionID) {
			return "aml", nil
		}
		return "", notFound("Alert")
	case !errors.Is(err, sql.ErrNoRows):
		return "", err
	}
	err = s.db.QueryRowContext(ctx, `SELECT CAST(target_user_id AS TEXT), target_role FROM system_alerts WHERE id = $1`, id).
		Scan(&targetUser, &targetRole)
	if errors.Is(err, sql.ErrNoRows) {
		return "", notFound("Alert")
	}
	if err != nil {
		return "", err
	}
	if targetUser.String == sc.UserID || targetRole.String == string(sc.Role) ||
		(!targetUser.Valid && !targetRole.Valid && sc.Role.IsRegulator()) {
		return "system", nil
	}
	return "", notFound("Alert")
}

// MarkAlertRead marks an alert the reader may see as read (the dashboard's dismiss), with its
// audit row.
func (s *Store) MarkAlertRead(ctx context.Context, sc AlertScope, id string, audit Audit) error {
	kind, err := s.AlertKind(ctx, sc, id)
	if err != nil {
		return err
	}
	table := map[string]string{"aml": "aml_alerts", "system": "system_alerts"}[kind]
	return s.Write(ctx, func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE `+table+` SET is_read = TRUE, updated_at = $2 WHERE id = $1`, id, ts(tx.now)); err != nil {
			return err
		}
		audit.Action, audit.Resource, audit.ResourceID = "alert.read", table, id
		return tx.Audit(ctx, audit)
	})
}
