package domain

import "testing"

func TestSeverityRank(t *testing.T) {
	for i, sev := range AlertSeverities {
		if got := SeverityRank(sev); got != i {
			t.Errorf("SeverityRank(%q) = %d, want %d (its place in AlertSeverities)", sev, got, i)
		}
	}
	if got := SeverityRank("unknown"); got != 0 {
		t.Errorf("SeverityRank(unknown) = %d, want 0", got)
	}
}

func TestNoticeSeverity(t *testing.T) {
	for typ, want := range map[string]string{NoticeCritical: "critical", NoticeWarning: "medium", NoticeInfo: "low", "": "low", "other": "low"} {
		if got := NoticeSeverity(typ); got != want {
			t.Errorf("NoticeSeverity(%q) = %q, want %q", typ, got, want)
		}
	}
}

// TestAlertSeverity: a high-risk result's alert is critical from the thresholds' CriticalAt, high
// below it.
func TestAlertSeverityByScore(t *testing.T) {
	th := DefaultAMLThresholds()
	for score, want := range map[int]string{th.HighAt: "high", th.CriticalAt - 1: "high", th.CriticalAt: "critical", 100: "critical"} {
		if got := (AMLResult{Score: score, Level: "high"}).AlertSeverity(th); got != want {
			t.Errorf("score %d: %q, want %q", score, got, want)
		}
	}
}
