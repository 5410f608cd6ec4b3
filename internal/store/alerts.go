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

// AlertView is an alert as the alerts lists show it: an AML alert (Kind "aml") or a system
// alert (Kind "system").
type AlertView struct {
	ID          string
	Kind        string
	Title       string
	Description string
	Severity    string
	Status      string // AML alerts only
	AlertType   string
	TriggerRule string
	// Code and Params are what an AML alert says, in any language; a system notice has neither.
	Code          string
	Params        domain.AlertParams
	Amount        domain.Minor
	Currency      string
	InstitutionID string
	TransactionID string
	// The TXN number of the related transaction and the name of the institution, for readers
	// that show them instead of ids.
	TransactionNumber string
	Institution       InstitutionRef
	IsRead            bool
	AssignedTo        string
	ResolvedBy        string
	Resolution        string
	ResolvedAt        time.Time
	CreatedAt         time.Time
}

// AlertScope is whose alerts a reader sees.
type AlertScope struct {
	UserID        string
	Role          domain.Role
	InstitutionID string // for PSP and MNO staff
}

// bindList appends values to args and returns their placeholders for an IN list ("$3, $4").
func bindList(args *[]any, values []string) string {
	marks := make([]string, len(values))
	for i, v := range values {
		*args = append(*args, v)
		marks[i] = fmt.Sprintf("$%d", len(*args))
	}
	return strings.Join(marks, ", ")
}

// reach is which alerts the reader may see: the rule of domain.AlertEvent.VisibleTo, which the
// real-time feed applies too.
func (sc AlertScope) reach() domain.AlertReach {
	return domain.AlertViewer{ID: sc.UserID, Role: sc.Role, Institution: sc.InstitutionID}.Reach()
}

// AlertFilter narrows the alerts list (GET /api/alerts); zero fields do not filter. Institution
// and assignee are fields of an AML alert's case, so filtering on either leaves system notices
// out; notices count as open and keep the severity their type maps to (critical, medium, low).
type AlertFilter struct {
	Kind          string // "aml" or "system"
	Status        string
	Severity      string
	InstitutionID string
	AssignedTo    string // a user id
	Unassigned    bool   // AML alerts nobody is assigned to
	CreatedBefore time.Time
	// OverdueBefore, when set, keeps the AML cases still open or under investigation that were
	// raised before their severity's time: each severity's now minus its handling deadline.
	OverdueBefore map[string]time.Time
	// Sort is the page order, not a filter: AlertSortNewest (also ""), AlertSortOldest or
	// AlertSortSeverity.
	Sort string
}

// The orders of the alerts queue. Severity puts the most severe first and, within a severity,
// the oldest first: the case nearest to (or furthest past) its deadline leads.
const (
	AlertSortNewest   = "newest"
	AlertSortOldest   = "oldest"
	AlertSortSeverity = "severity"
)

// AlertSummary is how many alerts match a filter in each status, and how many of them are
// overdue cases.
type AlertSummary struct {
	ByStatus map[string]int
	Total    int
	Overdue  int
}

// AlertPage is one page of the alerts list.
type AlertPage struct {
	Items []*AlertView
	Next  *Cursor // nil on the last page
}

// alertColumns is the alerts union's select list (the AML branch names the columns): the id twice,
// as text for readers and as stored for the order, which on PostgreSQL must be the uuid order the
// cursor's comparison uses, not the text collation's.
const (
	amlAlertColumns = `CAST(a.id AS TEXT) AS id, 'aml' AS kind, a.title AS title, a.description AS description,
		a.severity AS severity, a.status AS status, a.alert_type AS alert_type, a.trigger_rule AS trigger_rule,
		a.code AS code, CAST(a.params AS TEXT) AS params, COALESCE(a.amount_minor, 0) AS amount_minor, COALESCE(a.currency, '') AS currency,
		COALESCE(CAST(a.institution_id AS TEXT), '') AS institution_id, COALESCE(CAST(a.transaction_id AS TEXT), '') AS transaction_id,
		a.is_read AS is_read, COALESCE(CAST(a.assigned_to AS TEXT), '') AS assigned_to, COALESCE(CAST(a.resolved_by AS TEXT), '') AS resolved_by,
		COALESCE(a.resolution, '') AS resolution, a.resolved_at AS resolved_at, a.created_at AS created_at, a.id AS sort_id,
		a.severity_rank AS sev_rank`
	systemAlertColumns = `CAST(id AS TEXT), 'system', title, message, severity,
		'open', alert_type, '', '', '{}', 0, '', '', '', is_read, '', '', '', NULL, created_at, id, severity_rank`
	alertOutColumns = `id, kind, title, description, severity, status, alert_type, trigger_rule, code, params, amount_minor, currency,
		institution_id, transaction_id, is_read, assigned_to, resolved_by, resolution, resolved_at, created_at`
)

