package cputime

import (
	"slices"
	"time"
)

// Reporter is what a benchmark reports its own metrics to (*testing.B).
type Reporter interface {
	ReportMetric(n float64, unit string)
}

// ReportPercentiles reports the median and 99th percentile of the durations, in microseconds, as
// "<unit>-p50-µs" and "<unit>-p99-µs". It sorts d. Nothing is reported for no durations.
func ReportPercentiles(r Reporter, unit string, d []time.Duration) {
	if len(d) == 0 {
		return
	}
	slices.Sort(d)
	r.ReportMetric(float64(d[len(d)/2].Nanoseconds())/1000, unit+"-p50-µs")
	r.ReportMetric(float64(d[len(d)*99/100].Nanoseconds())/1000, unit+"-p99-µs")
}
