package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

// Sealer seals a notice's body for the outbox (notify.Sealer.Seal): the store never sees the key.
type Sealer func(body string) string

// notice is what a decision tells the people it concerns: a system alert in the portal and an
// e-mail through the outbox, each in the person's language.
type notice struct {
	domain.Notice
	Purpose   string // the outbox's purpose column
	AlertType string // info, warning or critical
	Seal      Sealer
}

// recipient is an account or an address a notice goes to; Language "" means unknown.
type recipient struct{ UserID, Email, Language string }

// notify writes the notice for each recipient: a system alert for those with an account and an
// e-mail for those with an address, in the same transaction as the decision they report.
func (tx *Tx) notify(ctx context.Context, n notice, to ...recipient) error {
	for _, r := range to {
		text := n.In(r.Language)
		if r.UserID != "" {
			if err := tx.InsertSystemAlert(ctx, &SystemAlert{Title: text.Subject, Message: text.Body, AlertType: n.AlertType,
				TargetUserID: r.UserID}); err != nil {
				return err
			}
		}
		if r.Email != "" {
			if err := tx.Enqueue(ctx, &Notification{Channel: "email", Recipient: r.Email, Subject: text.Subject,
				SealedBody: n.Seal(text.Body), Purpose: n.Purpose}); err != nil {
				return err
			}
		}
	}
	return nil
}

// notifyStaff tells the active PSP and MNO administrators of an institution, who hear of every
// change to its licence or compliance status.
func (tx *Tx) notifyStaff(ctx context.Context, institutionID string, n notice) error {
	staff, err := tx.staff(ctx, institutionID)
	if err != nil {
		return err
	}
	return tx.notify(ctx, n, staff...)
}

