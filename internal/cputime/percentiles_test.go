package cputime

import (
	"testing"
	"time"
)

type metrics map[string]float64

func (m metrics) ReportMetric(n float64, unit string) { m[unit] = n }

func TestReportPercentiles(t *testing.T) {
	d := make([]time.Duration, 0, 200)
	for i := 200; i > 0; i-- { // unsorted on purpose
		d = append(d, time.Duration(i)*time.Microsecond)
	}
	m := metrics{}
	ReportPercentiles(m, "wall", d)
	if m["wall-p50-µs"] != 101 || m["wall-p99-µs"] != 199 {
		t.Fatalf("percentiles: %v", m)
	}
	empty := metrics{}
	ReportPercentiles(empty, "wall", nil)
	if len(empty) != 0 {
		t.Fatalf("reported for no durations: %v", empty)
	}
}
