package domain

import (
	"encoding/json"
	"testing"
)

// TestApplicationVectors runs the shared vectors of testdata/institution_application.json; the
// web tests run the same file, so browser and server agree on every rule and message.
func TestApplicationVectors(t *testing.T) {
	for _, c := range loadVectors(t, "institution_application.json", "valid") {
		t.Run(c.Name, func(t *testing.T) {
			var a ApplicationInput
			if err := json.Unmarshal(c.Input, &a); err != nil {
				t.Fatal(err)
			}
			expectFields(t, a.Validate(), c.Fields)
		})
	}
}

func TestReviewNotes(t *testing.T) {
	s := func(v string) *string { return &v }
	if n, err := ReviewNotes(ApplicationApproved, nil); err != nil || n != "" {
		t.Fatalf("approve without notes: %q %v", n, err)
	}
	if n, _ := ReviewNotes(ApplicationApproved, s("  fine  ")); n != "fine" {
		t.Fatalf("notes not trimmed: %q", n)
	}
	for _, notes := range []*string{nil, s(""), s("   ")} {
		if _, err := ReviewNotes(ApplicationRejected, notes); ErrorCode(err) != EINVALID {
			t.Fatalf("rejection without a reason accepted: %v", err)
		}
	}
}

func TestLicenseTransitions(t *testing.T) {
	tests := []struct {
		action, from string
		ok           bool
		to           string
	}{
		{"suspend", LicenseActive, true, LicenseSuspended},
		{"suspend", LicenseSuspended, false, ""},
		{"reinstate", LicenseSuspended, true, LicenseActive},
		{"reinstate", LicenseActive, false, ""},
		{"revoke", LicenseActive, true, LicenseRevoked},
		{"revoke", LicenseSuspended, true, LicenseRevoked},
		{"revoke", LicenseRevoked, false, ""},
		{"reinstate", LicenseRevoked, false, ""},
	}
	for _, tt := range tests {
		from, to, err := LicenseTransition(tt.action)
		if err != nil {
			t.Fatal(err)
		}
		allowed := false
		for _, f := range from {
			allowed = allowed || f == tt.from
		}
		if allowed != tt.ok || (tt.ok && to != tt.to) {
			t.Errorf("%s from %s: allowed %v to %s; want %v %s", tt.action, tt.from, allowed, to, tt.ok, tt.to)
		}
	}
	if _, _, err := LicenseTransition("delete"); ErrorCode(err) != EINVALID {
		t.Error("unknown action accepted")
	}
}

func TestValidPhone(t *testing.T) {
	for s, want := range map[string]bool{"+252 63 4123456": true, "0634123456": true, "+1-202-555-0199": true,
		"12345": false, "+252 63 412345678901234": false, "phone": false, "+-1234567": false} {
		if got := ValidPhone(s); got != want {
			t.Errorf("ValidPhone(%q) = %v", s, got)
		}
	}
}
