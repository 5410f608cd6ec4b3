package domain

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// AlertSeverities are the severities of an AML alert, least urgent first.
var AlertSeverities = []string{"low", "medium", "high", "critical"}

// AlertDeadlines is how long an AML alert of each severity may stay open or under investigation
// before its case is overdue (issue 16: handling deadlines against which the queue shows each
// case's age and the dashboard counts the overdue ones).
type AlertDeadlines map[string]time.Duration

// DefaultAlertDeadlines are the handling deadlines when none are configured: a critical alert
// within a day, a high one within three days, a medium one within a week, a low one within a
// month.
const DefaultAlertDeadlines = "critical=24h,high=72h,medium=7d,low=30d"

// ParseAlertDeadlines reads "severity=duration" pairs separated by commas, such as
// DefaultAlertDeadlines. Durations are Go durations ("36h", "90m") or whole days ("7d"). Every
// severity must be given exactly once and each deadline must be positive, so that a typo in the
// setting stops the server at start-up instead of silently leaving cases without a deadline.
func ParseAlertDeadlines(s string) (AlertDeadlines, error) {
	out := AlertDeadlines{}
	for _, pair := range strings.Split(s, ",") {
		sev, v, ok := strings.Cut(strings.TrimSpace(pair), "=")
		sev, v = strings.TrimSpace(sev), strings.TrimSpace(v)
		if !ok || sev == "" || v == "" {
			return nil, fmt.Errorf("want severity=duration pairs such as %q, got %q", DefaultAlertDeadlines, pair)
		}
		if !slices.Contains(AlertSeverities, sev) {
			return nil, fmt.Errorf("unknown severity %q (want %s)", sev, strings.Join(AlertSeverities, ", "))
		}
		if _, dup := out[sev]; dup {
			return nil, fmt.Errorf("severity %q is given twice", sev)
		}
		d, err := parseDeadline(v)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", sev, err)
		}
		out[sev] = d
	}
	for _, sev := range AlertSeverities {
		if _, ok := out[sev]; !ok {
			return nil, fmt.Errorf("no deadline for %s alerts", sev)
		}
	}
	return out, nil
}

// maxDeadline keeps a deadline's due time representable (a year of days is more than any
// supervisor would allow a case).
const maxDeadline = 366 * 24 * time.Hour

func parseDeadline(v string) (time.Duration, error) {
	var d time.Duration
	if days, ok := strings.CutSuffix(v, "d"); ok {
		n, err := strconv.Atoi(days)
		if err != nil {
			return 0, fmt.Errorf("want a duration such as 24h or 7d, got %q", v)
		}
		d = time.Duration(n) * 24 * time.Hour
	} else {
		var err error
		if d, err = time.ParseDuration(v); err != nil {
			return 0, fmt.Errorf("want a duration such as 24h or 7d, got %q", v)
		}
	}
	if d < time.Minute || d > maxDeadline {
		return 0, fmt.Errorf("want a deadline from 1m to 366d, got %q", v)
	}
	return d, nil
}

// ParseAlertAge reads an alert's age for the queue's "older than" filter, written as a deadline
// is ("24h", "7d").
func ParseAlertAge(v string) (time.Duration, error) { return parseDeadline(v) }

// MustAlertDeadlines parses a deadline setting known to be valid (the default, tests' fixtures).
func MustAlertDeadlines(s string) AlertDeadlines {
	d, err := ParseAlertDeadlines(s)
	if err != nil {
		panic(err)
	}
	return d
}

// IsOpenCase reports whether an AML alert in status still awaits handling, so that its deadline
// runs: open or under investigation.
func IsOpenCase(status string) bool { return status == "open" || status == "investigating" }
