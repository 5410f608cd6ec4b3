package domain

import (
	"errors"
	"testing"
)

// TestCaseTransition walks every action (and closing outcome) from every status: which statuses
// an action may leave, where it leads, and whether it assigns.
func TestCaseTransition(t *testing.T) {
	type want struct {
		allowed []string // the statuses the action may leave from
		to      string   // "" keeps the status
		assigns bool
	}
	cases := map[[2]string]want{
		{CaseAssign, ""}:                      {[]string{AlertOpen, AlertInvestigating}, "", true},
		{CaseInvestigate, ""}:                 {[]string{AlertOpen}, AlertInvestigating, true},
		{CaseNote, ""}:                        {AlertStatuses, "", false},
		{CaseResolve, ""}:                     {[]string{AlertOpen}, AlertResolved, false},
		{CaseClose, AlertResolved}:            {[]string{AlertOpen, AlertInvestigating}, AlertResolved, false},
		{CaseClose, AlertFalsePositive}:       {[]string{AlertOpen, AlertInvestigating}, AlertFalsePositive, false},
		{CaseResolve, AlertFalsePositive}:     {[]string{AlertOpen}, AlertResolved, false}, // outcome only for close
		{CaseInvestigate, AlertFalsePositive}: {[]string{AlertOpen}, AlertInvestigating, true},
	}
	for key, w := range cases {
		step, err := CaseTransition(key[0], key[1])
		if err != nil {
			t.Fatalf("%v: %v", key, err)
		}
		if step.To != w.to || step.Assigns != w.assigns {
			t.Errorf("%v: to %q assigns %v, want %q %v", key, step.To, step.Assigns, w.to, w.assigns)
		}
		for _, st := range AlertStatuses {
			allowed := false
			for _, a := range w.allowed {
				allowed = allowed || a == st
			}
			if step.Allows(st) != allowed {
				t.Errorf("%v from %q: allowed %v, want %v", key, st, step.Allows(st), allowed)
			}
			if want := map[bool]string{true: w.to, false: st}[w.to != ""]; allowed && step.Next(st) != want {
				t.Errorf("%v from %q: next %q, want %q", key, st, step.Next(st), want)
			}
		}
	}
}

func TestCaseTransitionRefuses(t *testing.T) {
	for _, c := range []struct{ action, outcome, field string }{
		{"escalate", "", "action"},
		{"", "", "action"},
		{CaseClose, "", "outcome"},
		{CaseClose, AlertOpen, "outcome"},
		{CaseClose, AlertInvestigating, "outcome"},
	} {
		_, err := CaseTransition(c.action, c.outcome)
		var e *Error
		if !errors.As(err, &e) || e.Code != EINVALID {
			t.Fatalf("%q/%q: %v, want EINVALID", c.action, c.outcome, err)
		}
		if _, ok := e.Fields[c.field]; !ok {
			t.Errorf("%q/%q: fields %v, want %q", c.action, c.outcome, e.Fields, c.field)
		}
	}
}

func TestAlertClosed(t *testing.T) {
	for st, want := range map[string]bool{AlertOpen: false, AlertInvestigating: false, AlertResolved: true, AlertFalsePositive: true} {
		if AlertClosed(st) != want {
			t.Errorf("AlertClosed(%q) = %v", st, !want)
		}
	}
}