// alertWheres builds the WHERE clauses of the two branches of the alerts union: AML alerts of
// every institution for regulators and of their own for staff; system alerts addressed to the
// reader, to the reader's role, or (for regulators) to nobody in particular; each narrowed by f,
// by one id and by the cursor. Only the values a clause uses are bound: PostgreSQL cannot type
// a parameter no clause names (SQLSTATE 42P18).
func alertWheres(sc AlertScope, f AlertFilter, id string, after *Cursor) (aml, system string, args []any) {
	arg := func(v any) string {
		args = append(args, v)
		return fmt.Sprintf("$%d", len(args))
	}
	var amlConds, sysConds []string
	// The reader's reach (domain.AlertReach.Includes) as SQL. AML alerts are never targeted; system
	// notices belong to no institution.
	reach := sc.reach()
	switch {
	case reach.AllUntargeted:
	case reach.Institution != "" && validID(reach.Institution):
		amlConds = append(amlConds, "a.institution_id = "+arg(reach.Institution))
	default:
		amlConds = append(amlConds, "1 = 0")
	}
	targets := []string{"(target_user_id IS NULL AND target_role = " + arg(reach.Role) + ")"}
	if validID(reach.UserID) {
		targets = append(targets, "target_user_id = "+arg(reach.UserID))
	}
	if reach.AllUntargeted {
		targets = append(targets, "(target_user_id IS NULL AND target_role IS NULL)")
	}
	sysConds = append(sysConds, "("+strings.Join(targets, " OR ")+")")
	switch f.Kind {
	case "aml":
		sysConds = append(sysConds, "1 = 0")
	case "system":
		amlConds = append(amlConds, "1 = 0")
	}
	if f.Status != "" {
		amlConds = append(amlConds, "a.status = "+arg(f.Status))
		if f.Status != domain.AlertOpen {
			sysConds = append(sysConds, "1 = 0")
		}
	}
	if f.Severity != "" {
		p := arg(f.Severity)
		amlConds = append(amlConds, "a.severity = "+p)
		sysConds = append(sysConds, "severity = "+p)
	}
	if f.InstitutionID != "" || f.AssignedTo != "" || f.Unassigned {
		sysConds = append(sysConds, "1 = 0")
	}
	if f.InstitutionID != "" {
		amlConds = append(amlConds, "a.institution_id = "+arg(f.InstitutionID))
	}
	if f.AssignedTo != "" {
		amlConds = append(amlConds, "a.assigned_to = "+arg(f.AssignedTo))
	}
	if f.Unassigned {
		amlConds = append(amlConds, "a.assigned_to IS NULL")
	}
	if len(f.OverdueBefore) > 0 {
		var late []string
		for _, sev := range domain.AlertSeverities {
			if at, ok := f.OverdueBefore[sev]; ok {
				late = append(late, fmt.Sprintf("(a.severity = %s AND a.created_at < %s)", arg(sev), arg(ts(at))))
			}
		}
		active := bindList(&args, domain.AlertActiveStatuses)
		amlConds = append(amlConds, "a.status IN ("+active+") AND ("+strings.Join(late, " OR ")+")")
		sysConds = append(sysConds, "1 = 0")
	}
	if !f.CreatedBefore.IsZero() {
		p := arg(ts(f.CreatedBefore))
		amlConds = append(amlConds, "a.created_at < "+p)
		sysConds = append(sysConds, "created_at < "+p)
	}
	if id != "" {
		p := arg(id)
		amlConds = append(amlConds, "a.id = "+p)
		sysConds = append(sysConds, "id = "+p)
	}
	if after != nil {
		at, last := arg(ts(after.CreatedAt)), arg(after.ID)
		// Past the cursor in the page's order: newer rows come before in newest-first, older
		// ones in the other two.
		cmp := "<"
		if f.Sort == AlertSortOldest || f.Sort == AlertSortSeverity {
			cmp = ">"
		}
		later := func(createdAt, id string) string {
			return fmt.Sprintf("(%[1]s %[3]s %[4]s OR (%[1]s = %[4]s AND %[2]s %[3]s %[5]s))", createdAt, id, cmp, at, last)
		}
		amlAfter, sysAfter := later("a.created_at", "a.id"), later("created_at", "id")
		if f.Sort == AlertSortSeverity {
			rank := arg(after.Rank)
			amlAfter = fmt.Sprintf("(%[1]s < %[2]s OR (%[1]s = %[2]s AND %[3]s))", "a.severity_rank", rank, amlAfter)
			sysAfter = fmt.Sprintf("(%[1]s < %[2]s OR (%[1]s = %[2]s AND %[3]s))", "severity_rank", rank, sysAfter)
		}
		amlConds = append(amlConds, amlAfter)
		sysConds = append(sysConds, sysAfter)
	}
	and := func(conds []string) string {
		if len(conds) == 0 {
			return "1 = 1"
		}
		return strings.Join(conds, " AND ")
	}
	return and(amlConds), and(sysConds), args
}

