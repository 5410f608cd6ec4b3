package store

import (
	"context"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

// ComplianceAudit is an audit the central bank scheduled at an institution.
type ComplianceAudit struct {
	ID, InstitutionID, InstitutionType, InstitutionName, ScheduledFor, Scope, Status, CreatedBy string
	// Findings are what a completed audit found ("" for nothing); they feed the compliance proposal.
	Findings    string
	CompletedAt time.Time
	CreatedAt   time.Time
}

// ScheduleAudit stores an audit of a licensed PSP or MNO and tells each of its staff with a
// system alert, all in one transaction with the audit row. Notified reports how many were told.
func (s *Store) ScheduleAudit(ctx context.Context, a *ComplianceAudit, audit Audit) (notified int, err error) {
	defer wrap(&err, "schedule audit")
	kind, err := s.InstitutionKind(ctx, a.InstitutionID)
	if err != nil {
		return 0, err
	}
	if kind == "" {
		return 0, domain.Invalid(domain.CodeAuditDetailsInvalid, map[string]domain.Fault{"institutionId": domain.F(domain.CodeLicensedInstitution)})
	}
	entries, err := s.Registry(ctx, kind, RegistryFilter{ID: a.InstitutionID})
	if err != nil || len(entries) == 0 {
		return 0, err
	}
	a.InstitutionType, a.InstitutionName = kind, entries[0].Name
	err = s.Write(ctx, func(tx *Tx) error {
		a.ID, a.Status, a.CreatedAt = NewID(), "scheduled", tx.now
		if _, err := tx.ExecContext(ctx, `INSERT INTO compliance_audits (id, institution_id, institution_type, institution_name,
			scheduled_for, scope, status, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, 'scheduled', $7, $8)`,
			a.ID, a.InstitutionID, kind, a.InstitutionName, a.ScheduledFor, a.Scope, nullString(a.CreatedBy), ts(tx.now)); err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, `SELECT id FROM users WHERE institution = $1 AND is_active AND role IN ('psp_admin','mno_admin')`, a.InstitutionID)
		if err != nil {
			return err
		}
		var staff []string
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			staff = append(staff, id)
		}
		rows.Close()
		for _, id := range staff {
			if err := tx.InsertSystemAlert(ctx, &SystemAlert{Title: "Compliance audit scheduled for " + a.ScheduledFor,
				Message:   "The central bank will audit " + a.InstitutionName + " on " + a.ScheduledFor + ": " + a.Scope,
				AlertType: "warning", TargetUserID: id}); err != nil {
				return err
			}
		}
		notified = len(staff)
		audit.Action, audit.Resource, audit.ResourceID = "audit.schedule", "compliance_audit", a.ID
		audit.Details = map[string]any{"institutionId": a.InstitutionID, "scheduledFor": a.ScheduledFor, "notified": notified}
		return tx.Audit(ctx, audit)
	})
	return notified, err
}

const auditColumns = `id, CAST(institution_id AS TEXT), institution_type, institution_name, scheduled_for, scope, status,
	COALESCE(CAST(created_by AS TEXT), ''), COALESCE(findings, ''), completed_at, created_at`

func scanAudit(r rowScanner) (*ComplianceAudit, error) {
	var a ComplianceAudit
	err := r.Scan(&a.ID, &a.InstitutionID, &a.InstitutionType, &a.InstitutionName, &a.ScheduledFor, &a.Scope,
		&a.Status, &a.CreatedBy, &a.Findings, scanTime(&a.CompletedAt), scanTime(&a.CreatedAt))
	return &a, err
}

// ComplianceAudits lists scheduled audits, soonest first: all, or one institution's.
func (s *Store) ComplianceAudits(ctx context.Context, institutionID string) (_ []*ComplianceAudit, err error) {
	defer wrap(&err, "read compliance audits")
	w := AuditScheduleFilter{InstitutionID: institutionID}.where()
	return complianceAudits(ctx, s.db, w.String(), w.args...)
}

// complianceAudits reads the audits matching where, soonest first, through q (the store or a
// transaction).
func complianceAudits(ctx context.Context, q queries, where string, args ...any) ([]*ComplianceAudit, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+auditColumns+` FROM compliance_audits WHERE `+where+
		` ORDER BY scheduled_for, created_at`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*ComplianceAudit{}
	for rows.Next() {
		a, err := scanAudit(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// AuditScheduleFilter selects audit schedules; empty fields do not filter.
type AuditScheduleFilter struct {
	InstitutionID string
	Status        string
	// Unlinked is an institution's staff account linked to no institution: it sees no audit.
	Unlinked bool
}

func (f AuditScheduleFilter) where() listWhere {
	var w listWhere
	switch {
	case f.Unlinked || (f.InstitutionID != "" && !validID(f.InstitutionID)):
		w.and("1 = 0")
	case f.InstitutionID != "":
		w.and("institution_id = %s", f.InstitutionID)
	}
	w.eq("status", f.Status)
	return w
}

var auditList = pagedList[*ComplianceAudit]{columns: auditColumns, from: "compliance_audits", created: "created_at", id: "id",
	scan:     scanAudit,
	cursorOf: func(a *ComplianceAudit) *Cursor { return &Cursor{CreatedAt: a.CreatedAt, ID: a.ID} }}

// AuditSchedulesPage returns one page of the audit schedules matching f, newest first, after the cursor.
func (s *Store) AuditSchedulesPage(ctx context.Context, f AuditScheduleFilter, after *Cursor, limit int) (_ *Page[*ComplianceAudit], err error) {
	defer wrap(&err, "audit schedules page")
	return auditList.page(ctx, s, f.where(), after, limit)
}

// CountAuditSchedules counts the audit schedules matching f up to countCap; capped reports that there are more.
func (s *Store) CountAuditSchedules(ctx context.Context, f AuditScheduleFilter) (n int, capped bool, err error) {
	defer wrap(&err, "count audit schedules")
	return auditList.count(ctx, s, f.where())
}
