package httpapi

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"maps"
	"net/http"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/i18n"
	"github.com/kormeer/kormeer/internal/store"
)

// The central bank as a reporting institution (spec README, decision 1).
const (
	centralBankID   = "CENTRAL-BANK"
	centralBankName = "Kormeer Central Bank Supervision"
)

// Report types: the dashboard's monthly report (001 §7) and the compliance page's AML/CFT report.
var reportTypes = map[string]string{
	"monthly_transaction": "Monthly compliance report",
	"aml_cft":             "AML/CFT report",
}

var periodPattern = regexp.MustCompile(`^(\d{4})-(0[1-9]|1[0-2])$`)

// reportFigures are a report's figures (reportData) and reportMetrics its headline metrics: maps,
// because a stored report keeps the figures it was generated with; the contract names the keys
// the server writes today (apidoc.go).
type (
	reportFigures map[string]any
	reportMetrics map[string]any
)

// reportJSON is a report as the API answers it: the fields of a request, and what the server set.
type reportJSON struct {
	ID string `json:"id"`
	reportInput
	SubmittedAt *time.Time `json:"submittedAt"`
	CreatedAt   time.Time  `json:"createdAt"`
}

func toReportJSON(r *store.Report) reportJSON {
	return reportJSON{ID: r.ID, reportInput: reportInput{Title: r.Title, ReportType: r.ReportType, Period: r.Period,
		InstitutionID: r.InstitutionID, InstitutionType: r.InstitutionType, InstitutionName: r.InstitutionName,
		ReportData: r.ReportData, Metrics: r.Metrics, Status: r.Status},
		SubmittedAt: optionalTime(r.SubmittedAt), CreatedAt: r.CreatedAt}
}

// reportInput is the request body of createReport, and the part of a report the client names.
type reportInput struct {
	Title           string        `json:"title"`
	ReportType      string        `json:"reportType"`
	Period          string        `json:"period"`
	InstitutionID   string        `json:"institutionId"`
	InstitutionType string        `json:"institutionType"`
	InstitutionName string        `json:"institutionName"`
	ReportData      reportFigures `json:"reportData"`
	Metrics         reportMetrics `json:"metrics"`
	Status          string        `json:"status"`
}

// createReport is POST /api/compliance-reports (001 §7). The figures are always computed by the
// server from the period's data; figures the client sends are not trusted.
func (s *Server) createReport(w http.ResponseWriter, r *http.Request) error {
	var in reportInput
	if err := decodeJSON(w, r, &in); err != nil {
		return err
	}
	f := map[string]domain.Fault{}
	m := periodPattern.FindStringSubmatch(in.Period)
	if m == nil {
		f["period"] = domain.F(CodeMonthFormat)
	}
	if _, ok := reportTypes[in.ReportType]; !ok {
		f["reportType"] = oneOfFault(slices.Sorted(maps.Keys(reportTypes)))
	}
	if in.Status != "" && in.Status != "draft" {
		f["status"] = domain.F(CodeReportDraft)
	}
	if len(in.Title) > 200 {
		f["title"] = domain.F(domain.CodeMaxChars, "max", "200")
	}
	if len(f) > 0 {
		return domain.Invalid(CodeReportRequestInvalid, f)
	}
	year, _ := strconv.Atoi(m[1])
	month, _ := strconv.Atoi(m[2])
	from := time.Date(year, time.Month(month), 1, 0, 0, 0, 0, time.UTC)
	figures, err := s.store.Figures(r.Context(), from, from.AddDate(0, 1, 0))
	if err != nil {
		return err
	}
	title := strings.TrimSpace(in.Title)
	if title == "" {
		title = reportTypes[in.ReportType] + " " + in.Period
	}
	volumes := map[string]string{}
	for cur, v := range figures.VolumeByCurrency {
		volumes[cur] = v.String()
	}
	rep := &store.Report{Title: title, ReportType: in.ReportType, Period: in.Period, InstitutionID: centralBankID,
		InstitutionType: "central_bank", InstitutionName: centralBankName, SubmittedBy: principalFrom(r.Context()).ID,
		ReportData: map[string]any{
			"summary": fmt.Sprintf("%d transactions worth %s in %s; %d high-risk; %d alerts raised, %d still open.",
				figures.TransactionCount, domain.CompactUSD(figures.VolumeUSD), in.Period, figures.HighRiskCount,
				sumValues(figures.AlertsBySeverity), figures.OpenAlerts),
			"transactionCount": figures.TransactionCount, "transactionVolume": domain.CompactUSD(figures.VolumeUSD),
			"volumeByCurrency": volumes, "highRiskCount": figures.HighRiskCount, "alertsBySeverity": figures.AlertsBySeverity,
			"openAlerts": figures.OpenAlerts, "complianceScore": figures.ComplianceScore,
			"generatedAt": s.store.Now().Format(time.RFC3339)},
		Metrics: map[string]any{"totalTransactions": figures.TransactionCount, "activePsps": figures.ActivePSPs,
			"complianceScore": figures.ComplianceScore}}
	if err := s.store.CreateReport(r.Context(), rep, s.audit(r, "", "")); err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, toReportJSON(rep))
	return nil
}