// splitPage cuts the limit+1 rows a page query read to the page and, when there was a row
// more, the cursor of the page's last row, from which the next page continues.
func splitPage[T any](rows []T, limit int, cursorOf func(T) *Cursor) ([]T, *Cursor) {
	if len(rows) <= limit {
		return rows, nil
	}
	return rows[:limit], cursorOf(rows[limit-1])
}

// AlertsPage returns one page of the alerts the reader may see matching f in f.Sort's order
// (newest first by default), continuing after the cursor. Each order ends in (created_at, id), so
// it is total and pages never skip or repeat an alert even when many share a timestamp. A cursor
// made by another order is refused: continuing from it would skip or repeat alerts.
func (s *Store) AlertsPage(ctx context.Context, sc AlertScope, f AlertFilter, after *Cursor, limit int) (_ *AlertPage, err error) {
	defer wrap(&err, "alerts page")
	if f.Sort == AlertSortNewest {
		f.Sort = ""
	}
	if after != nil && (!validID(after.ID) || after.Sort != f.Sort) {
		return nil, domain.ErrCursor()
	}
	items, err := s.alerts(ctx, sc, f, "", after, limit+1)
	if err != nil {
		return nil, err
	}
	page := &AlertPage{}
	page.Items, page.Next = splitPage(items, limit, func(a *AlertView) *Cursor {
		c := &Cursor{CreatedAt: a.CreatedAt, ID: a.ID, Sort: f.Sort}
		if f.Sort == AlertSortSeverity {
			c.Rank = domain.SeverityRank(a.Severity)
		}
		return c
	})
	return page, nil
}

