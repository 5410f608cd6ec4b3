package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/kormeer/kormeer/internal/domain"
)

// Totals are the transactions of a period in one currency, from the maintained statistics
// (transaction_stats: every transaction recorded, whatever its status, counted on its UTC day).
type Totals struct {
	Count    int64
	Amount   domain.Minor
	HighRisk int64
}

// PeriodTotals are a period's totals per currency; a currency without transactions is absent.
type PeriodTotals struct {
	domain.Period
	ByCurrency map[domain.Currency]Totals
}

// Count is the period's transactions in every currency.
func (p PeriodTotals) Count() (n int64) {
	for _, t := range p.ByCurrency {
		n += t.Count
	}
	return n
}

// HighRisk is the period's high-risk transactions in every currency.
func (p PeriodTotals) HighRisk() (n int64) {
	for _, t := range p.ByCurrency {
		n += t.HighRisk
	}
	return n
}

// VolumeUSD is the period's value in US dollars, shillings converted at the fixed rate.
func (p PeriodTotals) VolumeUSD() (v domain.Minor) {
	for cur, t := range p.ByCurrency {
		v += domain.USDMinor(t.Amount, cur)
	}
	return v
}

// periodTotals sums the statistics of each period per currency, in one query over the days the
// periods span: a few rows per day, however many transactions there were.
func (s *Store) periodTotals(ctx context.Context, periods ...domain.Period) ([]PeriodTotals, error) {
	out := make([]PeriodTotals, len(periods))
	from, to := periods[0].First, periods[0].End()
	for i, p := range periods {
		out[i] = PeriodTotals{Period: p, ByCurrency: map[domain.Currency]Totals{}}
		from, to = minTime(from, p.First), maxTime(to, p.End())
	}
	rows, err := s.db.QueryContext(ctx, `SELECT day, currency, SUM(tx_count), SUM(amount_minor), SUM(high_risk)
		FROM transaction_stats WHERE day >= $1 AND day < $2 GROUP BY day, currency`,
		from.Format(time.DateOnly), to.Format(time.DateOnly))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var day, cur string
		var n, amount, high int64
		if err := rows.Scan(&day, &cur, &n, &amount, &high); err != nil {
			return nil, err
		}
		d, err := time.Parse(time.DateOnly, day)
		if err != nil {
			return nil, fmt.Errorf("statistics day %q: %w", day, err)
		}
		for _, p := range out {
			if !d.Before(p.First) && !d.After(p.Last) {
				t := p.ByCurrency[domain.Currency(cur)]
				t.Count, t.Amount, t.HighRisk = t.Count+n, t.Amount+domain.Minor(amount), t.HighRisk+high
				p.ByCurrency[domain.Currency(cur)] = t
			}
		}
	}
	return out, rows.Err()
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// MonthComparison is this month so far and the same days of last month (domain.MonthToDate),
// from which the dashboard's trends are computed.
type MonthComparison struct {
	Current, Previous PeriodTotals
}

// MonthToDate reads this month's and last month's comparable totals.
func (s *Store) MonthToDate(ctx context.Context) (_ MonthComparison, err error) {
	defer wrap(&err, "read month to date")
	cur, prev := domain.MonthToDate(s.Now())
	p, err := s.periodTotals(ctx, cur, prev)
	if err != nil {
		return MonthComparison{}, err
	}
	return MonthComparison{Current: p[0], Previous: p[1]}, nil
}

// publicSummaryDays is the period the public summary covers.
const publicSummaryDays = 30

// PublicSummary is what the public landing page may say of the payment system: national totals
// of the last 30 days and of the 30 before (for the growth), and the institutions licensed now.
// Nothing in it names or singles out an institution or a person.
type PublicSummary struct {
	AsOf                 time.Time
	Current, Previous    PeriodTotals
	LicensedInstitutions map[string]int64 // per kind (psp, mno, bank), every kind present
}

// PublicSummary computes the public summary. Anyone may ask for it, so it is read at most once
// per readCacheTTL per instance however many visitors arrive.
func (s *Store) PublicSummary(ctx context.Context) (_ PublicSummary, err error) {
	defer wrap(&err, "read public summary")
	return cachedRead(ctx, s, "public-summary", func(ctx context.Context) (PublicSummary, error) {
		now := s.Now()
		cur, prev := domain.LastDays(now, publicSummaryDays)
		p, err := s.periodTotals(ctx, cur, prev)
		if err != nil {
			return PublicSummary{}, err
		}
		licensed, err := s.licensedCounts(ctx, now)
		if err != nil {
			return PublicSummary{}, err
		}
		return PublicSummary{AsOf: now, Current: p[0], Previous: p[1], LicensedInstitutions: licensed}, nil
	})
}

// licensedNow is the condition on an institution's table for "licensed today" ($1 is now): the
// public register lists exactly these, and the figures that count licensed institutions count
// them, so the two always agree.
const licensedNow = `license_status = 'active' AND is_active AND (license_expires_at IS NULL OR license_expires_at > $1)`

// licensedCounts counts the institutions licensed now, per kind.
func (s *Store) licensedCounts(ctx context.Context, now time.Time) (map[string]int64, error) {
	kinds := []string{"psp", "mno", "bank"}
	parts := make([]string, len(kinds))
	for i, kind := range kinds {
		parts[i] = fmt.Sprintf(`(SELECT COUNT(*) FROM %s WHERE %s)`, institutionTables[kind], licensedNow)
	}
	counts := make([]int64, len(kinds))
	dest := make([]any, len(kinds))
	for i := range counts {
		dest[i] = &counts[i]
	}
	if err := s.db.QueryRowContext(ctx, `SELECT `+strings.Join(parts, ", "), ts(now)).Scan(dest...); err != nil {
		return nil, err
	}
	out := make(map[string]int64, len(kinds))
	for i, kind := range kinds {
		out[kind] = counts[i]
	}
	return out, nil
}