func sumValues(m map[string]int64) int64 {
	var n int64
	for _, v := range m {
		n += v
	}
	return n
}

// Report filter vocabularies.
var (
	reportStatuses = []string{"draft", "published"}
	reportParams   = listParams("status", "type", "createdFrom")
)

// listReports is GET /api/compliance-reports?status=&type=&createdFrom=: every report for
// regulators, the published ones for guests (one unit per read) and for PSP and MNO staff and
// citizens; newest first and paged (servePage). createdFrom (a date or an RFC 3339 time) is how
// the compliance page counts this month's reports over all of them.
func (s *Server) listReports(w http.ResponseWriter, r *http.Request) error {
	u := principalFrom(r.Context())
	fr := newFilterReader(r.URL.Query(), reportParams)
	f := store.ReportFilter{PublishedOnly: !u.Role.IsRegulator() || u.IsGuest, Status: fr.oneOf("status", reportStatuses),
		Type: fr.oneOf("type", slices.Sorted(maps.Keys(reportTypes)))}
	var err error
	if f.CreatedFrom, err = parseQueryTime(fr.q.Get("createdFrom"), false); err != nil {
		fr.fields["createdFrom"] = domain.F(CodeDateOrTime)
	}
	return servePage(w, r, fr, f, s.store.ReportsPage, s.store.CountReports, toReportJSON)
}

func (s *Server) visibleReport(r *http.Request) (*store.Report, error) {
	rep, err := s.store.ReportByID(r.Context(), r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	if u := principalFrom(r.Context()); rep.Status != "published" && (!u.Role.IsRegulator() || u.IsGuest) {
		return nil, domain.E(domain.ENOTFOUND, domain.CodeReportNotFound)
	}
	return rep, nil
}

// publishReport is POST /api/compliance-reports/{id}/publish: draft → published.
func (s *Server) publishReport(w http.ResponseWriter, r *http.Request) error {
	rep, err := s.store.PublishReport(r.Context(), r.PathValue("id"), s.audit(r, "", ""))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, toReportJSON(rep))
	return nil
}

