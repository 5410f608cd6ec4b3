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
		{"en", []string{"non-compliant", "Reason: Overdue alerts"}, []string{"Sababta", "Motif"}},
		{"so", []string{"aan u hoggaansanayn", "Sababta: Overdue alerts"}, []string{"Reason:", "Motif"}},
		{"fr", []string{"de « conforme » à « non conforme »", "Motif : Overdue alerts"}, []string{"Reason:", "Sababta"}},
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
		if c.notes != "" && !strings.Contains(n.Fr.Body, "Notes de l'examinateur : "+c.notes) {
			t.Errorf("%s: French lacks the notes: %s", c.decision, n.Fr.Body)
		}
		if wantFr := map[string]string{ApplicationApproved: "approuvée", ApplicationRejected: "rejetée"}[c.decision]; !strings.Contains(n.Fr.Subject, wantFr) {
			t.Errorf("%s: French subject %q", c.decision, n.Fr.Subject)
		}
	}
}

// TestEveryNoticeIsInEveryLanguage: no notice leaves a language empty, so a person who chose it
// never gets a blank e-mail or alert.
func TestEveryNoticeIsInEveryLanguage(t *testing.T) {
	for name, n := range map[string]Notice{
		"received":   ApplicationReceivedNotice("Hormuud", "CB-MNO-1"),
		"approved":   ApplicationDecidedNotice("Hormuud", ApplicationApproved, ""),
		"rejected":   ApplicationDecidedNotice("Hormuud", ApplicationRejected, "Capital too low"),
		"licence":    LicenseChangedNotice("Zaad Pay", LicenseSuspended, "Audit"),
		"compliance": ComplianceChangedNotice("Zaad Pay", ComplianceCompliant, ComplianceUnderReview, "Audit"),
	} {
		for _, lang := range Languages {
			if got := n.In(lang); got.Subject == "" || got.Body == "" || !strings.Contains(got.Subject, "Hormuud") && !strings.Contains(got.Subject, "Zaad Pay") {
				t.Errorf("%s in %s: %+v", name, lang, got)
			}
		}
	}
}
