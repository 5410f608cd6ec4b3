package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

// PeriodFigures are the facts of a reporting period, computed from the database.
type PeriodFigures struct {
	TransactionCount int64                   `json:"transactionCount"`
	VolumeByCurrency map[string]domain.Minor `json:"-"`
	VolumeUSD        domain.Minor            `json:"-"`
	HighRiskCount    int64                   `json:"highRiskCount"`
	AlertsBySeverity map[string]int64        `json:"alertsBySeverity"`
	OpenAlerts       int64                   `json:"openAlerts"`
	ActivePSPs       int64                   `json:"activePsps"`
	ComplianceScore  int64                   `json:"complianceScore"`
}

// Figures computes a period's figures: transactions from the maintained statistics, alerts by
// severity raised in the period, and the current active PSPs and KYC compliance rate
// (compliant over all applications, rounded; 0 when there are none).
func (s *Store) Figures(ctx context.Context, from, to time.Time) (_ *PeriodFigures, err error) {
	defer wrap(&err, "read figures")
	f := &PeriodFigures{VolumeByCurrency: map[string]domain.Minor{}, AlertsBySeverity: map[string]int64{
		"critical": 0, "high": 0, "medium": 0, "low": 0}}
	totals, err := s.periodTotals(ctx, domain.Period{First: domain.Day(from), Last: domain.Day(to).AddDate(0, 0, -1)})
	if err != nil {
		return nil, err
	}
	for cur, t := range totals[0].ByCurrency {
		f.VolumeByCurrency[string(cur)] = t.Amount
	}
	f.TransactionCount, f.HighRiskCount, f.VolumeUSD = totals[0].Count(), totals[0].HighRisk(), totals[0].VolumeUSD()
	rows, err := s.db.QueryContext(ctx, `SELECT severity, COUNT(*), SUM(CASE WHEN status = 'open' THEN 1 ELSE 0 END)
		FROM aml_alerts WHERE created_at >= $1 AND created_at < $2 GROUP BY severity`, ts(from), ts(to))
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var sev string
		var n, open int64
		if err := rows.Scan(&sev, &n, &open); err != nil {
			rows.Close()
			return nil, err
		}
		f.AlertsBySeverity[sev] = n
		f.OpenAlerts += open
	}
	rows.Close()
	var all, ok int64
	if err := s.db.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM psps WHERE `+licensedNow+`),
		(SELECT COUNT(*) FROM kyc_applications), (SELECT COUNT(*) FROM kyc_applications WHERE status = 'compliant')`,
		ts(s.Now())).Scan(&f.ActivePSPs, &all, &ok); err != nil {
		return nil, err
	}
	f.ComplianceScore = compliancePercent(ok, all)
	return f, nil
}

// Report is a compliance report.
type Report struct {
	ID              string
	Title           string
	ReportType      string
	Period          string
	InstitutionID   string
	InstitutionType string
	InstitutionName string
	ReportData      map[string]any
	Metrics         map[string]any
	Status          string
	SubmittedBy     string
	SubmittedAt     time.Time
	CreatedAt       time.Time
}

const reportColumns = `id, title, report_type, period, institution_id, institution_type, institution_name, report_data,
	metrics, status, COALESCE(CAST(submitted_by AS TEXT), ''), submitted_at, created_at`

func scanReport(row interface{ Scan(...any) error }) (*Report, error) {
	var r Report
	var data, metrics []byte
	if err := row.Scan(&r.ID, &r.Title, &r.ReportType, &r.Period, &r.InstitutionID, &r.InstitutionType, &r.InstitutionName,
		&data, &metrics, &r.Status, &r.SubmittedBy, scanTime(&r.SubmittedAt), scanTime(&r.CreatedAt)); err != nil {
		return nil, err
	}
	if err := unmarshalJSON(data, &r.ReportData); err != nil {
		return nil, err
	}
	return &r, unmarshalJSON(metrics, &r.Metrics)
}

// CreateReport stores a draft report with its audit row.
func (s *Store) CreateReport(ctx context.Context, r *Report, audit Audit) (err error) {
	defer wrap(&err, "create report")
	data, err := json.Marshal(r.ReportData)
	if err != nil {
		return err
	}
	metrics, err := json.Marshal(r.Metrics)
	if err != nil {
		return err
	}
	return s.Write(ctx, func(tx *Tx) error {
		r.ID, r.Status, r.CreatedAt = NewID(), "draft", tx.now
		if _, err := tx.ExecContext(ctx, `INSERT INTO compliance_reports (id, title, report_type, period, institution_id,
			institution_type, institution_name, report_data, metrics, status, submitted_by, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'draft', $10, $11, $11)`, r.ID, r.Title, r.ReportType, r.Period,
			r.InstitutionID, r.InstitutionType, r.InstitutionName, string(data), string(metrics), nullString(r.SubmittedBy),
			ts(tx.now)); err != nil {
			return err
		}
		audit.Action, audit.Resource, audit.ResourceID = "report.create", "compliance_report", r.ID
		audit.Details = map[string]any{"title": r.Title, "period": r.Period, "type": r.ReportType}
		return tx.Audit(ctx, audit)
	})
}

// ReportFilter selects reports; zero fields do not filter.
type ReportFilter struct {
	PublishedOnly bool // what everyone but regulators may read
	Status        string
	Type          string
	CreatedFrom   time.Time // created at or after (the compliance page's "this month")
}

func (f ReportFilter) where() listWhere {
	var w listWhere
	if f.PublishedOnly {
		w.and("status = 'published'")
	}
	w.eq("status", f.Status)
	w.eq("report_type", f.Type)
	if !f.CreatedFrom.IsZero() {
		w.and("created_at >= %s", ts(f.CreatedFrom))
	}
	return w
}

var reportList = pagedList[*Report]{columns: reportColumns, from: "compliance_reports", created: "created_at", id: "id",
	scan:     func(r rowScanner) (*Report, error) { return scanReport(r) },
	cursorOf: func(r *Report) *Cursor { return &Cursor{CreatedAt: r.CreatedAt, ID: r.ID} }}

// ReportsPage returns one page of the reports matching f, newest first, after the cursor.
func (s *Store) ReportsPage(ctx context.Context, f ReportFilter, after *Cursor, limit int) (_ *Page[*Report], err error) {
	defer wrap(&err, "read reports page")
	return reportList.page(ctx, s, f.where(), after, limit)
}

// CountReports counts the reports matching f up to countCap; capped reports that there are more.
func (s *Store) CountReports(ctx context.Context, f ReportFilter) (n int, capped bool, err error) {
	defer wrap(&err, "count reports")
	return reportList.count(ctx, s, f.where())
}

// ReportByID returns one report, or ENOTFOUND.
func (s *Store) ReportByID(ctx context.Context, id string) (_ *Report, err error) {
	defer wrap(&err, "read report by id")
	if !validID(id) {
		return nil, notFound(domain.CodeReportNotFound)
	}
	r, err := scanReport(s.db.QueryRowContext(ctx, `SELECT `+reportColumns+` FROM compliance_reports WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound(domain.CodeReportNotFound)
	}
	return r, err
}

// PublishReport moves a draft to published with its audit row; anything else answers ECONFLICT.
func (s *Store) PublishReport(ctx context.Context, id string, audit Audit) (_ *Report, err error) {
	defer wrap(&err, "publish report")
	if _, err := s.ReportByID(ctx, id); err != nil {
		return nil, err
	}
	err = s.Write(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE compliance_reports SET status = 'published', submitted_at = $2, updated_at = $2
			WHERE id = $1 AND status = 'draft'`, id, ts(tx.now))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return domain.E(domain.ECONFLICT, domain.CodeReportPublished)
		}
		audit.Action, audit.Resource, audit.ResourceID = "report.publish", "compliance_report", id
		return tx.Audit(ctx, audit)
	})
	if err != nil {
		return nil, err
	}
	return s.ReportByID(ctx, id)
}
