package httpapi

import (
	"encoding/csv"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
)

// analyticsData is the Analytics screen's data: every chart's series, computed from the daily
// aggregates.
type analyticsData struct {
	From             string           `json:"from"`
	To               string           `json:"to"`
	Daily            []map[string]any `json:"daily"`
	ByOperator       []map[string]any `json:"byOperator"`
	ByCurrency       []map[string]any `json:"byCurrency"`
	Modes            []map[string]any `json:"modes"`
	Flows            []map[string]any `json:"flows"`
	Risk             []map[string]any `json:"risk"`
	AlertsBySeverity []map[string]any `json:"alertsBySeverity"`
	TopInstitutions  []map[string]any `json:"topInstitutions"`
	LicenceExpiries  []map[string]any `json:"licenceExpiries"`
}

// analyticsSections are the keys of analyticsData that export as CSV, with their columns.
var analyticsSections = map[string][]string{
	"daily":            {"day", "count", "volumeUsd"},
	"byOperator":       {"day", "operator", "count", "volumeUsd"},
	"byCurrency":       {"day", "currency", "count", "volume"},
	"modes":            {"mode", "count", "volumeUsd"},
	"flows":            {"flowType", "count", "volumeUsd"},
	"risk":             {"riskLevel", "count"},
	"alertsBySeverity": {"day", "severity", "count"},
	"topInstitutions":  {"institutionId", "name", "count", "volumeUsd"},
	"licenceExpiries":  {"id", "type", "name", "licenseNumber", "licenseExpiresAt"},
}

// analyticsParams are the query parameters analyticsQuery reads (the period and, for a regulator,
// one institution); analyticsExportParams adds the chart the CSV is of. The OpenAPI document
// lists them from here, so the typed web client sends no other.
var (
	analyticsParams       = map[string]bool{"from": true, "to": true, "institutionId": true}
	analyticsExportParams = map[string]bool{"from": true, "to": true, "institutionId": true, "section": true}
)

// analyticsQuery reads ?from=&to= (YYYY-MM-DD, default the last 30 days, at most 366 days) and
// the institution: staff always their own; regulators any (?institutionId=) or all.
func (s *Server) analyticsQuery(r *http.Request) (from, to time.Time, inst string, err error) {
	q := r.URL.Query()
	today := s.store.Now().Truncate(24 * time.Hour)
	to, from = today.AddDate(0, 0, 1), today.AddDate(0, 0, -29)
	f := map[string]domain.Fault{}
	if v := q.Get("from"); v != "" {
		if from, err = time.Parse("2006-01-02", v); err != nil {
			f["from"] = domain.F(CodeDateFormat, "example", "2026-11-01")
		}
	}
	if v := q.Get("to"); v != "" {
		t, perr := time.Parse("2006-01-02", v)
		if perr != nil {
			f["to"] = domain.F(CodeDateFormat, "example", "2026-11-30")
		}
		to = t.AddDate(0, 0, 1)
	}
	if len(f) == 0 && (!from.Before(to) || to.Sub(from) > 366*24*time.Hour) {
		f["to"] = domain.F(CodePeriodDays)
	}
	if len(f) > 0 {
		return from, to, "", domain.Invalid(CodePeriodInvalid, f)
	}
	u := principalFrom(r.Context())
	inst = q.Get("institutionId")
	if !u.Role.IsRegulator() {
		inst = u.Institution
		if inst == "" {
			inst = "none"
		}
	}
	return from, to, inst, nil
}

func (s *Server) analytics(w http.ResponseWriter, r *http.Request) error {
	data, err := s.analyticsData(r)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, data)
	return nil
}

