package store

import (
	"context"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

// AnalyticsRow is one group of the daily aggregates.
type AnalyticsRow struct {
	Day, InstitutionID, Operator, Currency, Mode, Flow, Risk string
	Count                                                    int64
	Amount                                                   domain.Minor
}

// Analytics returns the daily aggregates between two days (inclusive from, exclusive to),
// optionally for one institution. The rows are few (a few hundred a day at most), so callers
// shape them into charts in memory.
func (s *Store) Analytics(ctx context.Context, from, to time.Time, institutionID string) (_ []AnalyticsRow, err error) {
	defer wrap(&err, "read analytics")
	// On PostgreSQL the rows of days not yet compacted are spread over buckets (aggregates.go),
	// so they are added up per group; SQLite keeps one row per group, and grouping a year's rows
	// there made the charts a quarter slower.
	counts, group := "tx_count, amount_minor", ""
	if s.dialect == dialectPostgres {
		counts = "CAST(SUM(tx_count) AS BIGINT), CAST(SUM(amount_minor) AS BIGINT)"
		group = " GROUP BY day, institution_id, operator, currency, transfer_mode, flow_type, risk_level"
	}
	q := `SELECT day, institution_id, operator, currency, transfer_mode, flow_type, risk_level, ` + counts + `
		FROM analytics_daily WHERE day >= $1 AND day < $2`
	args := []any{from.Format("2006-01-02"), to.Format("2006-01-02")}
	if institutionID != "" {
		q += ` AND institution_id = $3`
		args = append(args, institutionID)
	}
	rows, err := s.db.QueryContext(ctx, q+group+` ORDER BY day`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []AnalyticsRow
	for rows.Next() {
		var r AnalyticsRow
		if err := rows.Scan(&r.Day, &r.InstitutionID, &r.Operator, &r.Currency, &r.Mode, &r.Flow, &r.Risk, &r.Count, &r.Amount); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// AlertsPerDay counts AML alerts by day and severity in a period, optionally for one institution.
func (s *Store) AlertsPerDay(ctx context.Context, from, to time.Time, institutionID string) (_ map[[2]string]int64, err error) {
	defer wrap(&err, "read alerts per day")
	q := `SELECT created_at, severity FROM aml_alerts WHERE created_at >= $1 AND created_at < $2`
	args := []any{ts(from), ts(to)}
	if institutionID != "" {
		if !validID(institutionID) {
			return map[[2]string]int64{}, nil
		}
		q += ` AND institution_id = $3`
		args = append(args, institutionID)
	}
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[[2]string]int64{}
	for rows.Next() {
		var at time.Time
		var sev string
		if err := rows.Scan(scanTime(&at), &sev); err != nil {
			return nil, err
		}
		out[[2]string{at.UTC().Format("2006-01-02"), sev}]++
	}
	return out, rows.Err()
}

// InstitutionNames maps the ids of PSPs, MNOs and banks to their names.
func (s *Store) InstitutionNames(ctx context.Context) (_ map[string]string, err error) {
	defer wrap(&err, "read institution names")
	rows, err := s.db.QueryContext(ctx, `SELECT CAST(id AS TEXT), name FROM psps UNION ALL SELECT CAST(id AS TEXT), name FROM mnos
		UNION ALL SELECT CAST(id AS TEXT), name FROM banks`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var id, name string
		if err := rows.Scan(&id, &name); err != nil {
			return nil, err
		}
		out[id] = name
	}
	return out, rows.Err()
}

// LicenceExpiries lists the licences that expire before a time, soonest first.
func (s *Store) LicenceExpiries(ctx context.Context, before time.Time) (_ []RegisterEntry, err error) {
	defer wrap(&err, "read licence expiries")
	rows, err := s.db.QueryContext(ctx, `SELECT * FROM (
		SELECT CAST(id AS TEXT), 'psp', name, license_number, license_expires_at FROM psps
		  WHERE license_status <> 'revoked' AND license_expires_at IS NOT NULL AND license_expires_at < $1
		UNION ALL SELECT CAST(id AS TEXT), 'mno', name, license_number, license_expires_at FROM mnos
		  WHERE license_status <> 'revoked' AND license_expires_at IS NOT NULL AND license_expires_at < $1
		UNION ALL SELECT CAST(id AS TEXT), 'bank', name, license_number, license_expires_at FROM banks
		  WHERE license_status <> 'revoked' AND license_expires_at IS NOT NULL AND license_expires_at < $1
		) AS expiring ORDER BY 5`, ts(before))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []RegisterEntry{}
	for rows.Next() {
		var e RegisterEntry
		if err := rows.Scan(&e.ID, &e.Kind, &e.Name, &e.LicenseNumber, scanTime(&e.LicenseExpiresAt)); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}
