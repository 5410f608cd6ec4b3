package httpapi

import (
	"encoding/csv"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
)

type auditJSON struct {
	ID              string     `json:"id"`
	InstitutionID   string     `json:"institutionId"`
	InstitutionType string     `json:"institutionType"`
	InstitutionName string     `json:"institutionName"`
	ScheduledFor    string     `json:"scheduledFor"`
	Scope           string     `json:"scope"`
	Status          string     `json:"status"`
	Findings        *string    `json:"findings"`
	CompletedAt     *time.Time `json:"completedAt"`
	CreatedAt       time.Time  `json:"createdAt"`
}

func toAuditJSON(a *store.ComplianceAudit) auditJSON {
	return auditJSON{ID: a.ID, InstitutionID: a.InstitutionID, InstitutionType: a.InstitutionType,
		InstitutionName: a.InstitutionName, ScheduledFor: a.ScheduledFor, Scope: a.Scope, Status: a.Status,
		Findings: optional(a.Findings), CompletedAt: optionalTime(a.CompletedAt), CreatedAt: a.CreatedAt}
}

// auditCompletionInput is the request body of completeAudit.
type auditCompletionInput struct {
	Findings string `json:"findings"`
}

// completeAudit is POST /api/compliance-audits/{id}/complete {findings}: a regulator records
// that a scheduled audit took place and what it found (empty when nothing). Findings make the
// system propose a compliance status for the institution (issue 16, part 5).
func (s *Server) completeAudit(w http.ResponseWriter, r *http.Request) error {
	var in auditCompletionInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	in.Findings = strings.TrimSpace(in.Findings)
	if utf8.RuneCountInString(in.Findings) > 2000 {
		return domain.Invalid(domain.CodeFindingsTooLong, map[string]domain.Fault{"findings": domain.MaxChars(2000)})
	}
	a, err := s.store.CompleteAudit(r.Context(), r.PathValue("id"), in.Findings, s.audit(r, "", ""))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toAuditJSON(a))
	return nil
}

// auditScheduleInput is the request body of scheduleAudit.
type auditScheduleInput struct {
	InstitutionID string `json:"institutionId"`
	ScheduledFor  string `json:"scheduledFor"`
	Scope         string `json:"scope"`
}

// scheduledAuditJSON is a scheduled audit and how many of the institution's staff were told.
type scheduledAuditJSON struct {
	Audit         auditJSON `json:"audit"`
	NotifiedStaff int       `json:"notifiedStaff"`
}

// scheduleAudit is POST /api/compliance-audits {institutionId, scheduledFor: YYYY-MM-DD, scope}:
// the compliance page's "Schedule Compliance Audit", notified to the institution's staff.
func (s *Server) scheduleAudit(w http.ResponseWriter, r *http.Request) error {
	var in auditScheduleInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	f := map[string]domain.Fault{}
	day, err := time.Parse("2006-01-02", in.ScheduledFor)
	today := s.store.Now().Truncate(24 * time.Hour)
	switch {
	case err != nil:
		f["scheduledFor"] = domain.F(CodeDateFormat, "example", "2026-12-15")
	case day.Before(today):
		f["scheduledFor"] = domain.F(CodeDateNotPast)
	case day.After(today.AddDate(2, 0, 0)):
		f["scheduledFor"] = domain.F(CodeDateWithinTwoYears)
	}
	in.Scope = strings.TrimSpace(in.Scope)
	if len(in.Scope) < 5 || len(in.Scope) > 1000 {
		f["scope"] = domain.F(CodeAuditScope)
	}
	if in.InstitutionID == "" {
		f["institutionId"] = domain.F(domain.CodeLicensedInstitution)
	}
	if len(f) > 0 {
		return domain.Invalid(domain.CodeAuditDetailsInvalid, f)
	}
	a := &store.ComplianceAudit{InstitutionID: in.InstitutionID, ScheduledFor: in.ScheduledFor, Scope: in.Scope,
		CreatedBy: principalFrom(r.Context()).ID}
	notified, err := s.store.ScheduleAudit(r.Context(), a, s.audit(r, "", ""))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, scheduledAuditJSON{Audit: toAuditJSON(a), NotifiedStaff: notified})
	return nil
}

// Audit schedule filter vocabularies.
var (
	auditStatuses = []string{"scheduled", "completed", "cancelled"}
	auditParams   = listParams("status", "institution")
)

// listAudits is GET /api/compliance-audits?status=&institution=: all for regulators, one's own
// institution's for PSP and MNO staff (another institution's filter shows them nothing); newest
// first and paged (servePage).
func (s *Server) listAudits(w http.ResponseWriter, r *http.Request) error {
	u := principalFrom(r.Context())
	fr := newFilterReader(r.URL.Query(), auditParams)
	f := store.AuditScheduleFilter{Status: fr.oneOf("status", auditStatuses), InstitutionID: fr.id("institution", CodeInstitutionID)}
	if !u.Role.IsRegulator() {
		f.Unlinked = u.Institution == "" || (f.InstitutionID != "" && f.InstitutionID != u.Institution)
		f.InstitutionID = u.Institution
	}
	return servePage(w, r, fr, f, s.store.AuditSchedulesPage, s.store.CountAuditSchedules, toAuditJSON)
}

// exportCompliance is GET /api/compliance/export: the compliance page's "Export Compliance
// Data", one CSV with a section column (kyc, alert, report, audit), safe to open in a
// spreadsheet, and audited.
func (s *Server) exportCompliance(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	u := principalFrom(ctx)
	extendDeadlines(w, 0, slowAnswer)
	kyc, err := s.store.KYCApplications(ctx, store.KYCScope{All: true}, store.KYCFilter{}, nil, 100_000)
	if err != nil {
		return err
	}
	alerts, err := s.store.AlertsPage(ctx, alertScope(u), store.AlertFilter{}, nil, 100_000)
	if err != nil {
		return err
	}
	reports, err := s.store.ReportsPage(ctx, store.ReportFilter{}, nil, 10_000)
	if err != nil {
		return err
	}
	audits, err := s.store.ComplianceAudits(ctx, "")
	if err != nil {
		return err
	}
	if err := s.store.RecordAccess(ctx, s.audit(r, "compliance.export", "compliance")); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="kormeer-compliance-`+time.Now().UTC().Format("20060102")+`.csv"`)
	cw := csv.NewWriter(w)
	cw.Write([]string{"section", "id", "name_or_title", "status", "detail", "severity_or_type", "date"})
	for _, k := range kyc {
		cw.Write(safeCells("kyc", k.ID, k.FullName, k.Status, k.NationalID+" / "+k.PhoneNumber, k.DocumentType, k.CreatedAt.Format(time.RFC3339)))
	}
	for _, a := range alerts.Items {
		cw.Write(safeCells("alert", a.ID, a.Title, a.Status, a.Description, a.Severity, a.CreatedAt.Format(time.RFC3339)))
	}
	for _, rep := range reports.Items {
		cw.Write(safeCells("report", rep.ID, rep.Title, rep.Status, rep.Period, rep.ReportType, rep.CreatedAt.Format(time.RFC3339)))
	}
	for _, a := range audits {
		cw.Write(safeCells("audit", a.ID, a.InstitutionName, a.Status, a.Scope, a.InstitutionType, a.ScheduledFor))
	}
	cw.Flush()
	return cw.Error()
}