func (tx *Tx) staff(ctx context.Context, institutionID string) ([]recipient, error) {
	rows, err := tx.QueryContext(ctx, `SELECT CAST(id AS TEXT), email, language FROM users
		WHERE institution = $1 AND is_active AND role IN ('psp_admin','mno_admin') ORDER BY created_at, id`, institutionID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []recipient
	for rows.Next() {
		var r recipient
		if err := rows.Scan(&r.UserID, &r.Email, &r.Language); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// applicant returns whom an application's notices go to: the account that submitted it (a
// system alert, in its language) and the application's contact address, in the submitter's
// language when the submitter is known and in both languages otherwise.
func (tx *Tx) applicant(ctx context.Context, a *Application) ([]recipient, error) {
	contact := recipient{Email: a.ContactEmail}
	if a.SubmittedBy == "" {
		return []recipient{contact}, nil
	}
	var email, lang string
	err := tx.QueryRowContext(ctx, `SELECT email, language FROM users WHERE id = $1`, a.SubmittedBy).Scan(&email, &lang)
	if errors.Is(err, sql.ErrNoRows) {
		return []recipient{contact}, nil
	}
	if err != nil {
		return nil, err
	}
	contact.Language = lang
	out := []recipient{{UserID: a.SubmittedBy, Language: lang}, contact}
	if !strings.EqualFold(email, a.ContactEmail) {
		out = append(out, recipient{Email: email, Language: lang})
	}
	return out, nil
}

// ComplianceChange is a regulator's change of an institution's compliance status, chosen
// (Source "manual") or confirming the system's proposal (Source "proposal").
type ComplianceChange struct {
	Kind, ID, To, Reason, Source string
	// From, when set, is the status the regulator saw: a change made meanwhile answers ECONFLICT
	// instead of being overwritten (a confirmed proposal must still apply to the status it was
	// proposed for).
	From  string
	Seal  Sealer
	Audit Audit
}

// ChangeCompliance sets an institution's compliance status with its reason as a conditional
// update, and in the same transaction writes the history row, the audit row and the notices to
// the institution's staff. It answers the institution's new registry entry.
func (s *Store) ChangeCompliance(ctx context.Context, c ComplianceChange) (_ *RegistryEntry, err error) {
	defer wrap(&err, "change compliance")
	table, err := tableOf(complianceTables, c.Kind, c.ID)
	if err != nil {
		return nil, err
	}
	err = s.Write(ctx, func(tx *Tx) error {
		current, name, err := tx.institutionStatus(ctx, table, "compliance_status", c.ID)
		if err != nil {
			return err
		}
		if c.From != "" && c.From != current {
			return domain.E(domain.ECONFLICT, domain.CodeComplianceChangedTo, "status", current)
		}
		if err := domain.ComplianceTransition(current, c.To); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE `+table+` SET compliance_status = $2, compliance_reason = $3,
			compliance_since = $4, compliance_set_by = $5, updated_at = $4 WHERE id = $1 AND compliance_status = $6`,
			c.ID, c.To, c.Reason, ts(tx.now), nullString(c.Audit.UserID), current)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return domain.E(domain.ECONFLICT, domain.CodeComplianceChanged)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO compliance_status_changes (id, institution_id, institution_type,
			from_status, to_status, reason, source, changed_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
			NewID(), c.ID, c.Kind, current, c.To, c.Reason, c.Source, nullString(c.Audit.UserID), ts(tx.now)); err != nil {
			return err
		}
		a := c.Audit
		a.Action, a.Resource, a.ResourceID = "institution.compliance_"+c.Source, table, c.ID
		a.Details = map[string]any{"from": current, "to": c.To, "reason": c.Reason}
		if err := tx.Audit(ctx, a); err != nil {
			return err
		}
		alertType := map[string]string{domain.ComplianceNonCompliant: "critical", domain.ComplianceUnderReview: "warning"}[c.To]
		if alertType == "" {
			alertType = "info"
		}
		return tx.notifyStaff(ctx, c.ID, notice{Notice: domain.ComplianceChangedNotice(name, current, c.To, c.Reason),
			Purpose: "compliance_status", AlertType: alertType, Seal: c.Seal})
	})
	if err != nil {
		return nil, err
	}
	return s.RegistryEntryByID(ctx, c.Kind, c.ID)
}

// tableOf names the table of an institution kind for a change to the institution id, or
// ENOTFOUND for a kind without one (tables) or an id that cannot be one.
func tableOf(tables map[string]string, kind, id string) (string, error) {
	table, ok := tables[kind]
	if !ok || !validID(id) {
		return "", notFound(domain.CodeInstitutionNotFound)
	}
	return table, nil
}

// institutionStatus reads an institution's status column (licence or compliance) and its name
// inside a change's transaction, or ENOTFOUND.
func (tx *Tx) institutionStatus(ctx context.Context, table, column, id string) (status, name string, err error) {
	err = tx.QueryRowContext(ctx, `SELECT `+column+`, name FROM `+table+` WHERE id = $1`, id).Scan(&status, &name)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", notFound(domain.CodeInstitutionNotFound)
	}
	return status, name, err
}

// complianceTables are the institutions with a compliance lifecycle (banks have none).
var complianceTables = map[string]string{"psp": "psps", "mno": "mnos"}

// ComplianceHistoryEntry is one change of an institution's compliance status.
type ComplianceHistoryEntry struct {
	ID, From, To, Reason, Source, ChangedBy, ChangedByName string
	CreatedAt                                              time.Time
}

// ComplianceHistory lists an institution's compliance status changes, newest first.
func (s *Store) ComplianceHistory(ctx context.Context, id string) (_ []ComplianceHistoryEntry, err error) {
	defer wrap(&err, "read compliance history")
	out := []ComplianceHistoryEntry{}
	if !validID(id) {
		return out, nil
	}
	rows, err := s.db.QueryContext(ctx, `SELECT c.id, c.from_status, c.to_status, c.reason, c.source,
		COALESCE(CAST(c.changed_by AS TEXT), ''), COALESCE(u.first_name || ' ' || u.last_name, ''), c.created_at
		FROM compliance_status_changes c LEFT JOIN users u ON u.id = c.changed_by
		WHERE c.institution_id = $1 ORDER BY c.created_at DESC, c.id DESC`, id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var e ComplianceHistoryEntry
		if err := rows.Scan(&e.ID, &e.From, &e.To, &e.Reason, &e.Source, &e.ChangedBy, &e.ChangedByName, scanTime(&e.CreatedAt)); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// ComplianceProposal is the status the facts call for, with the facts, for a regulator to
// confirm or dismiss. It is computed when read (ComplianceProposals), never stored: the facts
// it rests on are the stored ones, so it can never disagree with them.
type ComplianceProposal struct {
	InstitutionID string
	Current, To   string
	Facts         domain.ComplianceFacts
	// Since is when the status was last decided (set, confirmed or a proposal dismissed): audit
	// findings and KYC rejections count after it. An overdue critical alert is a standing fact:
	// it counts until it is handled, unless it was already overdue when a proposal was last
	// dismissed (DismissedAt).
	Since, DismissedAt time.Time
}

// Reason is the reason a confirmed proposal records, built from its facts.
func (p *ComplianceProposal) Reason() string {
	var parts []string
	if n := p.Facts.OverdueCriticalAlerts; n > 0 {
		parts = append(parts, fmt.Sprintf("%d critical alert(s) open for more than %d hours", n, int(domain.CriticalAlertDeadline.Hours())))
	}
	if n := p.Facts.KYCRejections; n >= domain.KYCRejectionThreshold {
		parts = append(parts, fmt.Sprintf("%d KYC application(s) rejected in %d days", n, int(domain.KYCRejectionWindow.Hours()/24)))
	}
	for _, f := range p.Facts.AuditFindings {
		parts = append(parts, "audit finding: "+f)
	}
	return "Proposed from the facts: " + strings.Join(parts, "; ") + "."
}

// ComplianceProposals computes the pending proposal of each of the given institutions of a kind
// (those without one are absent from the map). Three grouped reads serve a whole registry page:
// the institutions' status and decisions, completed audits with findings, and KYC rejections
// with overdue critical alerts; facts a decision already weighed do not count again (see
// ComplianceProposal.Since).
func (s *Store) ComplianceProposals(ctx context.Context, kind string, ids []string) (_ map[string]*ComplianceProposal, err error) {
	defer wrap(&err, "read compliance proposals")
	out := map[string]*ComplianceProposal{}
	table, ok := complianceTables[kind]
	var valid []string
	for _, id := range ids {
		if validID(id) {
			valid = append(valid, id)
		}
	}
	if !ok || len(valid) == 0 {
		return out, nil
	}
	now := s.Now()
	args := []any{}
	in := make([]string, len(valid))
	for i, id := range valid {
		args = append(args, id)
		in[i] = fmt.Sprintf("$%d", len(args))
	}
	set := strings.Join(in, ", ")
	// Each institution's status, since when, and its last dismissal.
	rows, err := s.db.QueryContext(ctx, `SELECT i.id, i.compliance_status, COALESCE(i.compliance_since, i.created_at),
		(SELECT MAX(d.created_at) FROM compliance_proposal_dismissals d WHERE d.institution_id = i.id)
		FROM `+table+` i WHERE i.id IN (`+set+`)`, args...)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		p := &ComplianceProposal{}
		var since time.Time
		if err := rows.Scan(&p.InstitutionID, &p.Current, scanTime(&since), scanTime(&p.DismissedAt)); err != nil {
			rows.Close()
			return nil, err
		}
		p.Since = since
		if p.DismissedAt.After(since) {
			p.Since = p.DismissedAt
		}
		out[p.InstitutionID] = p
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	// Findings of audits completed after the decision.
	rows, err = s.db.QueryContext(ctx, `SELECT CAST(institution_id AS TEXT), findings, completed_at FROM compliance_audits
		WHERE institution_id IN (`+set+`) AND status = 'completed' AND findings IS NOT NULL AND findings <> ''
		ORDER BY completed_at, id`, args...)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var id, findings string
		var at time.Time
		if err := rows.Scan(&id, &findings, scanTime(&at)); err != nil {
			rows.Close()
			return nil, err
		}
		if p := out[id]; p != nil && at.After(p.Since) {
			p.Facts.AuditFindings = append(p.Facts.AuditFindings, findings)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	// KYC rejections within the window (reviewed after the decision) and critical alerts overdue
	// (that became overdue after it), one row per fact time, counted here.
	windowStart := ts(now.Add(-domain.KYCRejectionWindow))
	overdueBefore := ts(now.Add(-domain.CriticalAlertDeadline))
	n := len(args)
	qargs := append(slices.Clone(args), windowStart, overdueBefore)
	active := bindList(&qargs, domain.AlertActiveStatuses)
	rows, err = s.db.QueryContext(ctx, fmt.Sprintf(`SELECT CAST(psp_id AS TEXT), 'kyc', reviewed_at FROM kyc_applications
		WHERE psp_id IN (%[1]s) AND status = 'non_compliant' AND reviewed_at > $%[2]d
		UNION ALL
		SELECT CAST(institution_id AS TEXT), 'alert', created_at FROM aml_alerts
		WHERE institution_id IN (%[1]s) AND severity = 'critical' AND status IN (%[4]s) AND created_at < $%[3]d`,
		set, n+1, n+2, active), qargs...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id, what string
		var at time.Time
		if err := rows.Scan(&id, &what, scanTime(&at)); err != nil {
			return nil, err
		}
		p := out[id]
		switch {
		case p == nil:
		case what == "kyc" && at.After(p.Since):
			p.Facts.KYCRejections++
		case what == "alert" && at.Add(domain.CriticalAlertDeadline).After(p.DismissedAt):
			p.Facts.OverdueCriticalAlerts++
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for id, p := range out {
		if p.To = domain.ProposeCompliance(p.Current, p.Facts); p.To == "" {
			delete(out, id)
		}
	}
	return out, nil
}

// ComplianceProposal returns the pending proposal for one institution, or ECONFLICT when the
// facts call for nothing (a decision meanwhile, or nothing to propose).
func (s *Store) ComplianceProposal(ctx context.Context, kind, id string) (_ *ComplianceProposal, err error) {
	defer wrap(&err, "read compliance proposal")
	if _, ok := complianceTables[kind]; !ok {
		return nil, notFound(domain.CodeInstitutionNotFound)
	}
	if _, err := s.RegistryEntryByID(ctx, kind, id); err != nil {
		return nil, err
	}
	all, err := s.ComplianceProposals(ctx, kind, []string{id})
	if err != nil {
		return nil, err
	}
	if p := all[id]; p != nil {
		return p, nil
	}
	return nil, domain.E(domain.ECONFLICT, domain.CodeNoComplianceProposal)
}

// DismissProposal records a regulator's dismissal of the pending proposal with a reason and its
// audit row. The proposal must still call for the status the regulator saw (proposed).
func (s *Store) DismissProposal(ctx context.Context, kind, id, proposed, reason string, audit Audit) (err error) {
	defer wrap(&err, "dismiss proposal")
	p, err := s.ComplianceProposal(ctx, kind, id)
	if err != nil {
		return err
	}
	if p.To != proposed {
		return domain.E(domain.ECONFLICT, domain.CodeProposalChanged, "status", p.To)
	}
	return s.Write(ctx, func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO compliance_proposal_dismissals (id, institution_id, institution_type,
			proposed_status, reason, dismissed_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
			NewID(), id, kind, p.To, reason, nullString(audit.UserID), ts(tx.now)); err != nil {
			return err
		}
		audit.Action, audit.Resource, audit.ResourceID = "institution.compliance_proposal_dismiss", complianceTables[kind], id
		audit.Details = map[string]any{"proposed": p.To, "current": p.Current, "reason": reason, "facts": p.Reason()}
		return tx.Audit(ctx, audit)
	})
}

// CompleteAudit records the outcome of a scheduled audit: completed, with its findings ("" when
// it found nothing), as a conditional update with its audit row. Findings feed the institution's
// compliance proposal.
func (s *Store) CompleteAudit(ctx context.Context, id, findings string, audit Audit) (_ *ComplianceAudit, err error) {
	defer wrap(&err, "complete audit")
	if !validID(id) {
		return nil, notFound(domain.CodeAuditNotFound)
	}
	var out *ComplianceAudit
	err = s.Write(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE compliance_audits SET status = 'completed', findings = $2, completed_at = $3,
			completed_by = $4 WHERE id = $1 AND status = 'scheduled'`, id, nullString(findings), ts(tx.now), nullString(audit.UserID))
		if err != nil {
			return err
		}
		list, err := complianceAudits(ctx, tx, "id = $1", id)
		if err != nil {
			return err
		}
		if len(list) == 0 {
			return notFound(domain.CodeAuditNotFound)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return domain.E(domain.ECONFLICT, domain.CodeAuditNotScheduled, "status", list[0].Status)
		}
		out = list[0]
		audit.Action, audit.Resource, audit.ResourceID = "audit.complete", "compliance_audit", id
		audit.Details = map[string]any{"institutionId": out.InstitutionID, "findings": findings}
		return tx.Audit(ctx, audit)
	})
	return out, err
}
