package domain

import (
	"testing"
	"time"
)

func TestMonthToDate(t *testing.T) {
	day := func(s string) time.Time {
		d, err := time.Parse("2006-01-02", s)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	for _, c := range []struct{ now, cur0, cur1, prev0, prev1 string }{
		{"2026-11-24", "2026-11-01", "2026-11-24", "2026-10-01", "2026-10-24"},
		{"2026-11-01", "2026-11-01", "2026-11-01", "2026-10-01", "2026-10-01"},
		{"2026-12-31", "2026-12-01", "2026-12-31", "2026-11-01", "2026-11-30"},
		{"2026-03-30", "2026-03-01", "2026-03-30", "2026-02-01", "2026-02-28"},
		{"2027-01-15", "2027-01-01", "2027-01-15", "2026-12-01", "2026-12-15"},
	} {
		cur, prev := MonthToDate(day(c.now).Add(23*time.Hour + 59*time.Minute))
		if !cur.First.Equal(day(c.cur0)) || !cur.Last.Equal(day(c.cur1)) || !prev.First.Equal(day(c.prev0)) || !prev.Last.Equal(day(c.prev1)) {
			t.Errorf("%s: %v and %v", c.now, cur, prev)
		}
	}
}

func TestLastDays(t *testing.T) {
	now := time.Date(2026, 11, 24, 6, 0, 0, 0, time.UTC)
	cur, prev := LastDays(now, 30)
	if cur.Days() != 30 || prev.Days() != 30 || cur.First.Format(time.DateOnly) != "2026-10-26" ||
		prev.Last.Format(time.DateOnly) != "2026-10-25" || cur.End().Format(time.DateOnly) != "2026-11-25" {
		t.Errorf("last 30 days of %v: %v, before them %v", now, cur, prev)
	}
}

func TestPercentChange(t *testing.T) {
	for _, c := range []struct {
		cur, prev int64
		want      float64
		ok        bool
	}{
		{120, 100, 20, true}, {100, 120, -16.7, true}, {0, 50, -100, true}, {50, 50, 0, true},
		{7, 0, 0, false}, {0, 0, 0, false}, {1, 3, -66.7, true},
	} {
		if got, ok := PercentChange(c.cur, c.prev); got != c.want || ok != c.ok {
			t.Errorf("PercentChange(%d, %d) = %v, %v; want %v, %v", c.cur, c.prev, got, ok, c.want, c.ok)
		}
	}
}
