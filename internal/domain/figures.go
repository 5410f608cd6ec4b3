package domain

import (
	"math"
	"time"
)

// Period is a span of whole UTC days, its first and last day included. The statistics are kept
// per UTC day, so every figure computed from them covers whole UTC days and says which.
type Period struct {
	First, Last time.Time // midnight UTC of the first and of the last day
}

// Days is the number of days the period covers.
func (p Period) Days() int { return int(p.Last.Sub(p.First)/(24*time.Hour)) + 1 }

// End is the midnight after the last day, the exclusive bound a query takes.
func (p Period) End() time.Time { return p.Last.AddDate(0, 0, 1) }

// Day is t's UTC day at midnight.
func Day(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// MonthToDate is this month up to today and the same days of last month: on 24 November, 1-24
// November against 1-24 October. Comparing a month still under way with a whole month would show
// every month falling until its last day; on the 31st against a 30-day month the comparison
// stops at the 30th.
func MonthToDate(now time.Time) (current, previous Period) {
	today := Day(now)
	first := today.AddDate(0, 0, 1-today.Day())
	prevFirst := first.AddDate(0, -1, 0)
	prevLast := prevFirst.AddDate(0, 0, min(today.Day(), first.AddDate(0, 0, -1).Day())-1)
	return Period{first, today}, Period{prevFirst, prevLast}
}

// LastDays is the n days ending today and the n days before them.
func LastDays(now time.Time, n int) (current, previous Period) {
	today := Day(now)
	first := today.AddDate(0, 0, 1-n)
	return Period{first, today}, Period{first.AddDate(0, 0, -n), first.AddDate(0, 0, -1)}
}

// PercentChange is the change from previous to current in percent, rounded to one decimal. There
// is no change to tell (ok false) when previous is zero: growth from nothing is not a figure, and
// a period without data must not read as "+0%".
func PercentChange(current, previous int64) (pct float64, ok bool) {
	if previous <= 0 {
		return 0, false
	}
	return math.Round(float64(current-previous)*1000/float64(previous)) / 10, true
}
