package httpapi

import (
	"net/http"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
	"github.com/kormeer/kormeer/internal/store"
)

// periodJSON is a span of whole UTC days, both included, as figures say what they cover.
type periodJSON struct {
	From string `json:"from"`
	To   string `json:"to"`
	Days int    `json:"days"`
}

func toPeriodJSON(p domain.Period) periodJSON {
	return periodJSON{From: p.First.Format(time.DateOnly), To: p.Last.Format(time.DateOnly), Days: p.Days()}
}

// monthJSON is a month's part of the dashboard's figures.
type monthJSON struct {
	periodJSON
	Transactions int64  `json:"transactions"`
	VolumeUSD    string `json:"volumeUsd"`
	HighRisk     int64  `json:"highRisk"`
}

func toMonthJSON(p store.PeriodTotals) monthJSON {
	return monthJSON{toPeriodJSON(p.Period), p.Count(), p.VolumeUSD().String(), p.HighRisk()}
}

// percentChange is domain.PercentChange as JSON: null when there is nothing to compare with.
func percentChange(current, previous int64) *float64 {
	if pct, ok := domain.PercentChange(current, previous); ok {
		return &pct
	}
	return nil
}

// summaryMetricsJSON is the dashboard's figures: the specification's all-time four, this month
// against the same days of last month, and the trends between the two.
type summaryMetricsJSON struct {
	TotalTransactions int64      `json:"totalTransactions"`
	TransactionVolume string     `json:"transactionVolume"`
	ActivePSPs        int64      `json:"activePsps"`
	ComplianceScore   int64      `json:"complianceScore"`
	KYCApplications   int64      `json:"kycApplications"`
	KYCCompliant      int64      `json:"kycCompliant"`
	Month             monthJSON  `json:"month"`
	PreviousMonth     monthJSON  `json:"previousMonth"`
	Trends            trendsJSON `json:"trends"`
}

// trendsJSON are percentage changes; null where last month has nothing to compare with.
type trendsJSON struct {
	Transactions      *float64 `json:"transactions"`
	TransactionVolume *float64 `json:"transactionVolume"`
}

// summaryMetrics answers GET /api/metrics: the dashboard's figures computed from the database,
// every one present (zero on an empty database). The spec's four (all-time totals, the volume as
// a formatted string) stay for the clients that read them; month, previousMonth and trends are
// what the cards show: this month so far against the same days of last month, from the
// maintained statistics, with a trend only where last month has something to compare with.
func (s *Server) summaryMetrics(w http.ResponseWriter, r *http.Request) error {
	sum, err := s.store.Summary(r.Context())
	if err != nil {
		return err
	}
	months, err := s.store.MonthToDate(r.Context())
	if err != nil {
		return err
	}
	cur, prev := months.Current, months.Previous
	writeJSON(w, http.StatusOK, summaryMetricsJSON{sum.TotalTransactions, domain.CompactUSD(sum.VolumeUSD), sum.ActivePSPs, sum.ComplianceScore,
		sum.KYCApplications, sum.KYCCompliant, toMonthJSON(cur), toMonthJSON(prev),
		trendsJSON{percentChange(cur.Count(), prev.Count()), percentChange(int64(cur.VolumeUSD()), int64(prev.VolumeUSD()))}})
	return nil
}

// publicSummaryJSON is what the landing page says of the payment system.
type publicSummaryJSON struct {
	AsOf                 time.Time          `json:"asOf"`
	Period               periodJSON         `json:"period"`
	Transactions         int64              `json:"transactions"`
	ByCurrency           []currencyJSON     `json:"byCurrency"`
	PreviousPeriod       previousPeriodJSON `json:"previousPeriod"`
	TransactionGrowth    *float64           `json:"transactionGrowth"`
	LicensedInstitutions map[string]int64   `json:"licensedInstitutions"`
}

// currencyJSON is one currency's transactions over the period.
type currencyJSON struct {
	Currency     string `json:"currency"`
	Transactions int64  `json:"transactions"`
	Value        string `json:"value"`
	DailyAverage string `json:"dailyAverage"`
}

// previousPeriodJSON is the period before, for the growth figure.
type previousPeriodJSON struct {
	periodJSON
	Transactions int64 `json:"transactions"`
}

// publicSummary is GET /api/public/summary: what the landing page says of the payment system, for
// anyone. Every figure comes from the maintained statistics or the register and names the days it
// covers; a currency without transactions says 0 (the page then says there were none), never a
// made-up figure. The same answer is served to everyone for a minute at most (Cache-Control) and
// read from the database at most once a second per instance (store.PublicSummary).
func (s *Server) publicSummary(w http.ResponseWriter, r *http.Request) error {
	if fields := unknownParams(r.URL.Query(), nil); len(fields) > 0 {
		return domain.Invalid(CodeNoParams, fields)
	}
	sum, err := s.store.PublicSummary(r.Context())
	if err != nil {
		return err
	}
	days := int64(sum.Current.Days())
	byCurrency := make([]currencyJSON, 0, len(currencies))
	for _, c := range currencies {
		t := sum.Current.ByCurrency[domain.Currency(c)]
		byCurrency = append(byCurrency, currencyJSON{c, t.Count, t.Amount.String(), ((t.Amount*2 + domain.Minor(days)) / domain.Minor(2*days)).String()})
	}
	licensed := map[string]int64{"total": 0}
	for kind, n := range sum.LicensedInstitutions {
		licensed[kind] = n
		licensed["total"] += n
	}
	w.Header().Set("Cache-Control", "public, max-age=60")
	writeJSON(w, http.StatusOK, publicSummaryJSON{sum.AsOf, toPeriodJSON(sum.Current.Period), sum.Current.Count(), byCurrency,
		previousPeriodJSON{toPeriodJSON(sum.Previous.Period), sum.Previous.Count()},
		percentChange(sum.Current.Count(), sum.Previous.Count()), licensed})
	return nil
}