func (s *Server) analyticsData(r *http.Request) (*analyticsData, error) {
	from, to, inst, err := s.analyticsQuery(r)
	if err != nil {
		return nil, err
	}
	ctx := r.Context()
	rows, err := s.store.Analytics(ctx, from, to, inst)
	if err != nil {
		return nil, err
	}
	alerts, err := s.store.AlertsPerDay(ctx, from, to, inst)
	if err != nil {
		return nil, err
	}
	names, err := s.store.InstitutionNames(ctx)
	if err != nil {
		return nil, err
	}
	expiring, err := s.store.LicenceExpiries(ctx, s.store.Now().AddDate(0, 0, 90))
	if err != nil {
		return nil, err
	}
	type agg struct {
		n   int64
		usd domain.Minor
		amt domain.Minor
	}
	groups := map[string]map[string]*agg{}
	add := func(group, key string, r store.AnalyticsRow) {
		if groups[group] == nil {
			groups[group] = map[string]*agg{}
		}
		a := groups[group][key]
		if a == nil {
			a = &agg{}
			groups[group][key] = a
		}
		a.n += r.Count
		a.usd += domain.USDMinor(r.Amount, domain.Currency(r.Currency))
		a.amt += r.Amount
	}
	for _, row := range rows {
		mode := row.Mode
		if mode == "ussd" {
			mode = "offline"
		}
		add("daily", row.Day, row)
		add("byOperator", row.Day+"|"+row.Operator, row)
		add("byCurrency", row.Day+"|"+row.Currency, row)
		add("modes", mode, row)
		add("flows", row.Flow, row)
		add("risk", row.Risk, row)
		add("institutions", row.InstitutionID, row)
	}
	split := func(k string) (string, string) {
		for i := range k {
			if k[i] == '|' {
				return k[:i], k[i+1:]
			}
		}
		return k, ""
	}
	series := func(group string, build func(key string, a *agg) map[string]any) []map[string]any {
		keys := make([]string, 0, len(groups[group]))
		for k := range groups[group] {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		out := make([]map[string]any, 0, len(keys))
		for _, k := range keys {
			out = append(out, build(k, groups[group][k]))
		}
		return out
	}
	d := &analyticsData{From: from.Format("2006-01-02"), To: to.AddDate(0, 0, -1).Format("2006-01-02")}
	d.Daily = series("daily", func(k string, a *agg) map[string]any {
		return map[string]any{"day": k, "count": a.n, "volumeUsd": a.usd.String()}
	})
	d.ByOperator = series("byOperator", func(k string, a *agg) map[string]any {
		day, op := split(k)
		return map[string]any{"day": day, "operator": op, "count": a.n, "volumeUsd": a.usd.String()}
	})
	d.ByCurrency = series("byCurrency", func(k string, a *agg) map[string]any {
		day, cur := split(k)
		return map[string]any{"day": day, "currency": cur, "count": a.n, "volume": a.amt.String()}
	})
	d.Modes = series("modes", func(k string, a *agg) map[string]any {
		return map[string]any{"mode": k, "count": a.n, "volumeUsd": a.usd.String()}
	})
	d.Flows = series("flows", func(k string, a *agg) map[string]any {
		return map[string]any{"flowType": k, "count": a.n, "volumeUsd": a.usd.String()}
	})
	d.Risk = series("risk", func(k string, a *agg) map[string]any { return map[string]any{"riskLevel": k, "count": a.n} })
	d.AlertsBySeverity = []map[string]any{}
	akeys := make([][2]string, 0, len(alerts))
	for k := range alerts {
		akeys = append(akeys, k)
	}
	sort.Slice(akeys, func(i, j int) bool { return akeys[i][0]+akeys[i][1] < akeys[j][0]+akeys[j][1] })
	for _, k := range akeys {
		d.AlertsBySeverity = append(d.AlertsBySeverity, map[string]any{"day": k[0], "severity": k[1], "count": alerts[k]})
	}
	top := series("institutions", func(k string, a *agg) map[string]any {
		return map[string]any{"institutionId": k, "name": names[k], "count": a.n, "volumeUsd": a.usd.String(), "sort": int64(a.usd)}
	})
	sort.SliceStable(top, func(i, j int) bool { return top[i]["sort"].(int64) > top[j]["sort"].(int64) })
	for _, t := range top {
		delete(t, "sort")
	}
	d.TopInstitutions = top[:min(10, len(top))]
	d.LicenceExpiries = []map[string]any{}
	for _, e := range expiring {
		d.LicenceExpiries = append(d.LicenceExpiries, map[string]any{"id": e.ID, "type": e.Kind, "name": e.Name,
			"licenseNumber": e.LicenseNumber, "licenseExpiresAt": e.LicenseExpiresAt.Format(time.RFC3339)})
	}
	return d, nil
}

// analyticsExport is GET /api/analytics/export?section=…: one chart's data as CSV.
func (s *Server) analyticsExport(w http.ResponseWriter, r *http.Request) error {
	section := r.URL.Query().Get("section")
	extendDeadlines(w, 0, slowAnswer)
	cols, ok := analyticsSections[section]
	if !ok {
		return domain.Invalid(CodeSectionUnknown, map[string]domain.Fault{"section": domain.F(CodeSection)})
	}
	d, err := s.analyticsData(r)
	if err != nil {
		return err
	}
	rows := map[string][]map[string]any{"daily": d.Daily, "byOperator": d.ByOperator, "byCurrency": d.ByCurrency,
		"modes": d.Modes, "flows": d.Flows, "risk": d.Risk, "alertsBySeverity": d.AlertsBySeverity,
		"topInstitutions": d.TopInstitutions, "licenceExpiries": d.LicenceExpiries}[section]
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="kormeer-analytics-`+section+`-`+d.From+`-`+d.To+`.csv"`)
	cw := csv.NewWriter(w)
	cw.Write(cols)
	for _, row := range rows {
		cells := make([]string, len(cols))
		for i, c := range cols {
			switch v := row[c].(type) {
			case int64:
				cells[i] = strconv.FormatInt(v, 10)
			default:
				cells[i] = fmt.Sprint(v)
			}
		}
		cw.Write(safeCells(cells...))
	}
	cw.Flush()
	return cw.Error()
}
