package domain

import (
	"strings"
	"testing"
	"time"
)

func TestParseAlertDeadlines(t *testing.T) {
	day := 24 * time.Hour
	got, err := ParseAlertDeadlines(DefaultAlertDeadlines)
	if err != nil {
		t.Fatal(err)
	}
	want := AlertDeadlines{"critical": day, "high": 3 * day, "medium": 7 * day, "low": 30 * day}
	for sev, d := range want {
		if got[sev] != d {
			t.Errorf("default %s = %v, want %v", sev, got[sev], d)
		}
	}
	if got, err := ParseAlertDeadlines(" low = 90m , medium=2d,high=36h,critical=1h30m "); err != nil ||
		got["low"] != 90*time.Minute || got["medium"] != 2*day || got["high"] != 36*time.Hour || got["critical"] != 90*time.Minute {
		t.Errorf("spaced setting = %v, %v", got, err)
	}
	for _, tc := range []struct{ in, want string }{
		{"", "severity=duration"},
		{"critical=24h,high=72h,medium=7d", "no deadline for low"},
		{"critical=24h,high=72h,medium=7d,low=30d,urgent=1h", "unknown severity"},
		{"critical=24h,critical=12h,high=72h,medium=7d,low=30d", "given twice"},
		{"critical=soon,high=72h,medium=7d,low=30d", "critical: want a duration"},
		{"critical=0h,high=72h,medium=7d,low=30d", "from 1m"},
		{"critical=-2h,high=72h,medium=7d,low=30d", "from 1m"},
		{"critical=24h,high=72h,medium=7d,low=400d", "from 1m"},
		{"critical=24h,high=72h,medium=xd,low=30d", "medium: want a duration"},
		{"critical24h,high=72h,medium=7d,low=30d", "severity=duration"},
	} {
		if _, err := ParseAlertDeadlines(tc.in); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseAlertDeadlines(%q) = %v, want an error containing %q", tc.in, err, tc.want)
		}
	}
}