// SummarizeAlerts counts the alerts the reader may see matching f in each status, and the
// overdue cases among them by overdueBefore (AlertFilter.OverdueBefore). Counts are exact: the
// queue's status tabs must add up, and alerts number in thousands, not millions.
func (s *Store) SummarizeAlerts(ctx context.Context, sc AlertScope, f AlertFilter, overdueBefore map[string]time.Time) (_ *AlertSummary, err error) {
	defer wrap(&err, "summarize alerts")
	out := &AlertSummary{ByStatus: map[string]int{}}
	for _, st := range domain.AlertStatuses {
		out.ByStatus[st] = 0
	}
	aml, system, args := alertWheres(sc, f, "", nil)
	rows, err := s.db.QueryContext(ctx, `SELECT status, COUNT(*) FROM (
		SELECT a.status AS status FROM aml_alerts a WHERE `+aml+`
		UNION ALL
		SELECT 'open' FROM system_alerts WHERE `+system+`
	) AS alerts GROUP BY status`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var st string
		var n int
		if err := rows.Scan(&st, &n); err != nil {
			return nil, err
		}
		out.ByStatus[st] += n
		out.Total += n
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	// The notices' branch stays, empty, because the scope binds parameters only it names.
	f.OverdueBefore = overdueBefore
	aml, system, args = alertWheres(sc, f, "", nil)
	err = s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM (SELECT 1 AS one FROM aml_alerts a WHERE `+aml+`
		UNION ALL SELECT 1 FROM system_alerts WHERE `+system+`) AS overdue`, args...).Scan(&out.Overdue)
	return out, err
}

// CountAlerts counts the alerts the reader may see matching f up to countCap; capped reports
// that there are more.
func (s *Store) CountAlerts(ctx context.Context, sc AlertScope, f AlertFilter) (n int, capped bool, err error) {
	defer wrap(&err, "count alerts")
	aml, system, args := alertWheres(sc, f, "", nil)
	return s.countCapped(ctx, `SELECT 1 FROM aml_alerts a WHERE `+aml+` UNION ALL SELECT 1 FROM system_alerts WHERE `+system, args)
}

// Alert returns one alert the reader may see, or ENOTFOUND.
func (s *Store) Alert(ctx context.Context, sc AlertScope, id string) (_ *AlertView, err error) {
	defer wrap(&err, "alert")
	if !validID(id) {
		return nil, notFound(domain.CodeAlertNotFound)
	}
	list, err := s.alerts(ctx, sc, AlertFilter{}, id, nil, 1)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, notFound(domain.CodeAlertNotFound)
	}
	return list[0], nil
}

// alertOrders is each order's ORDER BY over the alerts union (AlertSortNewest is "").
var alertOrders = map[string]string{
	"":                "created_at DESC, sort_id DESC",
	AlertSortOldest:   "created_at, sort_id",
	AlertSortSeverity: "sev_rank DESC, created_at, sort_id",
}

func (s *Store) alerts(ctx context.Context, sc AlertScope, f AlertFilter, id string, after *Cursor, limit int) ([]*AlertView, error) {
	aml, system, args := alertWheres(sc, f, id, after)
	args = append(args, limit)
	rows, err := s.db.QueryContext(ctx, `SELECT `+alertOutColumns+` FROM (
		SELECT `+amlAlertColumns+` FROM aml_alerts a WHERE `+aml+`
		UNION ALL
		SELECT `+systemAlertColumns+` FROM system_alerts WHERE `+system+`
	) AS alerts ORDER BY `+alertOrders[f.Sort]+` LIMIT `+fmt.Sprintf("$%d", len(args)), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*AlertView{}
	for rows.Next() {
		var a AlertView
		var params []byte
		if err := rows.Scan(&a.ID, &a.Kind, &a.Title, &a.Description, &a.Severity, &a.Status, &a.AlertType, &a.TriggerRule,
			&a.Code, &params, &a.Amount, &a.Currency, &a.InstitutionID, &a.TransactionID, &a.IsRead, &a.AssignedTo, &a.ResolvedBy,
			&a.Resolution, scanTime(&a.ResolvedAt), scanTime(&a.CreatedAt)); err != nil {
			return nil, err
		}
		if err := unmarshalJSON(params, &a.Params); err != nil {
			return nil, err
		}
		out = append(out, &a)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	var txIDs, instIDs []string
	for _, a := range out {
		txIDs, instIDs = append(txIDs, a.TransactionID), append(instIDs, a.InstitutionID)
	}
	numbers, insts, err := s.References(ctx, txIDs, instIDs)
	for _, a := range out {
		a.TransactionNumber, a.Institution = numbers[a.TransactionID], insts[a.InstitutionID]
	}
	return out, err
}

// AlertEvent is one step of an AML alert's case history.
type AlertEvent struct {
	Action, UserID, FromStatus, ToStatus, Note string
	CreatedAt                                  time.Time
}

// AlertEvents returns an alert's case history, oldest first.
func (s *Store) AlertEvents(ctx context.Context, alertID string) (_ []AlertEvent, err error) {
	defer wrap(&err, "alert events")
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

// ActOnAlert applies a case action (domain.CaseTransition) as a conditional update, the alert
// leaving only from a status the action allows, with its history and audit rows. An action that
// does not fit the alert's status answers ECONFLICT.
func (s *Store) ActOnAlert(ctx context.Context, c CaseAction) (err error) {
	defer wrap(&err, "act on alert")
	if !validID(c.AlertID) {
		return notFound(domain.CodeAlertNotFound)
	}
	step, err := domain.CaseTransition(c.Action, c.Outcome)
	if err != nil {
		return err
	}
	return s.Write(ctx, func(tx *Tx) error {
		var current string
		err := tx.QueryRowContext(ctx, `SELECT status FROM aml_alerts WHERE id = $1`, c.AlertID).Scan(&current)
		if errors.Is(err, sql.ErrNoRows) {
			return notFound(domain.CodeAlertNotFound)
		}
		if err != nil {
			return err
		}
		args := []any{c.AlertID, ts(tx.now)}
		arg := func(v any) string {
			args = append(args, v)
			return fmt.Sprintf("$%d", len(args))
		}
		set := "updated_at = $2"
		where := "id = $1 AND status IN (" + bindList(&args, step.From) + ")"
		if step.Assigns {
			set += ", assigned_to = " + arg(c.UserID)
		}
		if step.To != "" {
			set += ", status = " + arg(step.To)
		}
		if domain.AlertClosed(step.To) {
			set += ", resolved_by = " + arg(c.UserID) + ", resolution = " + arg(nullString(c.Note)) + ", resolved_at = $2"
		}
		res, err := tx.ExecContext(ctx, `UPDATE aml_alerts SET `+set+` WHERE `+where, args...)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return domain.E(domain.ECONFLICT, domain.CodeAlertTransition, "status", current, "action", c.Action)
		}
		next := step.Next(current)
		if _, err := tx.ExecContext(ctx, `INSERT INTO alert_events (id, alert_id, user_id, action, from_status, to_status, note, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, NewID(), c.AlertID, c.UserID, c.Action, current,
			nullString(next), nullString(c.Note), ts(tx.now)); err != nil {
			return err
		}
		if step.To == domain.AlertFalsePositive {
			if err := tx.dismissMatchesOfAlert(ctx, c.AlertID, c.UserID, c.Note); err != nil {
				return err
			}
		}
		a := c.Audit
		a.Action, a.Resource, a.ResourceID = "alert."+c.Action, "aml_alert", c.AlertID
		a.Details = map[string]any{"from": current, "to": next, "note": c.Note}
		return tx.Audit(ctx, a)
	})
}