// reportRows are a report's figures as label/value rows, for the PDF (in the reader's language)
// and the CSV (in English, whose labels programs read) alike.
func reportRows(rep *store.Report, lang i18n.Lang) [][2]string {
	d := rep.ReportData
	label := func(code string, args ...string) string {
		a := i18n.Args{}
		for i := 0; i+1 < len(args); i += 2 {
			a[args[i]] = args[i+1]
		}
		s, _ := i18n.T(lang, code, a)
		return s
	}
	kind, ok := i18n.T(lang, "report_type_"+rep.ReportType, nil)
	if !ok {
		kind = reportTypes[rep.ReportType]
	}
	rows := [][2]string{
		{label(CodeReportPeriod), rep.Period}, {label(CodeReportType), kind}, {label(CodeReportStatus), rep.Status},
		{label(CodeReportTransactions), fmt.Sprint(d["transactionCount"])}, {label(CodeReportVolume), fmt.Sprint(d["transactionVolume"])},
		{label(CodeReportHighRisk), fmt.Sprint(d["highRiskCount"])}, {label(CodeReportOpenAlerts), fmt.Sprint(d["openAlerts"])},
		{label(CodeReportActivePSPs), fmt.Sprint(rep.Metrics["activePsps"])}, {label(CodeReportKYCScore), fmt.Sprint(d["complianceScore"])},
	}
	if vols, ok := d["volumeByCurrency"].(map[string]any); ok {
		keys := make([]string, 0, len(vols))
		for k := range vols {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			rows = append(rows, [2]string{label(CodeReportVolumeIn, "currency", k), fmt.Sprint(vols[k])})
		}
	}
	if sev, ok := d["alertsBySeverity"].(map[string]any); ok {
		for _, k := range []string{"critical", "high", "medium", "low"} {
			rows = append(rows, [2]string{label(CodeReportAlertsOf, "severity", k), fmt.Sprint(sev[k])})
		}
	}
	return rows
}

// reportPDF is GET /api/compliance-reports/{id}/pdf: the report as a real PDF document.
func (s *Server) reportPDF(w http.ResponseWriter, r *http.Request) error {
	extendDeadlines(w, 0, slowAnswer)
	rep, err := s.visibleReport(r)
	if err != nil {
		return err
	}
	lang := readerLanguage(r)
	heading := func(code string, args i18n.Args) string {
		s, _ := i18n.T(lang, code, args)
		return s
	}
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetTitle(rep.Title, true)
	pdf.SetAuthor(centralBankName, true)
	pdf.AddPage()
	tr := pdf.UnicodeTranslatorFromDescriptor("")
	pdf.SetFont("Helvetica", "B", 16)
	pdf.CellFormat(0, 10, tr(rep.Title), "", 1, "L", false, 0, "")
	pdf.SetFont("Helvetica", "", 10)
	pdf.CellFormat(0, 6, tr(heading(CodeReportGenerated, i18n.Args{"institution": rep.InstitutionName, "when": rep.CreatedAt.Format("2006-01-02 15:04 UTC")})), "", 1, "L", false, 0, "")
	pdf.Ln(4)
	pdf.MultiCell(0, 5, tr(fmt.Sprint(rep.ReportData["summary"])), "", "L", false)
	pdf.Ln(4)
	pdf.SetFillColor(230, 240, 238)
	pdf.SetFont("Helvetica", "B", 10)
	pdf.CellFormat(110, 8, tr(heading(CodeReportFigure, nil)), "1", 0, "L", true, 0, "")
	pdf.CellFormat(60, 8, tr(heading(CodeReportValue, nil)), "1", 1, "R", true, 0, "")
	pdf.SetFont("Helvetica", "", 10)
	for _, row := range reportRows(rep, lang) {
		pdf.CellFormat(110, 7, tr(row[0]), "1", 0, "L", false, 0, "")
		pdf.CellFormat(60, 7, tr(row[1]), "1", 1, "R", false, 0, "")
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/pdf")
	w.Header().Set("Content-Disposition", `attachment; filename="kormeer-report-`+rep.Period+`.pdf"`)
	w.Write(buf.Bytes())
	return nil
}

// reportCSV is GET /api/compliance-reports/{id}/csv.
func (s *Server) reportCSV(w http.ResponseWriter, r *http.Request) error {
	rep, err := s.visibleReport(r)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="kormeer-report-`+rep.Period+`.csv"`)
	cw := csv.NewWriter(w)
	cw.Write([]string{"figure", "value"})
	cw.Write(safeCells("Title", rep.Title))
	for _, row := range reportRows(rep, i18n.EN) {
		cw.Write(safeCells(row[0], row[1]))
	}
	cw.Flush()
	return cw.Error()
}
