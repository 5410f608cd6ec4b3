package domain

import (
	"strings"
	"testing"
)

func TestNoticeLanguages(t *testing.T) {
	n := ComplianceChangedNotice("Zaad Pay", ComplianceCompliant, ComplianceNonCompliant, "Overdue alerts")
	for _, c := range []struct {
		lang      string
		want, not []string
	}{
		{"en", []string{"non-compliant", "Reason: Overdue alerts"}, []string{"Sababta"}},
		{"so", []string{"aan u hoggaansanayn", "Sababta: Overdue alerts"}, []string{"Reason:"}},
		{"", []string{"Reason: Overdue alerts", "Sababta: Overdue alerts"}, nil},
	} {
		got := n.In(c.lang)
		for _, w := range c.want {
			if !strings.Contains(got.Body, w) {
				t.Errorf("%q body lacks %q: %s", c.lang, w, got.Body)
			}
		}
		for _, w := range c.not {
			if strings.Contains(got.Body, w) {
				t.Errorf("%q body has %q: %s", c.lang, w, got.Body)
			}
		}
	}
	if s := n.In("").Subject; !strings.Contains(s, "Compliance status") || !strings.Contains(s, "u hoggaansanaanta") {
		t.Errorf("a notice with no known language has subject %q, want both languages", s)
	}
}

func TestApplicationDecidedNotice(t *testing.T) {
	for _, c := range []struct {
		decision, notes string
		want            []string
	}{
		{ApplicationApproved, "", []string{"approved"}},
		{ApplicationApproved, "Welcome", []string{"approved", "Reviewer's notes: Welcome"}},
		{ApplicationRejected, "Capital too low", []string{"rejected", "Reviewer's notes: Capital too low"}},
	} {
		n := ApplicationDecidedNotice("Hormuud", c.decision, c.notes)
		for _, w := range c.want {
			if !strings.Contains(n.En.Subject+n.En.Body, w) {
				t.Errorf("%s: English lacks %q", c.decision, w)
			}
		}
		if c.notes != "" && !strings.Contains(n.So.Body, c.notes) {
			t.Errorf("%s: Somali lacks the notes", c.decision)
		}
	}
}
