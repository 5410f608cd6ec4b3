package domain

import "testing"

func TestComplianceTransition(t *testing.T) {
	for _, c := range []struct {
		from, to string
		code     string
	}{
		{ComplianceCompliant, ComplianceUnderReview, ""},
		{ComplianceCompliant, ComplianceNonCompliant, ""},
		{ComplianceUnderReview, ComplianceCompliant, ""},
		{ComplianceNonCompliant, ComplianceCompliant, ""},
		{CompliancePending, ComplianceCompliant, ""},
		{ComplianceCompliant, ComplianceCompliant, ECONFLICT},
		{ComplianceUnderReview, ComplianceUnderReview, ECONFLICT},
		{ComplianceCompliant, CompliancePending, EINVALID},
		{ComplianceCompliant, "suspended", EINVALID},
		{ComplianceCompliant, "", EINVALID},
	} {
		err := ComplianceTransition(c.from, c.to)
		if got := ErrorCode(err); (err == nil) != (c.code == "") || (err != nil && got != c.code) {
			t.Errorf("%s → %s: got %v (%s), want code %q", c.from, c.to, err, got, c.code)
		}
	}
}

func TestComplianceReason(t *testing.T) {
	for _, c := range []struct {
		in, want string
		ok       bool
	}{
		{"  Audit found gaps  ", "Audit found gaps", true},
		{"", "", false},
		{"   ", "", false},
		{string(make([]rune, 2001)), "", false},
	} {
		got, err := ComplianceReason(c.in)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("ComplianceReason(%q) = %q, %v; want %q, ok %v", c.in, got, err, c.want, c.ok)
		}
	}
}

func TestProposeCompliance(t *testing.T) {
	for _, c := range []struct {
		name    string
		current string
		facts   ComplianceFacts
		want    string
	}{
		{"no facts", ComplianceCompliant, ComplianceFacts{}, ""},
		{"audit finding", ComplianceCompliant, ComplianceFacts{AuditFindings: []string{"AML gaps"}}, ComplianceUnderReview},
		{"audit finding on a pending institution", CompliancePending, ComplianceFacts{AuditFindings: []string{"x"}}, ComplianceUnderReview},
		{"audit finding already under review", ComplianceUnderReview, ComplianceFacts{AuditFindings: []string{"x"}}, ""},
		{"KYC rejections below the threshold", ComplianceCompliant, ComplianceFacts{KYCRejections: KYCRejectionThreshold - 1}, ""},
		{"KYC rejections at the threshold", ComplianceCompliant, ComplianceFacts{KYCRejections: KYCRejectionThreshold}, ComplianceUnderReview},
		{"overdue critical alert", ComplianceCompliant, ComplianceFacts{OverdueCriticalAlerts: 1}, ComplianceNonCompliant},
		{"overdue critical alert under review", ComplianceUnderReview, ComplianceFacts{OverdueCriticalAlerts: 2}, ComplianceNonCompliant},
		{"never proposes a better status", ComplianceNonCompliant, ComplianceFacts{AuditFindings: []string{"x"}}, ""},
		{"already non-compliant", ComplianceNonCompliant, ComplianceFacts{OverdueCriticalAlerts: 1}, ""},
	} {
		if got := ProposeCompliance(c.current, c.facts); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}