// AlertKind returns "aml" or "system" for an alert the reader may see, or ENOTFOUND, so that
// nobody learns of alerts outside their scope.
func (s *Store) AlertKind(ctx context.Context, sc AlertScope, id string) (_ string, err error) {
	defer wrap(&err, "alert kind")
	if !validID(id) {
		return "", notFound(domain.CodeAlertNotFound)
	}
	var inst, targetUser, targetRole sql.NullString
	err = s.db.QueryRowContext(ctx, `SELECT CAST(institution_id AS TEXT) FROM aml_alerts WHERE id = $1`, id).Scan(&inst)
	switch {
	case err == nil:
		if sc.reach().Includes(domain.AlertEvent{InstitutionID: inst.String}) {
			return "aml", nil
		}
		return "", notFound(domain.CodeAlertNotFound)
	case !errors.Is(err, sql.ErrNoRows):
		return "", err
	}
	err = s.db.QueryRowContext(ctx, `SELECT CAST(target_user_id AS TEXT), target_role FROM system_alerts WHERE id = $1`, id).
		Scan(&targetUser, &targetRole)
	if errors.Is(err, sql.ErrNoRows) {
		return "", notFound(domain.CodeAlertNotFound)
	}
	if err != nil {
		return "", err
	}
	if sc.reach().Includes(domain.AlertEvent{TargetUserID: targetUser.String, TargetRole: targetRole.String}) {
		return "system", nil
	}
	return "", notFound(domain.CodeAlertNotFound)
}

// MarkAlertRead marks an alert the reader may see as read (the dashboard's dismiss), with its
// audit row.
func (s *Store) MarkAlertRead(ctx context.Context, sc AlertScope, id string, audit Audit) (err error) {
	defer wrap(&err, "mark alert read")
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

// InstitutionRef is a PSP, MNO or bank as a reader names it and links to its registry.
type InstitutionRef struct {
	Kind string // psp, mno or bank
	Name string
}

// References looks up, in one round trip, the TXN numbers of transactions and the names of
// institutions (PSPs, MNOs, banks) by their ids, so that readers show numbers and names instead
// of ids. Empty and malformed ids are skipped; an id not found is absent from the maps.
func (s *Store) References(ctx context.Context, txIDs, instIDs []string) (numbers map[string]string, insts map[string]InstitutionRef, err error) {
	defer wrap(&err, "references")
	numbers, insts = map[string]string{}, map[string]InstitutionRef{}
	var args []any
	in := func(ids []string) string {
		var marks []string
		seen := map[string]bool{}
		for _, id := range ids {
			if validID(id) && !seen[id] {
				seen[id] = true
				args = append(args, id)
				marks = append(marks, fmt.Sprintf("$%d", len(args)))
			}
		}
		if len(marks) == 0 {
			return "NULL"
		}
		return strings.Join(marks, ", ")
	}
	txs, ins := in(txIDs), in(instIDs)
	if len(args) == 0 {
		return numbers, insts, nil
	}
	rows, err := s.db.QueryContext(ctx, `SELECT 'transaction', CAST(id AS TEXT), transaction_id FROM transactions WHERE id IN (`+txs+`)
		UNION ALL SELECT 'psp', CAST(id AS TEXT), name FROM psps WHERE id IN (`+ins+`)
		UNION ALL SELECT 'mno', CAST(id AS TEXT), name FROM mnos WHERE id IN (`+ins+`)
		UNION ALL SELECT 'bank', CAST(id AS TEXT), name FROM banks WHERE id IN (`+ins+`)`, args...)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var kind, id, value string
		if err := rows.Scan(&kind, &id, &value); err != nil {
			return nil, nil, err
		}
		if kind == "transaction" {
			numbers[id] = value
		} else {
			insts[id] = InstitutionRef{Kind: kind, Name: value}
		}
	}
	return numbers, insts, rows.Err()
}
